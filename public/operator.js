// The operator's outbox page: GET /api/v1/admin/outbox/summary and POST .../{id}/retry, with the
// operator token the person types (kept in sessionStorage, this tab only).
import { api, h } from './api.js';

const $ = (id) => document.getElementById(id);
const KEY = 'citybuilder.operatorToken';
let token = sessionStorage.getItem(KEY) || '';

function table(rows, retry) {
  if (rows.length === 0) return h('p', { class: 'muted' }, 'None.');
  const head = h(
    'tr',
    {},
    ...['Created', 'Game', 'Move', 'Seat', 'Kind', 'Channel', 'Target', 'Attempts', 'Last error', ''].map((t) =>
      h('th', { scope: 'col' }, t),
    ),
  );
  const body = rows.map((r) =>
    h(
      'tr',
      { 'data-id': r.id },
      h('td', {}, new Date(r.createdAt).toLocaleString()),
      h('td', {}, h('a', { href: `/games/${r.gameId}` }, r.gameId.slice(0, 8))),
      h('td', {}, r.version),
      h('td', {}, r.seat),
      h('td', {}, r.kind),
      h('td', {}, r.channel),
      h('td', {}, h('code', {}, r.target)),
      h('td', {}, r.attempts),
      h('td', { class: 'err' }, r.lastError || ''),
      h('td', {}, h('button', { type: 'button', onclick: () => retry(r.id) }, 'Retry now')),
    ),
  );
  return h('table', {}, h('thead', {}, head), h('tbody', {}, ...body));
}

async function retry(id) {
  $('error').textContent = '';
  try {
    const r = await api(`/admin/outbox/${id}/retry`, { token, method: 'POST' });
    $('error').textContent = r.status === 'pending' || r.status === 'dead' ? `Still failing: ${r.lastError}` : '';
  } catch (err) {
    $('error').textContent = err.message;
  }
  await load();
}

async function load() {
  if (!token) return;
  try {
    const s = await api('/admin/outbox/summary', { token });
    $('counts').replaceChildren(
      ...(s.counts.length
        ? s.counts.map((c) => h('span', {}, `${c.status} ${c.channel}: `, h('strong', {}, c.count)))
        : [h('span', {}, 'Nothing waiting, nothing dead.')]),
    );
    $('counts').classList.remove('muted');
    $('dead').replaceChildren(table(s.dead, retry));
    $('retrying').replaceChildren(table(s.retrying, retry));
    $('errors').replaceChildren(
      s.errors.length === 0
        ? h('p', { class: 'muted' }, 'None.')
        : h(
            'table',
            {},
            h('thead', {}, h('tr', {}, ...['Last seen', 'Channel', 'Notifications', 'Error'].map((t) => h('th', { scope: 'col' }, t)))),
            h(
              'tbody',
              {},
              ...s.errors.map((e) =>
                h(
                  'tr',
                  {},
                  h('td', {}, new Date(e.last).toLocaleString()),
                  h('td', {}, e.channel),
                  h('td', {}, e.count),
                  h('td', { class: 'err' }, e.error),
                ),
              ),
            ),
          ),
    );
  } catch (err) {
    $('error').textContent = err.message;
  }
}

$('token').value = token;
$('login').addEventListener('submit', (e) => {
  e.preventDefault();
  token = $('token').value.trim();
  sessionStorage.setItem(KEY, token);
  $('error').textContent = '';
  void load();
});
$('refresh').addEventListener('click', () => void load());
void load();
setInterval(() => void load(), 15_000);
