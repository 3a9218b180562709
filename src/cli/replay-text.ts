import { IntlMessageFormat } from 'intl-messageformat';
import type { AnyRecord } from '../app/text-record.js';
import { boardSvg, moveLabels } from '../board/index.js';
import type { AnyGame, Json, Move, Outcome, Seat } from '../engine/index.js';
import { formatMove, notationsOf } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';

/** The CLI's own sentences, by id, in English and French (ICU MessageFormat). */
const WORDS = {
  en: {
    header: '{game} ({type}, engine {engine}): move {version} of {total}',
    start: '{game} ({type}, engine {engine}): the start, before move 1 of {total}',
    last: 'Last move: {n}. {name}: {words}',
    resigns: 'resigns',
    toMove: 'To move: {names}',
    result: 'Result: {scores}. {winners, plural, one {Winner} other {Winners}}: {names}.',
    legal: 'Legal moves of {name} ({count}):',
    board: 'The board, as {who} sees it:',
    spectator: 'a spectator',
    log: 'Log:',
    noMoves: '(no move yet)',
    logLine: '{n}. {name}: {words}',
    written: 'Board picture written to {path}',
    hint:
      'Add --seat S to see the board as seat S does (its hidden cards, its legal moves), --svg ' +
      'out.svg for the picture, --json for the view as JSON.',
  },
  fr: {
    header: '{game} ({type}, moteur {engine}) : coup {version} sur {total}',
    start: '{game} ({type}, moteur {engine}) : le début, avant le coup 1 sur {total}',
    last: 'Dernier coup : {n}. {name} : {words}',
    resigns: 'abandonne',
    toMove: 'Au tour de : {names}',
    result: 'Résultat : {scores}. {winners, plural, one {Gagnant} other {Gagnants}} : {names}.',
    legal: 'Coups possibles de {name} ({count}) :',
    board: 'Le plateau, tel que le voit {who} :',
    spectator: 'un spectateur',
    log: 'Historique :',
    noMoves: '(aucun coup encore)',
    logLine: '{n}. {name} : {words}',
    written: 'Image du plateau écrite dans {path}',
    hint:
      'Ajoutez --seat S pour voir le plateau comme la place S (ses cartes cachées, ses coups ' +
      "possibles), --svg plateau.svg pour l'image, --json pour la vue en JSON.",
  },
} as const;

export type CliLanguage = keyof typeof WORDS;
type WordId = keyof (typeof WORDS)['en'];

export function say(lang: CliLanguage, id: WordId, values: Record<string, string | number> = {}): string {
  return String(new IntlMessageFormat(WORDS[lang][id], lang).format(values));
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The board in words: what the board picture says, in the picture's language: its header lines,
 * then each text it shows and each description of its parts (the `<title>` a screen reader reads),
 * each once, leaving out bare coordinates and numbers (a grid's labels), which say nothing alone.
 */
export function boardInWords(svg: string): string[] {
  const texts = [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => decode(m[1]!).trim());
  const titles = [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!).trim()).slice(1);
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const line of [...texts.slice(0, 3), ...titles, ...texts.slice(3)]) {
    if (!/\p{L}{3}/u.test(line) || seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return lines;
}

export interface ReplayInput {
  registry: GameRegistry;
  record: AnyRecord;
  game: AnyGame;
  /** The state before each move; `final` after the last. */
  before: unknown[];
  final: unknown;
  version: number;
  viewer: Seat | null;
  lang: CliLanguage;
}

/** `citybuilder replay`: the position after `version` as text a person reads: header, last move, who moves, the board in words, the log. */
export function replayText(r: ReplayInput): { lines: string[]; svg: string; view: Json } {
  const { record, game, lang } = r;
  const picture = r.registry.plugin(record.type, record.engineVersion)?.picture;
  const names = record.players.map((p, i) => p.name || `${i + 1}`);
  const nameOf = (s: Seat) => names[s] ?? String(s + 1);
  const stateAt = (v: number) => (v === record.moves.length ? r.final : r.before[v]);
  const state = stateAt(r.version);
  const total = record.moves.length;
  const words = (i: number) => {
    const m = record.moves[i]!;
    if (m.origin === 'resign') return say(lang, 'resigns');
    const seat = m.seat;
    const notation = formatMove(game, r.before[i], seat, m.move as unknown as Move);
    const label = moveLabels(record.type, picture, [m.move as unknown as Json], seat, game.view(r.before[i], seat) as Json, lang, names)[0];
    return label && label !== notation ? `${label}   [${notation}]` : notation;
  };
  const lines = [
    say(lang, r.version === 0 ? 'start' : 'header', {
      game: game.name,
      type: record.type,
      engine: record.engineVersion,
      version: r.version,
      total,
    }),
  ];
  if (r.version > 0)
    lines.push(say(lang, 'last', { n: r.version, name: nameOf(record.moves[r.version - 1]!.seat), words: words(r.version - 1) }));
  const done: Outcome | null = game.outcome(state);
  if (done) {
    lines.push(
      say(lang, 'result', {
        scores: done.scores.map((s, i) => `${nameOf(i)} ${s}`).join(', '),
        winners: done.winners.length,
        names: done.winners.map(nameOf).join(', '),
      }),
    );
  } else lines.push(say(lang, 'toMove', { names: game.toMove(state).map(nameOf).join(', ') }));
  if (r.viewer !== null && !done && game.toMove(state).includes(r.viewer)) {
    const notations = notationsOf(game, state, r.viewer);
    const moves = notations.map((n) => n);
    const view = game.view(state, r.viewer) as Json;
    const legal = game.legalMoves(state, r.viewer) as unknown as Json[];
    const labels = moveLabels(record.type, picture, legal, r.viewer, view, lang, names);
    lines.push(
      say(lang, 'legal', { name: nameOf(r.viewer), count: moves.length }),
      ...moves.map((n, i) => `  ${labels[i] && labels[i] !== n ? `${labels[i]}   [${n}]` : n}`),
    );
  }
  const view = game.view(state, r.viewer) as Json;
  const svg = boardSvg(
    {
      type: record.type,
      version: r.version,
      toMove: done ? [] : game.toMove(state),
      players: record.players.map((p, i) => ({ seat: p.seat ?? i, name: p.name })),
      view,
      outcome: done,
      viewerSeat: r.viewer,
    },
    lang,
    picture,
  );
  lines.push(
    '',
    say(lang, 'board', { who: r.viewer === null ? say(lang, 'spectator') : nameOf(r.viewer) }),
    ...boardInWords(svg).map((l) => `  ${l}`),
  );
  lines.push('', say(lang, 'log'));
  if (r.version === 0) lines.push(`  ${say(lang, 'noMoves')}`);
  for (let i = 0; i < r.version; i++)
    lines.push(`  ${say(lang, 'logLine', { n: i + 1, name: nameOf(record.moves[i]!.seat), words: words(i) })}`);
  if (r.viewer === null) lines.push('', say(lang, 'hint'));
  return { lines, svg, view };
}
