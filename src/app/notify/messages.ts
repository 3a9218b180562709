import type { Json, Seat } from '../../engine/index.js';
import type { NoticeKind } from '../../store/types.js';
import type { MailLanguage } from './settings.js';

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
  /** The same moves as values (what the picture marks and the words describe). */
  moves: Json[];
  /** The language of the recipient's mails. */
  lang: MailLanguage;
  /** The game's page, opened as the recipient's seat (read-only) until `linkExpiresAt`. */
  gameUrl: string;
  linkExpiresAt: Date;
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

/** The mail's words in each language, by what they say (the mail is built from these only). */
const WORDS = {
  en: {
    subject: { turn: 'Your turn', reminder: 'Reminder: your turn is running out', timeout: 'Your turn timed out', finished: 'Game over', joined: 'A player joined your game' } as Record<NoticeKind, string>,
    subjectLine: (what: string, game: string, id: string, v: number) => `${what}: ${game} (${id}, move ${v})`,
    opening: { turn: (me: string, game: string) => `${me}, it is your turn in ${game}.`, reminder: (me: string, game: string) => `${me}, your turn in ${game} is running out.`, timeout: (me: string, game: string) => `${me}, your turn in ${game} timed out.`, finished: (me: string, game: string) => `${me}, the game of ${game} is over.`, joined: (me: string, game: string) => `${me}, a player joined your game of ${game}.` } as Record<NoticeKind, (me: string, game: string) => string>,
    move: 'Move',
    players: 'Players',
    toMove: 'To move',
    nobody: 'nobody',
    winners: (w: string, scores: string) => `Winners: ${w} (scores ${scores})`,
    deadline: 'Deadline',
    boardAlt: 'The board as you see it',
    boardInHtml: 'The board as you see it is the picture in this mail (its HTML part).',
    legal: 'Your legal moves',
    more: (n: number) => `... and ${n} more (all of them on the game page)`,
    howTo: 'To play, reply to this mail with your move on the first line, written as in the list, for example:',
    or: 'or',
    howToEnd: 'Nothing else in the mail is read; you get an answer saying whether the move was played.',
    open: (me: string) => `Open the game as ${me}`,
    until: (d: string) => `This link shows the game as you see it, without your token, until ${d}.`,
    stop: 'Stop these mails',
    seat: (n: number) => `seat ${n + 1}`,
  },
  fr: {
    subject: { turn: 'À vous de jouer', reminder: 'Rappel : votre tour se termine bientôt', timeout: 'Votre tour a expiré', finished: 'Partie terminée', joined: 'Un joueur a rejoint votre partie' } as Record<NoticeKind, string>,
    subjectLine: (what: string, game: string, id: string, v: number) => `${what} : ${game} (${id}, coup ${v})`,
    opening: { turn: (me: string, game: string) => `${me}, c'est à vous de jouer dans ${game}.`, reminder: (me: string, game: string) => `${me}, votre tour dans ${game} se termine bientôt.`, timeout: (me: string, game: string) => `${me}, votre tour dans ${game} a expiré.`, finished: (me: string, game: string) => `${me}, la partie de ${game} est terminée.`, joined: (me: string, game: string) => `${me}, un joueur a rejoint votre partie de ${game}.` } as Record<NoticeKind, (me: string, game: string) => string>,
    move: 'Coup',
    players: 'Joueurs',
    toMove: 'Au tour de',
    nobody: 'personne',
    winners: (w: string, scores: string) => `Gagnants : ${w} (scores ${scores})`,
    deadline: 'Échéance',
    boardAlt: 'Le plateau tel que vous le voyez',
    boardInHtml: 'Le plateau tel que vous le voyez est l\'image de ce courriel (sa partie HTML).',
    legal: 'Vos coups possibles',
    more: (n: number) => `... et ${n} de plus (tous sur la page de la partie)`,
    howTo: 'Pour jouer, répondez à ce courriel avec votre coup en première ligne, écrit comme dans la liste, par exemple :',
    or: 'ou',
    howToEnd: 'Le reste du courriel n\'est pas lu ; une réponse vous dit si le coup a été joué.',
    open: (me: string) => `Ouvrir la partie en tant que ${me}`,
    until: (d: string) => `Ce lien montre la partie telle que vous la voyez, sans votre jeton, jusqu'au ${d}.`,
    stop: 'Ne plus recevoir ces courriels',
    seat: (n: number) => `place ${n + 1}`,
  },
} as const;

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** The most legal moves a mail lists (the page lists them all). */
const LISTED = 40;

/** Two of the seat's legal moves to show as examples of a reply: the first and one further down (distinct when there are two). */
export function replyExamples(notations: string[]): string[] {
  if (notations.length === 0) return [];
  if (notations.length === 1) return [notations[0]!];
  return [notations[0]!, notations[Math.max(1, Math.floor(notations.length / 2))]!];
}

/** The board picture of a mail: its Content-ID, referenced by the HTML part as cid:... */
export const BOARD_CID = 'board@citybuilder';

/**
 * A mail in plain text and HTML in the recipient's language, with its List-Unsubscribe headers
 * (RFC 2369 and RFC 8058): the position as the seat sees it (the picture `cid:board@citybuilder`
 * when `picture` is set, attached by the sender), the seat's legal moves in words and notation, how
 * to play one by replying (when `canReply`: the reply address takes moves), and the game link.
 */
export function emailMessage(c: NoticeContext, o: { picture: boolean; canReply: boolean; labels?: string[] }) {
  const w = WORDS[c.lang];
  const who = (s: Seat) => c.players[s]?.name || w.seat(s);
  const names = (seats: Seat[]) => seats.map(who).join(', ') || w.nobody;
  const me = who(c.seat);
  const subject = w.subjectLine(w.subject[c.kind], c.gameName, c.gameId.slice(0, 8), c.version);
  const until = new Intl.DateTimeFormat(c.lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(c.linkExpiresAt) + ' UTC';
  const colon = c.lang === 'fr' ? ' :' : ':';
  const facts = [
    `${w.move}${colon} ${c.version}`,
    `${w.players}${colon} ${c.players.map((p) => p.name || w.seat(p.seat)).join(', ')}`,
    c.status === 'finished' ? w.winners(names(c.outcome?.winners ?? []), (c.outcome?.scores ?? []).join(', ')) : `${w.toMove}${colon} ${names(c.toMove)}`,
    ...(c.deadline ? [`${w.deadline}${colon} ${c.deadline}`] : []),
  ];
  const listed = c.legalMoves.slice(0, LISTED).map((n, i) => ({ notation: n, label: o.labels?.[i] }));
  const examples = o.canReply ? replyExamples(c.legalMoves) : [];
  const moveLine = (m: { notation: string; label?: string }) => (m.label && m.label !== m.notation ? `${m.notation}   (${m.label})` : m.notation);
  const text = [
    w.opening[c.kind](me, c.gameName),
    '',
    ...facts,
    '',
    ...(o.picture ? [w.boardInHtml, ''] : []),
    ...(listed.length ? [`${w.legal}${colon}`, ...listed.map((m) => `  ${moveLine(m)}`), ...(c.legalMoves.length > LISTED ? [`  ${w.more(c.legalMoves.length - LISTED)}`] : []), ''] : []),
    ...(examples.length ? [w.howTo, ...examples.map((e, i) => `${i > 0 ? `  ${w.or}\n` : ''}  ${e}`), w.howToEnd, ''] : []),
    `${w.open(me)}${colon} ${c.gameUrl}`,
    w.until(until),
    '',
    `${w.stop}${colon} ${c.unsubscribeUrl}`,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${c.lang}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>`,
    '<body style="font: 15px/1.45 \'DejaVu Sans\', Arial, sans-serif; color: #222; max-width: 760px">',
    `<p><strong>${esc(w.opening[c.kind](me, c.gameName))}</strong></p>`,
    `<p>${facts.map(esc).join('<br>')}</p>`,
    ...(o.picture ? [`<p><img src="cid:${BOARD_CID}" alt="${esc(w.boardAlt)}" style="max-width: 100%; height: auto; border: 1px solid #ccc"></p>`] : []),
    ...(listed.length ? [
      `<h3>${esc(w.legal)}</h3><ul>`,
      ...listed.map((m) => `<li>${m.label && m.label !== m.notation ? `${esc(m.label)} <code>${esc(m.notation)}</code>` : `<code>${esc(m.notation)}</code>`}</li>`),
      ...(c.legalMoves.length > LISTED ? [`<li>${esc(w.more(c.legalMoves.length - LISTED))}</li>`] : []),
      '</ul>',
    ] : []),
    ...(examples.length ? [`<p>${esc(w.howTo)}</p><p>${examples.map((e) => `<code class="reply-example">${esc(e)}</code>`).join(` ${esc(w.or)} `)}</p><p>${esc(w.howToEnd)}</p>`] : []),
    `<p><a href="${esc(c.gameUrl)}">${esc(w.open(me))}</a><br><small>${esc(w.until(until))}</small></p>`,
    `<p><small><a href="${esc(c.unsubscribeUrl)}">${esc(w.stop)}</a></small></p>`,
    '</body></html>',
  ].join('\n');
  return {
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${c.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
