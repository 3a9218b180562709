import negotiate from '@fastify/accept-negotiator';
import { boardSvg, loggedMoveLabel, moveLabels, type Lang } from '../board/index.js';
import type { Json, Outcome } from '../engine/index.js';
import { AppError } from './errors.js';
import type { GameRegistry } from '../games/registry.js';
import type { GamePort } from './game-port.js';
import { hiddenFromSpectators } from './use-cases/spectating.js';

/**
 * The label language for an Accept-Language header: French when the client prefers it to English,
 * else English. Regional tags count as their language (fr-CA is French).
 */
export function pictureLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'en';
  const primary = acceptLanguage
    .split(',')
    .map((part) => part.trim().replace(/^([A-Za-z]+)-[^;]*/, '$1'))
    .join(',');
  return negotiate(primary, ['en', 'fr']) === 'fr' ? 'fr' : 'en';
}

/**
 * The board picture of a game as the token's seat (or a spectator) saw it at version `at` (now,
 * when absent). It is drawn from the same filtered view GET /games/{id} and /replay answer, so it
 * shows nothing that view hides. Now (not in a replay), a seat that must act gets its legal moves
 * marked on the picture (`data-notations` on the elements they are played on). `seat`: as that seat
 * saw it, the token's own seat, or any seat of a finished game that reveals (its answer's `revealed`).
 * A spectator of a game hidden until its end gets no picture (403).
 */
export async function boardPicture(
  service: GamePort,
  gameId: string,
  token: string | undefined,
  at: number | undefined,
  lang: Lang,
  seat?: number,
): Promise<string> {
  const g = at === undefined ? await service.getGame(gameId, token) : await service.replay(gameId, token, at);
  const picture = service.registry.plugin(g.type)?.picture;
  if (!picture) throw AppError.of('NOT_FOUND', 'NOT_FOUND.boardPicture', { type: g.type });
  if (g.view === undefined) throw hiddenFromSpectators();
  let view: Json = g.view;
  let viewerSeat = g.viewer.seat;
  if (seat !== undefined && seat !== g.viewer.seat) {
    const open = g.revealed?.[seat];
    if (open === undefined) throw AppError.of('FORBIDDEN', 'FORBIDDEN.gifSeat', { seat });
    view = open;
    viewerSeat = seat;
  }
  let moves: { move: Json; notation: string }[] = [];
  if (
    at === undefined &&
    viewerSeat === g.viewer.seat &&
    g.viewer.seat !== null &&
    g.status === 'active' &&
    g.toMove.includes(g.viewer.seat)
  ) {
    const lm = await service.legalMoves(gameId, token);
    // Marked only when both answers describe the same version (a move may land in between).
    if (lm.version === g.version) moves = lm.moves.map((move, i) => ({ move, notation: lm.notations[i]! }));
  }
  return boardSvg(
    {
      type: g.type,
      version: g.version,
      toMove: g.toMove,
      players: g.players,
      view,
      outcome: (g.outcome as Outcome | undefined) ?? null,
      viewerSeat,
      moves,
    },
    lang,
    picture,
  );
}

/** A legal-moves answer with each move in words (`labels`), for `include=labels`, by the picture of the game's plug-in in `registry`. */
export function withLabels<T extends { type: string; seat: number; moves: Json[]; view?: Json }>(
  registry: GameRegistry,
  answer: T,
  lang: Lang,
): Omit<T, 'view'> & { labels: string[] } {
  const { view, ...rest } = answer;
  return { ...rest, labels: moveLabels(answer.type, wordsOf(registry, answer.type), answer.moves, answer.seat, view ?? null, lang) };
}

/** An event-log page with each move in words (`label`), for `include=labels`. */
export function logWithLabels<T extends { type: string; moves: { seat: number; move: Json | null; events: Json[] }[] }>(
  registry: GameRegistry,
  page: T,
  lang: Lang,
): T {
  const picture = wordsOf(registry, page.type);
  return { ...page, moves: page.moves.map((m) => ({ ...m, label: loggedMoveLabel(page.type, picture, m.move, m.seat, m.events, lang) })) };
}

/** The picture that puts a game's moves in words: a game whose plug-in has none refuses `include=labels` (400). */
function wordsOf(registry: GameRegistry, type: string) {
  const picture = registry.plugin(type)?.picture;
  if (!picture) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.noMoveWords', { type });
  return picture;
}
