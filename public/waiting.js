import { api, h } from './api.js';
import { t } from './i18n.js';
import { keepSeat, player } from './identity.js';

// A game that waits for players: its seats, the invitation link (for whoever holds the code), a
// form to join with it, and leaving or cancelling. The page looks again every few seconds while
// the game waits (joining sends no live update).

const $ = (id) => document.getElementById(id);
let poll = null;
let ctx = null;
/** The bot levels (GET /bots), read once. */
let bots = [];
api('/bots')
  .then((b) => {
    bots = b;
    if (ctx?.game) waitingPanel(ctx.game, ctx);
  })
  .catch(() => {});

/** An open seat's "the computer takes it" control: a level and a button (POST /games/{id}/bot). */
function botFiller(seat) {
  const known = (id, otherwise) => (t(id) === id ? otherwise : t(id));
  const sel = h(
    'select',
    { 'aria-label': t('waiting.botLevel', { n: seat + 1 }), class: 'bot-level' },
    ...bots.map((b) =>
      h('option', { value: b.level, selected: b.level === 'greedy', title: b.description }, known(`bot.level.${b.level}`, b.level)),
    ),
  );
  return h(
    'span',
    { class: 'bot-fill' },
    ' ',
    sel,
    ' ',
    h(
      'button',
      {
        type: 'button',
        'data-fill-seat': seat,
        onclick: async () => {
          $('error').textContent = '';
          try {
            await api(`/games/${encodeURIComponent(ctx.gameId)}/bot`, { token: ctx.token, method: 'POST', body: { bot: sel.value, seat } });
            ctx.onChange(null);
          } catch (err) {
            $('error').textContent = err.message;
          }
        },
      },
      t('waiting.fillBot'),
    ),
  );
}

export function waitingPanel(game, c) {
  ctx = { ...c, game };
  const box = $('waiting');
  box.hidden = game.status !== 'waiting';
  if (box.hidden) {
    clearInterval(poll);
    poll = null;
    return;
  }
  poll ??= setInterval(() => ctx.onChange(null), 4000);
  // A seated person (the creator: the server refuses anyone else) may give an open seat to the computer.
  const fill = game.viewer.seat !== null && !!c.token && bots.length > 0;
  $('waiting-seats').replaceChildren(
    ...game.players.map((p) =>
      h(
        'li',
        { class: p.open ? 'open-seat' : 'taken-seat', 'data-seat': p.seat },
        p.open ? t('waiting.openSeat', { n: p.seat + 1 }) : t('waiting.takenSeat', { n: p.seat + 1, name: p.name }),
        p.open && fill ? botFiller(p.seat) : null,
      ),
    ),
  );
  const code = c.invite;
  $('invite-box').hidden = !code;
  if (code) $('invite-link').value = `${location.origin}/games/${encodeURIComponent(c.gameId)}#invite=${encodeURIComponent(code)}`;
  const seated = game.viewer.seat !== null;
  $('join-form').hidden = seated || !code || !game.players.some((p) => p.open);
  if (!$('join-name').value) $('join-name').value = player()?.name ?? '';
  $('leave-btn').hidden = !seated;
  $('cancel-btn').hidden = !seated;
}

$('invite-copy').addEventListener('click', async () => {
  $('invite-link').select();
  try {
    await navigator.clipboard.writeText($('invite-link').value);
  } catch {
    /* selected: the person copies it */
  }
});

$('join-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('error').textContent = '';
  const me = player();
  const name = $('join-name').value.trim();
  if (!me && !name) {
    $('error').textContent = t('join.needName');
    return;
  }
  try {
    const r = await api(`/games/${encodeURIComponent(ctx.gameId)}/join`, {
      token: me?.token,
      method: 'POST',
      body: { inviteCode: ctx.invite, ...(name && name !== me?.name ? { name } : {}) },
    });
    if (!me) keepSeat(ctx.gameId, r.seat, r.token, r.name);
    ctx.onChange(me ? me.token : r.token);
  } catch (err) {
    $('error').textContent = err.message;
  }
});

async function seatAction(path) {
  $('error').textContent = '';
  try {
    await api(`/games/${encodeURIComponent(ctx.gameId)}/${path}`, { token: ctx.token, method: 'POST' });
    location.href = '/';
  } catch (err) {
    $('error').textContent = err.message;
  }
}
$('leave-btn').addEventListener('click', () => seatAction('leave'));
$('cancel-btn').addEventListener('click', () => {
  if (confirm(t('waiting.cancelConfirm'))) void seatAction('cancel');
});
