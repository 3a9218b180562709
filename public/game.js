import { api, h } from './api.js';
import { subscribe } from './live.js';

// One game: spectator, or a seat with #token=<token> in the URL fragment (never sent to the
// server in a URL: only in the Authorization header). ?at=N shows the replay at version N.
const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const token = new URLSearchParams(location.hash.slice(1)).get('token') || undefined;
const atParam = new URLSearchParams(location.search).get('at');

const state = {
  game: null, // GET /games/{id}
  at: atParam !== null && /^\d+$/.test(atParam) ? Number(atParam) : null, // null: live
  log: [],
  boardRequest: 0,
  types: [], // GET /game-types, for the game's name
  busy: false,
};

const nameOf = (seat) => state.game?.players.find((p) => p.seat === seat)?.name ?? `seat ${seat}`;
const shown = () => (state.at === null ? state.game.version : state.at);

/** A move without notation, compactly: `placeTile x=1 y=0 quarterTurns=1`. */
function compact(move) {
  if (move === null || move === undefined) return '(hidden)';
  const { type, ...rest } = move;
  return [type, ...Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`)].join(' ');
}

function showError(e) {
  $('error').textContent = e ? (e.message ?? String(e)) : '';
}

async function loadBoard() {
  const n = ++state.boardRequest;
  const version = shown();
  const path = `/api/v1/games/${encodeURIComponent(gameId)}/board.svg${state.at === null ? '' : `?at=${version}`}`;
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`board: HTTP ${res.status}`);
  const text = await res.text();
  if (n !== state.boardRequest) return; // a newer picture was asked for meanwhile
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = document.importNode(doc.documentElement, true);
  $('board').replaceChildren(svg);
  $('board').dataset.version = String(version);
}

/**
 * Each move's notation by version, read from the text record (`N. seat: notation` lines) where the
 * server has one; an empty map where it has not (the log then shows the moves compactly).
 */
async function notationsByVersion() {
  const res = await fetch(`/api/v1/games/${encodeURIComponent(gameId)}/record?format=text`, { headers: { Accept: 'text/plain', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  const byVersion = new Map();
  if (!res.ok || !(res.headers.get('content-type') || '').startsWith('text/plain')) return byVersion;
  for (const line of (await res.text()).split('\n')) {
    const m = /^(\d+)\.\s+\d+:\s+(.+)$/.exec(line.trim());
    if (m) byVersion.set(Number(m[1]), m[2]);
  }
  return byVersion;
}

async function loadLog() {
  const notations = notationsByVersion().catch(() => new Map());
  const all = [];
  for (let after = 0; ; ) {
    const page = await api(`/games/${encodeURIComponent(gameId)}/events?after=${after}&limit=1000`, { token });
    all.push(...page.moves);
    if (page.moves.length < 1000) break;
    after = page.moves[page.moves.length - 1].version;
  }
  state.log = all;
  const texts = await notations;
  $('log').replaceChildren(...all.map((m) => h('li', { 'data-version': m.version, id: `v${m.version}` },
    `${m.version}. ${nameOf(m.seat)}: `, h('code', {}, m.notation ?? texts.get(m.version) ?? compact(m.move)))));
}

function renderLogHighlight() {
  const v = shown();
  for (const li of $('log').children) {
    const on = Number(li.dataset.version) === v;
    li.classList.toggle('current', on);
    if (on) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
  }
  const cur = $('log').querySelector('.current');
  cur?.scrollIntoView({ block: 'nearest' });
}

function renderStatus() {
  const g = state.game;
  const name = state.types.find((t) => t.id === g.type)?.name ?? g.type;
  document.title = `${name} · version ${g.version}`;
  $('title').textContent = name;
  $('who').textContent = g.viewer.seat === null ? 'Spectator' : `You are ${nameOf(g.viewer.seat)} (seat ${g.viewer.seat})`;
  const turn = g.status === 'finished'
    ? `Game over. Winner: ${(g.outcome?.winners ?? []).map(nameOf).join(', ')}`
    : g.status === 'waiting' ? 'Waiting for players' : `To move: ${g.toMove.map(nameOf).join(', ')}`;
  $('status').textContent = state.at === null ? `Version ${g.version} · ${turn}` : `Replay at version ${state.at} of ${g.version} · now: ${turn}`;
  const slider = $('at');
  slider.max = String(g.version);
  slider.value = String(shown());
  $('at-out').textContent = `${shown()} / ${g.version}`;
  slider.setAttribute('aria-valuetext', `version ${shown()} of ${g.version}`);
  $('prev').disabled = shown() <= 0;
  $('next').disabled = shown() >= g.version;
  $('golive').disabled = state.at === null;
}

async function loadMoves() {
  const g = state.game;
  const box = $('moves');
  if (!token || g.viewer.seat === null) {
    $('moves-card').hidden = true;
    return;
  }
  $('moves-card').hidden = false;
  if (state.at !== null) {
    $('moves-note').textContent = 'Replaying: go back to Live to play.';
    box.replaceChildren();
    return;
  }
  if (g.status !== 'active' || !g.toMove.includes(g.viewer.seat)) {
    $('moves-note').textContent = g.status === 'finished' ? 'The game is over.' : `Waiting for ${g.toMove.map(nameOf).join(', ')}.`;
    box.replaceChildren();
    return;
  }
  const lm = await api(`/games/${encodeURIComponent(gameId)}/legal-moves`, { token });
  $('moves-note').textContent = `${lm.moves.length} legal move${lm.moves.length === 1 ? '' : 's'}: choose one.`;
  box.replaceChildren(...lm.moves.map((move, i) => h('button', { type: 'button', class: 'move', 'data-index': i, onclick: () => play(move, lm.version) }, lm.notations?.[i] ?? compact(move))));
}

async function play(move, version) {
  if (state.busy) return;
  state.busy = true;
  for (const b of $('moves').querySelectorAll('button')) b.disabled = true;
  showError(null);
  try {
    await api(`/games/${encodeURIComponent(gameId)}/moves`, { token, method: 'POST', body: { move, expectedVersion: version } });
    await refresh();
  } catch (e) {
    showError(e);
    await refresh().catch(() => {});
  } finally {
    state.busy = false;
  }
}

/** Reads the game, its log, the picture and the moves again (after a move, or a live update). */
async function refresh() {
  state.game = await api(`/games/${encodeURIComponent(gameId)}`, { token });
  if (state.at !== null && state.at > state.game.version) state.at = state.game.version;
  renderStatus();
  await Promise.all([loadBoard(), loadLog().then(renderLogHighlight), loadMoves()]);
  document.body.dataset.version = String(state.game.version);
}

function goTo(at) {
  const g = state.game;
  if (!g) return;
  const v = Math.max(0, Math.min(g.version, at));
  state.at = v;
  const url = new URL(location.href);
  url.searchParams.set('at', String(v));
  history.replaceState(null, '', url);
  renderStatus();
  renderLogHighlight();
  loadBoard().catch(showError);
  loadMoves().catch(showError);
}

function goLive() {
  state.at = null;
  const url = new URL(location.href);
  url.searchParams.delete('at');
  history.replaceState(null, '', url);
  refresh().catch(showError);
}

$('at').addEventListener('input', (e) => goTo(Number(e.target.value)));
$('prev').addEventListener('click', () => goTo(shown() - 1));
$('next').addEventListener('click', () => goTo(shown() + 1));
$('golive').addEventListener('click', goLive);
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'ArrowLeft') goTo(shown() - 1);
  else if (e.key === 'ArrowRight') goTo(shown() + 1);
  else if (e.key === 'Home') goTo(0);
  else if (e.key === 'End') goTo(state.game?.version ?? 0);
  else return;
  e.preventDefault();
});

api('/game-types').then((types) => {
  state.types = types;
  if (state.game) renderStatus();
}).catch(() => {});

refresh().then(() => {
  subscribe({
    query: 'subscription ($g: ID!) { gameUpdated(gameId: $g) { version } }',
    variables: { g: gameId },
    token,
    onData: (p) => {
      const v = p?.data?.gameUpdated?.version;
      if (typeof v === 'number' && v !== state.game?.version) refresh().catch(showError);
    },
    onStatus: (s) => { $('live').textContent = s === 'live' ? '● live' : s === 'offline' ? '○ reconnecting' : ''; },
  });
}).catch(showError);
