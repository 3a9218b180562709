import { api, h } from './api.js';

const $ = (id) => document.getElementById(id);
let types = [];

function renderNames() {
  const n = Number($('count').value);
  const box = $('names');
  const old = [...box.querySelectorAll('input')].map((i) => i.value);
  box.querySelectorAll('div').forEach((d) => d.remove());
  for (let i = 0; i < n; i++) {
    const id = `name-${i}`;
    box.append(h('div', {}, h('label', { for: id }, `Seat ${i}`), h('input', { type: 'text', id, name: id, maxlength: 64, required: true, value: old[i] ?? `Player ${i + 1}`, autocomplete: 'off' })));
  }
}

/** One control per option of the game (from its JSON Schema), set to the default. */
function renderOptions(t) {
  const box = $('options');
  box.querySelectorAll('div').forEach((d) => d.remove());
  const props = Object.entries(t.options?.properties ?? {});
  box.hidden = props.length === 0;
  for (const [key, schema] of props) {
    const id = `opt-${key}`;

    let input;
    if (schema.type === 'boolean') input = h('input', { type: 'checkbox', id, 'data-option': key, 'data-kind': 'boolean', checked: schema.default === true });
    else if (Array.isArray(schema.enum)) input = h('select', { id, 'data-option': key, 'data-kind': 'string' }, ...schema.enum.map((v) => h('option', { value: v, selected: v === schema.default }, v === '' ? '(none)' : v)));
    else if (schema.type === 'integer') input = h('input', { type: 'number', id, 'data-option': key, 'data-kind': 'integer', value: schema.default ?? '', min: schema.minimum, max: schema.maximum, step: 1 });
    else input = h('input', { type: 'text', id, 'data-option': key, 'data-kind': 'string', value: schema.default ?? '', autocomplete: 'off' });
    box.append(h('div', {}, h('label', { for: id }, key, schema.description ? h('span', { class: 'hint' }, ` (${schema.description})`) : null), input));
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
  const t = types.find((x) => x.id === $('type').value);
  if (!t) return;
  renderOptions(t);
  const sel = $('count');
  const keep = Number(sel.value);
  sel.replaceChildren(...Array.from({ length: t.maxPlayers - t.minPlayers + 1 }, (_, i) => h('option', { value: t.minPlayers + i }, String(t.minPlayers + i))));
  sel.value = String(Math.min(t.maxPlayers, Math.max(t.minPlayers, keep || Math.max(2, t.minPlayers))));
  renderNames();
}

async function loadTypes() {
  types = await api('/game-types');
  $('types').replaceChildren(...types.map((t) => h('li', {}, h('strong', {}, t.name), ` (${t.id}) · ${t.minPlayers}–${t.maxPlayers} players · engine v${t.engineVersion}`)));
  $('type').replaceChildren(...types.map((t) => h('option', { value: t.id }, t.name)));
  renderCounts();
}

async function create(ev) {
  ev.preventDefault();
  $('create-error').textContent = '';
  const players = [...$('names').querySelectorAll('input')].map((i) => ({ name: i.value.trim() }));
  if (players.some((p) => !p.name)) {
    $('create-error').textContent = 'Every seat needs a name.';
    return;
  }
  const body = { type: $('type').value, players, options: readOptions() };
  if ($('seed').value.trim()) body.seed = $('seed').value.trim();
  $('create-btn').disabled = true;
  try {
    const g = await api('/games', { method: 'POST', body });
    const base = `/games/${encodeURIComponent(g.id)}`;
    $('seat-links').replaceChildren(
      ...g.seats.filter((s) => s.token).map((s) => h('li', {}, h('a', { href: `${base}#token=${encodeURIComponent(s.token)}`, class: 'seat-link', 'data-seat': s.seat }, `Play as ${s.name} (seat ${s.seat})`))),
      h('li', {}, h('a', { href: base, class: 'watch-link' }, 'Watch as a spectator')),
    );
    $('created').hidden = false;
    $('seat-links').querySelector('a')?.focus();
  } catch (e) {
    $('create-error').textContent = e.message;
  } finally {
    $('create-btn').disabled = false;
  }
}

// The lobby (open games) exists only on servers that have it: the section shows only when the call succeeds.
async function loadLobby() {
  try {
    const data = await api('/lobby');
    const games = Array.isArray(data) ? data : Array.isArray(data?.games) ? data.games : [];
    const nameOf = (type) => types.find((t) => t.id === type)?.name ?? type ?? 'game';
    $('lobby-list').replaceChildren(...games.map((g) => h('li', {},
      h('a', { href: `/games/${encodeURIComponent(g.id)}` }, `${nameOf(g.type)} ${String(g.id).slice(0, 8)}`),
      typeof g.seatsOpen === 'number' ? ` · ${g.seatsOpen} open seat${g.seatsOpen === 1 ? '' : 's'} of ${(g.seatsOpen ?? 0) + (g.seatsTaken ?? 0)}` : '',
      Array.isArray(g.seats) ? ` · ${g.seats.filter((x) => !x.open && x.name).map((x) => x.name).join(', ')}` : '',
      g.createdAt ? ` · ${new Date(g.createdAt).toLocaleString()}` : '')));
    if (games.length === 0) $('lobby-list').replaceChildren(h('li', { class: 'muted' }, 'No open game right now.'));
    $('lobby').hidden = false;
  } catch {
    $('lobby').hidden = true;
  }
}

$('type').addEventListener('change', renderCounts);
$('count').addEventListener('change', renderNames);
$('create').addEventListener('submit', create);
loadTypes().catch((e) => { $('types').replaceChildren(h('li', { class: 'error' }, `Could not load the game types: ${e.message}`)); }).finally(loadLobby);
