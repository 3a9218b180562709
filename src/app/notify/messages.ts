import type { Json, Params, Seat } from '../../engine/index.js';
import type { NoticeKind } from '../../store/types.js';
import type { MailLanguage } from './settings.js';
import { say } from './words.js';

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
  /** The seat the notice is about (who joined, who asks a takeback), when there is one. */
  about?: Seat;
}

/** The Standard Webhooks payload: ids, versions and seats only; no secret, view or token. */
export function webhookPayload(c: NoticeContext, timestamp: Date) {
  return {
    type: `game.${c.kind}`,
    timestamp: timestamp.toISOString(),
    data: {
      gameId: c.gameId,
      gameType: c.gameType,
      version: c.version,
      seat: c.seat,
      toMove: c.toMove,
      ...(c.deadline ? { deadline: c.deadline } : {}),
      ...(c.about !== undefined ? { about: c.about } : {}),
    },
  };
}

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
  const t = (key: string, params?: Params) => say(c.lang, key, params);
  const seatName = (s: Seat) => t('seat', { n: s + 1 });
  const who = (s: Seat) => c.players[s]?.name || seatName(s);
  const names = (seats: Seat[]) => seats.map(who).join(', ') || t('nobody');
  const me = who(c.seat);
  const subject = t('subjectLine', { what: t(`subject.${c.kind}`), game: c.gameName, id: c.gameId.slice(0, 8), version: c.version });
  const until =
    new Intl.DateTimeFormat(c.lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
      c.linkExpiresAt,
    ) + ' UTC';
  const fact = (label: string, value: string | number) => t('fact', { label: t(label), value });
  const opening = t(`opening.${c.kind}`, { me, game: c.gameName, about: c.about === undefined ? '' : who(c.about) });
  const more = () => t('more', { n: c.legalMoves.length - LISTED });
  const facts = [
    // A game's start has no move yet: no "Move: 0".
    ...(c.version > 0 ? [fact('move', c.version)] : []),
    fact('players', c.players.map((p) => p.name || seatName(p.seat)).join(', ')),
    c.status === 'finished'
      ? t('winners', { winners: names(c.outcome?.winners ?? []), scores: (c.outcome?.scores ?? []).join(', ') })
      : fact('toMove', names(c.toMove)),
    ...(c.deadline ? [fact('deadline', c.deadline)] : []),
  ];
  const listed = c.legalMoves.slice(0, LISTED).map((n, i) => ({ notation: n, label: o.labels?.[i] }));
  const examples = o.canReply ? replyExamples(c.legalMoves) : [];
  const moveLine = (m: { notation: string; label?: string }) =>
    m.label && m.label !== m.notation ? `${m.notation}   (${m.label})` : m.notation;
  const text = [
    opening,
    '',
    ...facts,
    '',
    ...(o.picture ? [t('boardInHtml'), ''] : []),
    ...(listed.length
      ? [t('legalList'), ...listed.map((m) => `  ${moveLine(m)}`), ...(c.legalMoves.length > LISTED ? [`  ${more()}`] : []), '']
      : []),
    ...(examples.length ? [t('howTo'), ...examples.map((e, i) => `${i > 0 ? `  ${t('or')}\n` : ''}  ${e}`), t('howToEnd'), ''] : []),
    t('fact', { label: t('open', { me }), value: c.gameUrl }),
    t('until', { date: until }),
    '',
    t('fact', { label: t('stop'), value: c.unsubscribeUrl }),
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${c.lang}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>`,
    '<body style="font: 15px/1.45 \'DejaVu Sans\', Arial, sans-serif; color: #222; max-width: 760px">',
    `<p><strong>${esc(opening)}</strong></p>`,
    `<p>${facts.map(esc).join('<br>')}</p>`,
    ...(o.picture
      ? [`<p><img src="cid:${BOARD_CID}" alt="${esc(t('boardAlt'))}" style="max-width: 100%; height: auto; border: 1px solid #ccc"></p>`]
      : []),
    ...(listed.length
      ? [
          `<h3>${esc(t('legal'))}</h3><ul>`,
          ...listed.map(
            (m) =>
              `<li>` +
              String(
                m.label && m.label !== m.notation ? `${esc(m.label)} <code>${esc(m.notation)}</code>` : `<code>${esc(m.notation)}</code>`,
              ) +
              `</li>`,
          ),
          ...(c.legalMoves.length > LISTED ? [`<li>${esc(more())}</li>`] : []),
          '</ul>',
        ]
      : []),
    ...(examples.length
      ? [
          `<p>${esc(t('howTo'))}</p><p>${examples.map((e) => `<code class="reply-example">${esc(e)}</code>`).join(` ${esc(t('or'))} `)}` +
            `</p><p>${esc(t('howToEnd'))}</p>`,
        ]
      : []),
    `<p><a href="${esc(c.gameUrl)}">${esc(t('open', { me }))}</a><br><small>${esc(t('until', { date: until }))}</small></p>`,
    `<p><small><a href="${esc(c.unsubscribeUrl)}">${esc(t('stop'))}</a></small></p>`,
    '</body></html>',
  ].join('\n');
  return {
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${c.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
