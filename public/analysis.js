import { api, h } from './api.js';
import { t } from './i18n.js';

// Analysis beside the replay (issue 21 item 6): for the version shown and a chosen seat, each legal
// move's chance to win from a seeded search of what that seat could see (GET /analysis), the move
// the search prefers and the move played; and the whole game analysed in the background
// (POST/GET /analysis/whole), its progress shown and each move's loss of winning chance marked in
// the log. Finished games, for anyone; a game created with analysis: true, for the seat itself.

const $ = (id) => document.getElementById(id);
/** JSON with sorted keys: two moves are the same when these are equal. */
const stable = (x) =>
  JSON.stringify(x, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
const percent = (x) => (x === null || x === undefined ? '–' : `${Math.round(100 * x)} %`);
/** How a move's loss of winning chance is marked (as chess sites mark inaccuracies, mistakes and blunders). */
const severity = (loss) => (loss >= 0.2 ? 'blunder' : loss >= 0.08 ? 'mistake' : loss >= 0.02 ? 'inaccuracy' : null);

const panel = {
  ctx: null, // { gameId, enc, token, game, at, log, nameOf }
  auto: false, // the reader asked for an analysis: follow the replay
  request: 0,
  seat: null, // chosen by the reader, else the seat that moves next
  whole: null, // GET /analysis/whole
  polling: null,
  loaded: null, // the game whose whole analysis was looked up
};

const allowed = (g) => g.status === 'finished' || (g.analysis === true && g.viewer.seat !== null);

/** The seat whose move follows version `at` in the log (or the viewer's, or the first). */
function seatAt(ctx) {
  const next = ctx.log.find((m) => m.version === ctx.at + 1);
  if (next) return next.seat;
  return ctx.game.viewer.seat ?? ctx.game.toMove[0] ?? 0;
}

/** Shows the panel for the game and version the page shows (called on every render and replay step). */
export function renderAnalysis(ctx) {
  const card = $('analysis-card');
  const g = ctx.game;
  card.hidden = !allowed(g);
  if (card.hidden) return;
  const moved = panel.ctx && (panel.ctx.at !== ctx.at || panel.ctx.game.version !== g.version);
  panel.ctx = ctx;
  const live = g.status !== 'finished';
  // While the game runs (analysis: true), a seat analyses its own positions only.
  const seats = live ? [g.viewer.seat] : g.players.map((p) => p.seat);
  const select = $('analysis-seat');
  if (select.options.length !== seats.length) {
    select.replaceChildren(...seats.map((s) => h('option', { value: s }, ctx.nameOf(s))));
    select.onchange = () => {
      panel.seat = Number(select.value);
      void run();
    };
    $('analysis-run').onclick = () => {
      panel.auto = true;
      void run();
    };
    $('analysis-whole').onclick = whole;
  }
  const seat = live ? g.viewer.seat : (panel.seat ?? seatAt(ctx));
  select.value = String(seat);
  select.disabled = live;
  $('analysis-note').textContent = t(live ? 'analysis.noteOwn' : 'analysis.note');
  $('analysis-whole').hidden = live;
  if (moved) {
    if (panel.auto) void run();
    else clear();
  }
  // The whole game's analysis is looked up only where this browser asked for one (GET answers 404
  // for a game never analysed, which the console would show as an error on every replay).
  if (!live && panel.loaded !== ctx.gameId && askedBefore(ctx.gameId)) {
    panel.loaded = ctx.gameId;
    api(`/games/${ctx.enc}/analysis/whole`, { token: ctx.token })
      .then(showWhole)
      .catch(() => {});
  }
  markLog();
}

function clear() {
  $('analysis-moves').hidden = true;
  $('analysis-moves').querySelector('tbody').replaceChildren();
  $('analysis-best').textContent = '';
}

/** Analyses the position shown for the seat chosen. */
async function run() {
  const ctx = panel.ctx;
  if (!ctx) return;
  const seat = Number($('analysis-seat').value);
  const at = ctx.at;
  const n = ++panel.request;
  $('analysis-best').textContent = t('analysis.running');
  try {
    const a = await api(`/games/${ctx.enc}/analysis?at=${at}&seat=${seat}`, { token: ctx.token });
    if (n !== panel.request) return; // the replay moved meanwhile
    const next = ctx.log.find((m) => m.version === at + 1);
    const played = next && next.seat === seat && next.move ? stable(next.move) : null;
    const best = a.best === null ? null : stable(a.best);
    const rows = a.moves.map((m) => {
      const key = stable(m.move);
      const marks = [key === best ? t('analysis.best') : null, key === played ? t('analysis.played') : null].filter(Boolean).join(', ');
      return h(
        'tr',
        {
          class: [key === best ? 'best' : '', key === played ? 'played' : ''].join(' ').trim() || null,
          'data-notation': m.notation ?? null,
        },
        h('td', {}, h('code', {}, m.notation ?? JSON.stringify(m.move)), marks ? h('small', { class: 'muted' }, ` ${marks}`) : null),
        h('td', { class: 'num' }, percent(m.chance)),
        h('td', { class: 'num' }, String(m.visits)),
      );
    });
    $('analysis-moves')
      .querySelector('tbody')
      .replaceChildren(...rows);
    $('analysis-moves').hidden = rows.length === 0;
    $('analysis-best').textContent =
      rows.length === 0
        ? t('analysis.none', { name: ctx.nameOf(seat) })
        : t('analysis.summary', { iterations: a.searched, name: ctx.nameOf(seat), version: at });
  } catch (e) {
    if (n === panel.request) $('analysis-best').textContent = e.message ?? String(e);
  }
}

const ASKED = 'cb.analysed';
const askedBefore = (gameId) => {
  try {
    return JSON.parse(localStorage.getItem(ASKED) ?? '[]').includes(gameId);
  } catch {
    return false;
  }
};
const rememberAsked = (gameId) => {
  try {
    localStorage.setItem(
      ASKED,
      JSON.stringify([...JSON.parse(localStorage.getItem(ASKED) ?? '[]').filter((x) => x !== gameId), gameId].slice(-50)),
    );
  } catch {
    /* private mode: asked for this page only */
  }
};

/** Asks for the whole game's analysis (asking again answers the one there is), then follows its progress. */
async function whole() {
  const ctx = panel.ctx;
  if (!ctx) return;
  rememberAsked(ctx.gameId);
  try {
    showWhole(await api(`/games/${ctx.enc}/analysis/whole`, { token: ctx.token, method: 'POST', body: {} }));
  } catch (e) {
    $('analysis-progress').textContent = e.message ?? String(e);
  }
}

function showWhole(a) {
  panel.whole = a;
  const p = $('analysis-progress');
  p.textContent =
    a.status === 'done'
      ? t('analysis.wholeDone', { count: a.total })
      : a.status === 'failed'
        ? t('analysis.wholeFailed', { error: a.error ?? '' })
        : t('analysis.progress', { done: a.done, total: a.total });
  $('analysis-whole').disabled = true;
  markLog();
  clearTimeout(panel.polling);
  if (a.status === 'queued' || a.status === 'running') {
    panel.polling = setTimeout(() => {
      api(`/games/${panel.ctx.enc}/analysis/whole`, { token: panel.ctx.token })
        .then(showWhole)
        .catch(() => {});
    }, 1000);
  }
}

/** Marks each log entry the whole analysis found costly: its loss of winning chance and the preferred move. */
export function markLog() {
  const a = panel.whole;
  if (!a) return;
  const byVersion = new Map(a.moves.map((m) => [m.version, m]));
  for (const li of $('log').children) {
    const m = byVersion.get(Number(li.dataset.version));
    const level = m && m.loss !== null ? severity(m.loss) : null;
    li.querySelector('.loss')?.remove();
    li.classList.remove('inaccuracy', 'mistake', 'blunder');
    if (!level) continue;
    li.classList.add(level);
    li.append(
      h(
        'span',
        { class: 'loss', title: t('analysis.loss', { loss: percent(m.loss), best: m.bestNotation ?? '?' }) },
        ` −${percent(m.loss)}`,
      ),
    );
  }
}
