import { api, gameTypes, h, problemError } from './api.js';
import { closeChooser, mountBoard, openChooser } from './board.js';
import { lang, languageLinks, t, translate } from './i18n.js';
import { invites, keepSeat, tokenFor } from './identity.js';
import { subscribe } from './live.js';
import { waitingPanel } from './waiting.js';
import { chancesPanel } from './chances.js';
import { seatSettings } from './settings.js';
import { markLog, renderAnalysis } from './analysis.js';

// One game: played as a seat (its token from #token=, kept in the browser, or the player token),
// or watched as a spectator; ?at=N shows the replay at version N. Each update is drawn once, all
// at once (picture, moves, log), so a click never lands on a button that is about to go.

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
let token = tokenFor(gameId);
const atParam = new URLSearchParams(location.search).get('at');

const state = {
  game: null, // GET /games/{id}
  lm: null, // GET /legal-moves?include=labels, when the seat must act (at the game's version)
  at: atParam !== null && /^\d+$/.test(atParam) ? Number(atParam) : null, // null: live
  log: [],
  logFinished: false,
  typeName: '',
  busy: false,
  wanted: 0, // the newest version heard of
  refreshing: null,
  boardRequest: 0,
};

translate();
languageLinks($('langs'));
const enc = encodeURIComponent(gameId);
const nameOf = (seat) => {
  const p = state.game?.players.find((x) => x.seat === seat);
  return p && p.name ? p.name : t('seat.open', { n: seat + 1 });
};
/** Whether the page acts with a turn mail's game link (gl1....): the seat's view, read-only. */
const viewOnly = () => typeof token === 'string' && token.startsWith('gl1.');
const shown = () => (state.at === null ? state.game.version : state.at);
const mySeat = () => state.game?.viewer.seat ?? null;
const mustAct = (g) =>
  g.status === 'active' &&
  g.viewer.seat !== null &&
  g.toMove.includes(g.viewer.seat) &&
  !g.players.find((p) => p.seat === g.viewer.seat)?.resigned;

function showError(e) {
  $('error').textContent = e ? (e.message ?? String(e)) : '';
}

/** The board picture at `at` (now when null), as an SVG element. */
async function fetchBoard(at) {
  const res = await fetch(`/api/v1/games/${enc}/board.svg${at === null ? '' : `?at=${at}`}`, {
    headers: { 'Accept-Language': document.documentElement.lang, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw problemError(res.status, (res.headers.get('content-type') || '').includes('json') ? await res.json() : null);
  const doc = new DOMParser().parseFromString(await res.text(), 'image/svg+xml');
  return document.importNode(doc.documentElement, true);
}

/** The moves after the log's last, with their words (all of them once the game is over, when hidden moves show). */
async function fetchLog(all) {
  const entries = all ? [] : state.log.slice();
  for (;;) {
    const after = entries.at(-1)?.version ?? 0;
    const page = await api(`/games/${enc}/events?after=${after}&limit=1000&include=labels`, { token });
    entries.push(...page.moves);
    if (page.moves.length < 1000) return entries;
  }
}

function renderLog() {
  const box = $('log');
  for (const m of state.log.slice(box.children.length)) {
    box.append(
      h(
        'li',
        { 'data-version': m.version, id: `v${m.version}` },
        h('span', { class: 'log-v' }, `${m.version}.`),
        ' ',
        h('strong', {}, nameOf(m.seat)),
        lang === 'fr' ? '\u00a0: ' : ': ',
        m.label ?? m.move?.type ?? '?',
      ),
    );
  }
  markLog();
  renderLogHighlight();
}

/** The analysis card beside the log, for the version shown (analysis.js). */
function showAnalysis() {
  renderAnalysis({ gameId, enc, token, game: state.game, at: shown(), log: state.log, nameOf });
}

function renderLogHighlight() {
  const v = shown();
  for (const li of $('log').children) {
    const on = Number(li.dataset.version) === v;
    li.classList.toggle('current', on);
    if (on) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
  }
  $('log').querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

function renderStatus() {
  const g = state.game;
  document.title = t('page.gameTitle', { game: state.typeName || g.type, version: g.version });
  $('title').textContent = state.typeName || g.type;
  $('who').textContent = g.viewer.seat === null ? t('who.spectator') : t('who.seat', { name: nameOf(g.viewer.seat) });
  const names = (seats) => seats.map(nameOf).join(', ');
  const now =
    g.status === 'finished'
      ? t('status.over', { winners: names(g.outcome?.winners ?? []) })
      : g.status === 'waiting'
        ? t('status.waiting')
        : g.status === 'expired'
          ? t('status.expired')
          : t('status.toMove', { names: names(g.toMove) });
  // Moves by their number: "after move 8", "replay after move 3 of 40"; never an internal version word.
  $('status').textContent =
    state.at === null
      ? g.version === 0
        ? t('status.start', { now })
        : t('status.live', { version: g.version, now })
      : state.at === 0
        ? t('status.replayStart', { version: g.version, now })
        : t('status.replay', { at: state.at, version: g.version, now });
  const turn = $('turn');
  turn.className = 'turn';
  if (g.status === 'active' && mySeat() !== null) {
    if (mustAct(g)) {
      turn.textContent = t('turn.yours');
      turn.classList.add('yours');
    } else turn.textContent = t('turn.waitFor', { names: names(g.toMove) });
  } else if (g.status === 'finished') {
    // A finished game says so, and offers its replay and its analysis.
    turn.replaceChildren(
      t('finished.offer'),
      ' ',
      h('button', { type: 'button', id: 'finished-replay', onclick: () => goTo(0) }, t('finished.replay')),
      ' ',
      h(
        'button',
        {
          type: 'button',
          id: 'finished-analyse',
          onclick: () => {
            if (state.at === null) goTo(g.version);
            $('analysis-card').scrollIntoView({ block: 'start' });
          },
        },
        t('finished.analyse'),
      ),
    );
  } else turn.textContent = '';
  if (g.status === 'finished') $('live').textContent = t('live.finished');
  const slider = $('at');
  slider.max = String(g.version);
  slider.value = String(shown());
  $('at-out').textContent = `${shown()} / ${g.version}`;
  slider.setAttribute('aria-valuetext', t('replay.valueText', { at: shown(), version: g.version }));
  $('prev').disabled = shown() <= 0;
  $('next').disabled = shown() >= g.version;
  $('golive').disabled = state.at === null;
}

/** The moves card: the moves with no place on the board as buttons, and every legal move in words. */
function renderMoves() {
  const g = state.game;
  const card = $('moves-card');
  card.hidden = g.viewer.seat === null || g.status === 'waiting';
  $('board-help').hidden = true;
  const actions = $('actions');
  const list = $('moves');
  if (card.hidden) return;
  if (state.at !== null || !mustAct(g) || !state.lm) {
    $('moves-note').textContent =
      g.status === 'finished'
        ? state.at !== null
          ? t('moves.replayingOver')
          : t('moves.over')
        : state.at !== null
          ? t('moves.replaying')
          : t('moves.waiting', { names: g.toMove.map(nameOf).join(', ') });
    actions.replaceChildren();
    list.replaceChildren();
    $('all-moves').hidden = true;
    return;
  }
  const lm = state.lm;
  const onBoard = new Set();
  for (const el of $('board').querySelectorAll('[data-notations]')) for (const n of el.dataset.notations.split('|')) onBoard.add(n);
  const offBoard = lm.notations.map((n, i) => ({ n, i })).filter(({ n }) => !onBoard.has(n));
  $('board-help').hidden = onBoard.size === 0;
  $('moves-note').textContent = viewOnly() ? t('moves.byMail', { count: lm.moves.length }) : t('moves.count', { count: lm.moves.length });
  const moveButton = (cls, i) =>
    h(
      'button',
      { type: 'button', class: cls, 'data-notation': lm.notations[i], onclick: () => play(lm.notations[i]) },
      h('span', { class: 'words' }, lm.labels?.[i] ?? notationShown(lm.notations[i])),
      notationShown(lm.notations[i]) ? [' ', h('small', { class: 'notation' }, notationShown(lm.notations[i]))] : null,
    );
  actions.replaceChildren(...offBoard.map(({ i }) => moveButton('action', i)));
  $('all-moves').hidden = false;
  $('all-moves-summary').textContent = t('moves.all', { count: lm.moves.length });
  list.replaceChildren(...lm.notations.map((_, i) => h('li', {}, moveButton('move', i))));
}

/**
 * A notation as shown beside a move's words, or '' when it names a component by an internal id
 * (City Tycoon's tiles, t1_22): people read the words, which name the tile; the notation stays in
 * data-notation for scripts and mail replies.
 */
const notationShown = (n) => (/\b[a-z]+\d*_\d+\b/i.test(n) ? '' : n);

/** Draws a new state: the picture, the status, the moves and the log, in one go. */
function render(svg) {
  if (svg) {
    $('board').replaceChildren(svg);
    $('board').dataset.version = String(shown());
    mountBoard($('board'), state.at === null ? state.lm : null, { onPlay: play, onChoose: choose });
  }
  closeChooser();
  renderStatus();
  renderMoves();
  renderLog();
  void chancesPanel(state.game);
  showAnalysis();
  waitingPanel(state.game, {
    token,
    gameId,
    invite: inviteCode(),
    onChange: (tok) => {
      if (tok) token = tok;
      void requestRefresh(0, true);
    },
  });
  // A turn mail's game link shows the seat's view only: its settings need the seat token.
  $('seat-settings').hidden = mySeat() === null || viewOnly();
  if (mySeat() !== null && !viewOnly()) seatSettings(gameId, () => token);
  document.body.dataset.version = String(state.game.version);
}

function choose(notations, anchor) {
  const lm = state.lm;
  if (!lm) return;
  openChooser(
    anchor,
    notations.map((n) => ({ notation: n, label: lm.labels?.[lm.notations.indexOf(n)] ?? n, shown: notationShown(n) })),
    play,
  );
}

const inviteCode = () => new URLSearchParams(location.hash.slice(1)).get('invite') ?? invites()[gameId] ?? null;

/**
 * One full read: the game, its picture, the seat's legal moves and the new log entries, asked
 * together; false when they disagree on the version (a move landed in between: read again).
 */
async function refreshOnce(force) {
  const at = state.at;
  // The seat's legal moves come with the rest: asked whenever the token may be a seat's.
  const seated = state.game ? mySeat() !== null : !!token;
  const [game, svg, lm, log] = await Promise.all([
    api(`/games/${enc}`, { token }),
    fetchBoard(at),
    at === null && seated ? api(`/games/${enc}/legal-moves?include=labels`, { token }).catch(() => null) : null,
    fetchLog(false),
  ]);
  if (!force && state.shownOnce && game.version === state.game.version && game.status === state.game.status && at === null) return true;
  if (at !== null && at > game.version) {
    state.at = game.version;
    return false;
  }
  const finished = game.status === 'finished';
  const entries = finished && !state.logFinished ? await fetchLog(true) : log;
  const lastLogged = entries.at(-1)?.version ?? 0;
  if (
    (at === null && Number(svg.getAttribute('data-version')) !== game.version) ||
    (lm && lm.version !== game.version) ||
    lastLogged !== game.version
  )
    return false;
  if (at !== state.at) return false; // the replay moved meanwhile
  // A seat learns it is one on the first read: its legal moves come with the next.
  if (at === null && !lm && mustAct(game)) {
    state.game = game;
    return false;
  }
  state.game = game;
  state.lm = mustAct(game) ? lm : null;
  if (finished !== state.logFinished) $('log').replaceChildren();
  state.log = entries;
  state.logFinished = finished;
  state.shownOnce = true;
  if (state.readError) {
    state.readError = false;
    showError(null);
  }
  render(svg);
  return true;
}

/** Asks for the game at `version` or newer; updates already under way are joined, not repeated. */
function requestRefresh(version = 0, force = false) {
  // Already shown (the move's answer and its live update name the same version): nothing to do.
  if (!force && !state.refreshing && state.game && state.game.version >= version) return Promise.resolve();
  state.wanted = Math.max(state.wanted, version);
  if (force) state.force = true;
  state.refreshing ??= (async () => {
    let again = false;
    try {
      for (let tries = 0; ; tries++) {
        const f = state.force;
        state.force = false;
        const ok = await refreshOnce(f || tries > 0);
        if (ok && state.game.version >= state.wanted && !state.force) break;
        // Moves keep landing between the reads: a short pause, then read again.
        if (tries >= 3) await new Promise((r) => setTimeout(r, Math.min(2000, 100 * tries)));
      }
    } catch (e) {
      showError(e);
      state.readError = true;
      // The server did not answer (or refused): try again in a while; a live update also retries.
      again = !!state.game && e?.status !== 404;
    } finally {
      state.refreshing = null;
    }
    if (again) setTimeout(() => requestRefresh(0, true), 3000);
  })();
  return state.refreshing;
}

async function play(notation) {
  const lm = state.lm;
  if (state.busy || !lm) return;
  if (viewOnly()) {
    showError(t('moves.byMail', { count: lm.moves.length }));
    return;
  }
  const i = lm.notations.indexOf(notation);
  if (i < 0) return;
  state.busy = true;
  document.body.classList.add('busy');
  closeChooser();
  showError(null);
  try {
    const send = (list) =>
      api(`/games/${enc}/moves`, {
        token,
        method: 'POST',
        body: { move: list.moves[list.notations.indexOf(notation)], expectedVersion: list.version },
      });
    let r;
    try {
      r = await send(lm);
    } catch (e) {
      // Another seat moved meanwhile (a simultaneous phase, a bot): if this seat's choices are the
      // very same, the move clicked still means what it meant: send it again, once, at the new version.
      if (e.code !== 'VERSION_CONFLICT') throw e;
      await requestRefresh(0, true);
      const now = state.lm;
      if (!now || now.notations.join('\n') !== lm.notations.join('\n')) throw e;
      r = await send(now);
    }
    state.lm = null;
    await requestRefresh(r.version);
  } catch (e) {
    showError(e);
    await requestRefresh(0, true);
  } finally {
    state.busy = false;
    document.body.classList.remove('busy');
  }
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
  renderMoves();
  showAnalysis();
  const n = ++state.boardRequest;
  fetchBoard(v)
    .then((svg) => {
      if (n !== state.boardRequest || state.at !== v) return;
      $('board').replaceChildren(svg);
      $('board').dataset.version = String(v);
      mountBoard($('board'), null, {});
    })
    .catch(showError);
}

function goLive() {
  state.at = null;
  const url = new URL(location.href);
  url.searchParams.delete('at');
  history.replaceState(null, '', url);
  void requestRefresh(0, true);
}

$('at').addEventListener('input', (e) => goTo(Number(e.target.value)));
$('prev').addEventListener('click', () => goTo(shown() - 1));
$('next').addEventListener('click', () => goTo(shown() + 1));
$('golive').addEventListener('click', goLive);
$('chooser-cancel').addEventListener('click', closeChooser);
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') closeChooser();
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement) return;
  if (e.target instanceof Element && e.target.closest('[data-notations]')) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'ArrowLeft') goTo(shown() - 1);
  else if (e.key === 'ArrowRight') goTo(shown() + 1);
  else if (e.key === 'Home') goTo(0);
  else if (e.key === 'End') goTo(state.game?.version ?? 0);
  else return;
  e.preventDefault();
});

// A seat token in the URL is kept in this browser for this game, then taken out of the address
// bar (so a copied address or a screenshot does not carry it).
const urlToken = new URLSearchParams(location.hash.slice(1)).get('token');
gameTypes()
  .then((types) => {
    state.typeName = types.find((x) => x.id === state.game?.type)?.name ?? state.typeName;
    if (state.game) renderStatus();
  })
  .catch(() => {});

requestRefresh(0, true)
  .then(() => {
    if (!state.game) return;
    state.typeName = state.typeName || state.game.type;
    gameTypes()
      .then((types) => {
        state.typeName = types.find((x) => x.id === state.game.type)?.name ?? state.game.type;
        renderStatus();
      })
      .catch(() => {});
    if (urlToken && mySeat() !== null) {
      keepSeat(gameId, mySeat(), urlToken, nameOf(mySeat()));
      history.replaceState(null, '', location.pathname + location.search);
    }
    subscribe({
      query: 'subscription ($g: ID!) { gameUpdated(gameId: $g) { version } }',
      variables: { g: gameId },
      token,
      onData: (p) => {
        const v = p?.data?.gameUpdated?.version;
        if (typeof v === 'number') void requestRefresh(v);
      },
      onStatus: (s) => {
        $('live').textContent =
          state.game?.status === 'finished' ? t('live.finished') : s === 'live' ? t('live.on') : s === 'offline' ? t('live.off') : '';
      },
    });
  })
  .catch(showError);
