import type { Json, Seat } from '../../engine/index.js';
import type { NoticeKind } from '../../store/types.js';

/** What a notification says about its game, as the recipient's seat sees it. */
export interface NoticeContext {
  kind: NoticeKind;
  gameId: string;
  gameType: string;
  gameName: string;
  version: number;
  seat: Seat;
  players: { seat: Seat; name: string }[];
  toMove: Seat[];
  status: string;
  view: Json;
  outcome?: { winners: Seat[]; scores: number[] } | null;
  /** The recipient's legal moves, written as the player would type them. */
  legalMoves: string[];
  gameUrl: string;
  unsubscribeUrl: string;
  deadline?: string;
}

/** The Standard Webhooks payload: ids, versions and seats only; no secret, view or token. */
export function webhookPayload(c: NoticeContext, timestamp: Date) {
  return {
    type: `game.${c.kind}`,
    timestamp: timestamp.toISOString(),
    data: { gameId: c.gameId, gameType: c.gameType, version: c.version, seat: c.seat, toMove: c.toMove, ...(c.deadline ? { deadline: c.deadline } : {}) },
  };
}

const SUBJECT: Record<NoticeKind, string> = {
  turn: 'Your turn',
  reminder: 'Reminder: your turn is running out',
  timeout: 'Your turn timed out',
  finished: 'Game over',
  joined: 'A player joined your game',
};

const names = (c: NoticeContext, seats: Seat[]) => seats.map((s) => c.players[s]?.name ?? `seat ${s}`).join(', ') || 'nobody';

/** The public, scalar facts at the top of a view (phase, round, scores...): a short text board. */
function boardLines(view: Json): string[] {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(view)) {
    if (v === null || typeof v !== 'object') out.push(`${k}: ${String(v)}`);
    else if (Array.isArray(v) && v.length <= 8 && v.every((x) => x === null || typeof x !== 'object')) out.push(`${k}: ${v.join(', ')}`);
  }
  return out.slice(0, 20);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A mail in plain text and HTML, with its List-Unsubscribe headers (RFC 2369 and RFC 8058). */
export function emailMessage(c: NoticeContext) {
  const me = c.players[c.seat]?.name ?? `seat ${c.seat}`;
  const subject = `${SUBJECT[c.kind]}: ${c.gameName} (${c.gameId.slice(0, 8)}, move ${c.version})`;
  const lines = [
    `${me}, ${SUBJECT[c.kind].toLowerCase()} in ${c.gameName}.`,
    '',
    `Game: ${c.gameId}`,
    `Move: ${c.version}`,
    `Players: ${c.players.map((p) => `${p.seat}: ${p.name}`).join('; ')}`,
    c.status === 'finished' ? `Winners: ${names(c, c.outcome?.winners ?? [])} (scores ${(c.outcome?.scores ?? []).join(', ')})` : `To move: ${names(c, c.toMove)}`,
    ...(c.deadline ? [`Deadline: ${c.deadline}`] : []),
    '',
    'The board as you see it:',
    ...boardLines(c.view).map((l) => `  ${l}`),
    '',
    ...(c.legalMoves.length ? ['Your legal moves:', ...c.legalMoves.slice(0, 50).map((m) => `  ${m}`), ...(c.legalMoves.length > 50 ? [`  ... and ${c.legalMoves.length - 50} more`] : []), ''] : []),
    `Open the game: ${c.gameUrl}`,
    `Stop these mails: ${c.unsubscribeUrl}`,
  ];
  const text = lines.join('\n');
  const html = `<!doctype html><html><body><pre style="font: 14px/1.4 monospace">${esc(text)}</pre><p><a href="${esc(c.gameUrl)}">Open the game</a> · <a href="${esc(c.unsubscribeUrl)}">Stop these mails</a></p></body></html>`;
  return {
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${c.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
