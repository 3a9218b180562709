import { api, gameTypes, h } from './api.js';
import { languageLinks, t, translate } from './i18n.js';
import { createPlayer, forgetPlayer, keepInvite, keepSeat, player, seats, usePlayerToken } from './identity.js';
import { playerSettings } from './settings.js';

// The home page: who you are (a player token kept in this browser), your games and whose turn it
// is, the open games, joining with an invitation, creating a game, notifications and vacation.

const $ = (id) => document.getElementById(id);
let types = [];
/** The bot levels (GET /bots: level, description, think time), weakest first. */
let bots = [];
/** A bot level in words, with its think time. */
const botLabel = (b) =>
  t('bot.label', {
    level: known(`bot.level.${b.level}`, b.level),
    time: b.thinkMs === 0 ? t('bot.instant') : t('bot.thinks', { seconds: b.thinkMs / 1000 }),
  });
translate();
languageLinks($('langs'));
const typeName = (id) => types.find((x) => x.id === id)?.name ?? id;
const gameLink = (id) => `/games/${encodeURIComponent(id)}`;

// ---- who you are ------------------------------------------------------------------------------

function renderMe() {
  const me = player();
  $('me-known').hidden = !me;
  $('me-unknown').hidden = !!me;
  $('mine').hidden = false;
  $('settings').hidden = !me;
  if (me) {
    $('me-name').textContent = t('me.signedIn', { name: me.name });
    $('me-token').value = me.token;
  }
}

$('me-create').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('me-error').textContent = '';
  try {
    await createPlayer($('me-create-name').value.trim(), $('me-create-email').value.trim());
    renderMe();
    $('me-token-box').open = true;
    start();
  } catch (err) {
    $('me-error').textContent = err.message;
  }
});
$('me-paste').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('me-error').textContent = '';
  try {
    await usePlayerToken($('me-paste-token').value.trim());
    renderMe();
    start();
  } catch (err) {
    $('me-error').textContent = err.status === 401 ? t('me.badToken') : err.message;
  }
});
$('me-forget').addEventListener('click', () => {
  forgetPlayer();
  location.reload();
});

// ---- my games ---------------------------------------------------------------------------------

/** The player's games (the inbox) and the games this browser holds a seat token of, your turn first. */
async function loadMine() {
  const me = player();
  const rows = [];
  if (me) {
    const inbox = await api('/players/me/games?limit=50', { token: me.token });
    for (const g of inbox.games)
      rows.push({ id: g.id, type: g.type, seat: g.seat, version: g.version, status: g.status, mine: g.isMyTurn, toMove: g.toMove });
  }
  const local = Object.entries(seats())
    .filter(([id]) => !rows.some((r) => r.id === id))
    .slice(-20);
  const read = await Promise.all(local.map(([id, s]) => api(`/games/${encodeURIComponent(id)}`, { token: s.token }).catch(() => null)));
  read.forEach((g) => {
    if (g && g.viewer.seat !== null)
      rows.push({
        id: g.id,
        type: g.type,
        seat: g.viewer.seat,
        version: g.version,
        status: g.status,
        mine: g.status === 'active' && g.toMove.includes(g.viewer.seat),
        toMove: g.toMove,
      });
  });
  const order = (r) => (r.mine ? 0 : r.status === 'waiting' ? 1 : r.status === 'active' ? 2 : 3);
  rows.sort((a, b) => order(a) - order(b));
  const turns = rows.filter((r) => r.mine).length;
  $('mine-turns').textContent = rows.length === 0 ? '' : turns > 0 ? t('mine.yourTurns', { count: turns }) : t('mine.noTurn');
  $('mine-turns').classList.toggle('yours', turns > 0);
  $('mine-list').replaceChildren(
    ...rows.map((r) =>
      h(
        'li',
        { class: r.mine ? 'my-turn' : '', 'data-game': r.id },
        h('a', { href: gameLink(r.id) }, typeName(r.type)),
        ` · ${t('mine.seat', { n: r.seat + 1 })} · ${t(`gameStatus.${r.status}`)}` +
          String(r.status === 'active' ? ` · ${t('mine.version', { version: r.version })}` : '') +
          ` `,
        r.mine ? h('strong', { class: 'badge' }, t('mine.yourTurn')) : null,
      ),
    ),
  );
  if (rows.length === 0) $('mine-list').replaceChildren(h('li', { class: 'muted' }, me ? t('mine.none') : t('mine.noIdentity')));
}

// ---- the lobby and invitations ------------------------------------------------------------------

async function loadLobby() {
  try {
    const data = await api('/lobby');
    const games = Array.isArray(data?.games) ? data.games : [];
    $('lobby-list').replaceChildren(
      ...games.map((g) => {
        // A public game takes anyone: Join takes a seat at once (with the player token, or a name).
        const name = player()
          ? null
          : h('input', {
              type: 'text',
              class: 'name',
              autocomplete: 'nickname',
              'aria-label': t('lobby.joinName'),
              placeholder: t('join.name'),
              maxlength: 64,
            });
        const error = h('span', { class: 'error', role: 'alert' });
        const taken = g.seats.filter((x) => !x.open && x.name).map((x) => x.name);
        return h(
          'li',
          { 'data-game': g.id },
          h('a', { href: gameLink(g.id) }, typeName(g.type)),
          ` · ${t('lobby.seats', { open: g.seatsOpen, total: g.seatsOpen + g.seatsTaken })}`,
          taken.length ? ` · ${taken.join(', ')}` : '',
          h(
            'form',
            {
              class: 'inline lobby-join',
              onsubmit: async (e) => {
                e.preventDefault();
                error.textContent = '';
                const me = player();
                const who = !me && name ? name.value.trim() : '';
                if (!me && !who) {
                  error.textContent = t('join.needName');
                  return;
                }
                try {
                  const r = await api(`/games/${encodeURIComponent(g.id)}/join`, {
                    token: me?.token,
                    method: 'POST',
                    body: who ? { name: who } : {},
                  });
                  if (!me) keepSeat(g.id, r.seat, r.token, r.name);
                  location.href = gameLink(g.id);
                } catch (err) {
                  error.textContent = err.message;
                }
              },
            },
            name,
            name ? ' ' : '',
            h('button', { type: 'submit', 'data-join': g.id }, t('lobby.join')),
            ' ',
            error,
          ),
        );
      }),
    );
    if (games.length === 0) $('lobby-list').replaceChildren(h('li', { class: 'muted' }, t('lobby.none')));
    $('lobby').hidden = false;
  } catch {
    $('lobby').hidden = true;
  }
}

$('join-form').addEventListener('submit', (e) => {
  e.preventDefault();
  $('join-error').textContent = '';
  const text = $('join-link').value.trim();
  // A seat link (…/games/<id>#token=…) opens the game as that seat.
  const seatLink = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})[^#\s]*#token=(\S+)/i.exec(text);
  if (seatLink) {
    location.href = `${gameLink(seatLink[1])}#token=${encodeURIComponent(decodeURIComponent(seatLink[2]))}`;
    return;
  }
  const m = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[^#\s]*#invite=|\s+)(\S+)/i.exec(text);
  if (!m) {
    $('join-error').textContent = t('joinCode.bad');
    return;
  }
  location.href = `${gameLink(m[1])}#invite=${encodeURIComponent(decodeURIComponent(m[2]))}`;
});

// ---- creating a game --------------------------------------------------------------------------

/** One row per seat: who sits there (you, an invited player, a name, or the computer at a level), and the name. */
function renderSeats() {
  const n = Number($('count').value);
  const box = $('names');
  const old = [...box.querySelectorAll('.seat-row')].map((d) => ({
    kind: d.querySelector('select').value,
    name: d.querySelector('input').value,
  }));
  box.querySelectorAll('.seat-row').forEach((d) => d.remove());
  const me = player();
  for (let i = 0; i < n; i++) {
    const kind = old[i]?.kind ?? (me ? (i === 0 ? 'me' : 'open') : 'name');
    const sel = h(
      'select',
      { id: `seat-kind-${i}`, 'aria-label': t('create.seatWho', { n: i + 1 }) },
      me ? h('option', { value: 'me', selected: kind === 'me' }, t('create.kindMe', { name: me.name })) : null,
      h('option', { value: 'open', selected: kind === 'open' }, t('create.kindOpen')),
      h('option', { value: 'name', selected: kind === 'name' }, t('create.kindName')),
      ...bots.map((b) => h('option', { value: `bot:${b.level}`, selected: kind === `bot:${b.level}`, title: b.description }, botLabel(b))),
    );
    const input = h('input', {
      type: 'text',
      id: `name-${i}`,
      maxlength: 64,
      value: old[i]?.name ?? t('create.defaultName', { n: i + 1 }),
      autocomplete: 'off',
    });
    const hint = h('span', { class: 'hint bot-hint' });
    const sync = () => {
      input.hidden = sel.value !== 'name';
      const bot = bots.find((b) => `bot:${b.level}` === sel.value);
      hint.textContent = bot ? bot.description : '';
      hint.hidden = !bot;
    };
    sel.addEventListener('change', sync);
    sync();
    box.append(
      h('div', { class: 'seat-row' }, h('label', { for: `name-${i}` }, t('create.seat', { n: i + 1 })), sel, ' ', input, ' ', hint),
    );
  }
}

/** The catalogue's words for an option or its value, else the schema's own text. */
const known = (id, otherwise) => (t(id) === id ? otherwise : t(id));

/** One control per option of the game (from its JSON Schema), set to the default. */
function renderOptions(type) {
  const box = $('options');
  box.querySelectorAll('div').forEach((d) => d.remove());
  const props = Object.entries(type.options?.properties ?? {});
  box.hidden = props.length === 0;
  for (const [key, schema] of props) {
    const id = `opt-${key}`;
    let input;
    if (schema.type === 'boolean')
      input = h('input', { type: 'checkbox', id, 'data-option': key, 'data-kind': 'boolean', checked: schema.default === true });
    else if (Array.isArray(schema.enum))
      input = h(
        'select',
        { id, 'data-option': key, 'data-kind': 'string' },
        ...schema.enum.map((v) =>
          h(
            'option',
            { value: v, selected: v === schema.default },
            v === '' ? t('create.none') : known(`option.${type.id}.${key}.${v}`, v),
          ),
        ),
      );
    else if (schema.type === 'integer')
      input = h('input', {
        type: 'number',
        id,
        'data-option': key,
        'data-kind': 'integer',
        value: schema.default ?? '',
        min: schema.minimum,
        max: schema.maximum,
        step: 1,
      });
    else
      input = h('input', { type: 'text', id, 'data-option': key, 'data-kind': 'string', value: schema.default ?? '', autocomplete: 'off' });
    const label = known(`option.${type.id}.${key}`, key);
    box.append(
      h(
        'div',
        {},
        h(
          'label',
          { for: id },
          label,
          schema.description && label === key ? h('span', { class: 'hint' }, ` (${schema.description})`) : null,
        ),
        input,
      ),
    );
  }
}

function readOptions() {
  const options = {};
  for (const el of $('options').querySelectorAll('[data-option]')) {
    const kind = el.dataset.kind;
    options[el.dataset.option] = kind === 'boolean' ? el.checked : kind === 'integer' ? Number(el.value) : el.value;
  }
  return options;
}

function renderCounts() {
  const type = types.find((x) => x.id === $('type').value);
  if (!type) return;
  renderOptions(type);
  const sel = $('count');
  const keep = Number(sel.value);
  sel.replaceChildren(
    ...Array.from({ length: type.maxPlayers - type.minPlayers + 1 }, (_, i) =>
      h('option', { value: type.minPlayers + i }, String(type.minPlayers + i)),
    ),
  );
  sel.value = String(Math.min(type.maxPlayers, Math.max(type.minPlayers, keep || Math.max(2, type.minPlayers))));
  renderSeats();
}

async function create(ev) {
  ev.preventDefault();
  $('create-error').textContent = '';
  const rows = [...$('names').querySelectorAll('.seat-row')].map((d) => ({
    kind: d.querySelector('select').value,
    name: d.querySelector('input').value.trim(),
  }));
  if (rows.some((r) => r.kind === 'name' && !r.name)) {
    $('create-error').textContent = t('create.needNames');
    return;
  }
  const players = rows.map((r) =>
    r.kind === 'me'
      ? { me: true }
      : r.kind === 'open'
        ? { open: true }
        : r.kind.startsWith('bot:')
          ? { bot: r.kind.slice(4) }
          : { name: r.name },
  );
  const body = { type: $('type').value, players, options: readOptions() };
  if ($('public').checked) body.public = true;
  if ($('deadline').value) {
    body.turnDeadlineSeconds = Math.round(Number($('deadline').value) * 3600);
    body.timeoutAction = $('timeout').value;
  }
  if ($('seed').value.trim()) body.seed = $('seed').value.trim();
  $('create-btn').disabled = true;
  try {
    const me = player();
    const g = await api('/games', { method: 'POST', body, token: rows.some((r) => r.kind === 'me') ? me?.token : undefined });
    const base = gameLink(g.id);
    if (g.invite) keepInvite(g.id, g.invite.code);
    $('created-invite').hidden = !g.invite;
    if (g.invite) $('created-invite-link').value = `${location.origin}${base}#invite=${encodeURIComponent(g.invite.code)}`;
    const mine = rows.findIndex((r) => r.kind === 'me');
    // Without a player identity, this browser keeps the first seat as its own.
    const first = g.seats.find((s) => s.token);
    if (mine < 0 && first) keepSeat(g.id, first.seat, first.token, first.name);
    // Each seat's link, as a link to open here and as the text to send its player.
    $('seat-links').replaceChildren(
      ...g.seats
        .filter((s) => s.token)
        .map((s) => {
          const href = `${base}#token=${encodeURIComponent(s.token)}`;
          return h(
            'li',
            {},
            h('a', { href, class: 'seat-link', 'data-seat': s.seat }, t('created.playAs', { name: s.name, n: s.seat + 1 })),
            ' ',
            h('input', {
              type: 'text',
              readonly: true,
              class: 'wide seat-link-text',
              value: `${location.origin}${href}`,
              'aria-label': t('created.seatLink', { name: s.name, n: s.seat + 1 }),
              onfocus: (e) => e.target.select(),
            }),
          );
        }),
      h('li', {}, h('a', { href: base, class: 'watch-link' }, mine >= 0 ? t('created.open') : t('created.watch'))),
    );
    $('created-seats-help').hidden = !g.seats.some((s) => s.token);
    $('created').hidden = false;
    $('seat-links').querySelector('a')?.focus();
    loadMine().catch(() => {});
  } catch (e) {
    $('create-error').textContent = e.message;
  } finally {
    $('create-btn').disabled = false;
  }
}

/** The number of bots a person plays alone against: the game's smallest table, at least one. */
const botsFor = (type) => Math.max(1, type.minPlayers - 1);

/** One click: a game of `type` with this person at seat 1 and bots of the chosen level in the others. */
async function playAgainstBots(type, error) {
  error.textContent = '';
  const me = player();
  const level = $('solo-level')?.value || 'greedy';
  const players = [me ? { me: true } : { name: t('solo.you') }, ...Array.from({ length: botsFor(type) }, () => ({ bot: level }))];
  try {
    const g = await api('/games', { method: 'POST', body: { type: type.id, players }, token: me?.token });
    const seat = g.seats.find((x) => x.token);
    if (!me && seat) keepSeat(g.id, seat.seat, seat.token, seat.name);
    location.href = gameLink(g.id);
  } catch (err) {
    error.textContent = err.message;
  }
}

async function loadTypes() {
  [types, bots] = await Promise.all([gameTypes(), api('/bots').catch(() => [])]);
  const level = bots.length
    ? h(
        'p',
        {},
        h('label', { for: 'solo-level' }, t('solo.level')),
        ' ',
        h(
          'select',
          { id: 'solo-level' },
          ...bots.map((b) => h('option', { value: b.level, selected: b.level === 'greedy', title: b.description }, botLabel(b))),
        ),
      )
    : null;
  $('types').replaceChildren(
    ...types.map((x) => {
      const error = h('span', { class: 'error', role: 'alert' });
      return h(
        'li',
        { 'data-type': x.id },
        h('strong', {}, x.name),
        ` · ${t('types.players', { min: x.minPlayers, max: x.maxPlayers })} `,
        bots.length
          ? h(
              'button',
              { type: 'button', class: 'play-bots', 'data-type': x.id, onclick: () => playAgainstBots(x, error) },
              t('solo.play', { count: botsFor(x) }),
            )
          : null,
        ' ',
        error,
      );
    }),
  );
  if (level) $('types').before(level);
  $('type').replaceChildren(...types.map((x) => h('option', { value: x.id }, x.name)));
  renderCounts();
}

function start() {
  renderMe();
  renderSeats();
  loadMine().catch((e) => {
    $('mine-list').replaceChildren(h('li', { class: 'error' }, e.message));
  });
  if (player()) playerSettings(() => player()?.token);
}

$('type').addEventListener('change', renderCounts);
$('count').addEventListener('change', renderSeats);
$('create').addEventListener('submit', create);
renderMe();
document.title = t('home.title');
loadTypes()
  .catch((e) => {
    $('types').replaceChildren(h('li', { class: 'error' }, t('types.error', { error: e.message })));
  })
  .finally(() => {
    start();
    void loadLobby();
  });
