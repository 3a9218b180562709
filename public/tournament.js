import { api, gameTypes, h } from './api.js';
import { languageLinks, t, translate } from './i18n.js';

// A tournament's page (GET /tournaments/{id}): its name, format and rounds, the standings, and each
// round's tables with links to their games. It reads GET /api/v1/tournaments/{id}, the answer any
// client reads, and reads it again every 30 s while the tournament runs.

const $ = (id) => document.getElementById(id);
translate();
languageLinks($('langs'));
const id = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const gameLink = (gameId) => `/games/${encodeURIComponent(gameId)}`;
const points = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function render(tn, typeName) {
  document.title = t('tournament.pageTitle', { name: tn.name });
  $('title').textContent = tn.name;
  $('summary').textContent = t('tournament.summary', {
    format: t(`tournament.format.${tn.format}`),
    game: typeName,
    rounds: tn.rounds,
    seats: tn.seatsPerGame,
    rated: tn.rated ? 'yes' : 'no',
  });
  $('status').textContent = t(`tournament.status.${tn.status}`, {
    startsAt: new Date(tn.startsAt).toLocaleString(document.documentElement.lang),
  });
  $('players').replaceChildren(...tn.players.map((p) => h('li', {}, p.name)));

  $('standings').replaceChildren(
    tn.standings.length === 0
      ? h('p', { class: 'muted' }, t('tournament.noStandings'))
      : h(
          'table',
          {},
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { class: 'num', scope: 'col' }, t('tournament.rank')),
              h('th', { scope: 'col' }, t('tournament.player')),
              h('th', { class: 'num', scope: 'col' }, t('tournament.points')),
              h('th', { class: 'num', scope: 'col' }, t('tournament.buchholz')),
              h('th', { class: 'num', scope: 'col' }, t('tournament.played')),
            ),
          ),
          h(
            'tbody',
            {},
            tn.standings.map((s) =>
              h(
                'tr',
                {},
                h('td', { class: 'num' }, s.rank),
                h('td', {}, s.name),
                h('td', { class: 'num' }, points(s.points)),
                h('td', { class: 'num' }, points(s.buchholz)),
                h('td', { class: 'num' }, s.played),
              ),
            ),
          ),
        ),
  );

  $('rounds').replaceChildren(
    ...(tn.roundsPlayed.length === 0
      ? [h('p', { class: 'muted' }, t('tournament.noRounds'))]
      : tn.roundsPlayed.map((r) =>
          h(
            'section',
            { class: 'round' },
            h('h3', {}, t('tournament.round', { round: r.round, rounds: tn.rounds })),
            h(
              'ul',
              { class: 'plain' },
              r.tables.map((x) => {
                const who = x.players.map((p) => p.name).join(', ');
                if (x.bye) return h('li', {}, t('tournament.bye', { table: x.table, players: who }));
                const label = t('tournament.table', { table: x.table, players: who, status: t(`tournament.tableStatus.${x.status}`) });
                return h('li', {}, x.gameId ? h('a', { href: gameLink(x.gameId) }, label) : label);
              }),
            ),
          ),
        )),
  );
}

async function load() {
  try {
    const tn = await api(`/tournaments/${encodeURIComponent(id)}`);
    const types = await gameTypes().catch(() => []);
    render(tn, types.find((x) => x.id === tn.game)?.name ?? tn.game);
    $('error').textContent = '';
    if (tn.status === 'open' || tn.status === 'running') setTimeout(() => void load(), 30_000);
  } catch (err) {
    $('error').textContent = err.status === 404 ? t('tournament.notFound') : err.message;
  }
}

// load handles its own errors (shown on the page).
void load();
