import { api, h } from './api.js';
import { t } from './i18n.js';

// Notification settings (a seat's, on its game page; a player's, for all their games) and the
// player's vacation. The forms show what the server has (GET of the same path), and save with PUT.

export const NOTICE_KINDS = ['turn', 'reminder', 'timeout', 'finished', 'joined', 'takeback', 'conditional'];
const MAIL_LANGUAGES = ['en', 'fr'];

/** Fills a settings form (email, event boxes, the mails' language) from GET `path` and saves it with PUT `path`. */
function notificationForm({ form, email, events, status, path, token }) {
  if (form.dataset.mounted) return;
  form.dataset.mounted = 'yes';
  const language = h(
    'select',
    { name: 'language', id: `${form.id}-language` },
    ...MAIL_LANGUAGES.map((l) => h('option', { value: l }, t(`notify.lang.${l}`))),
  );
  events.closest('fieldset').before(h('p', {}, h('label', { for: language.id }, t('notify.language')), ' ', language));
  const show = (r) => {
    email.value = r?.email ?? '';
    language.value = r?.language ?? (document.documentElement.lang === 'fr' ? 'fr' : 'en');
    events.replaceChildren(
      ...NOTICE_KINDS.map((k) =>
        h(
          'label',
          { class: 'check' },
          h('input', { type: 'checkbox', name: 'event', value: k, checked: !r || r.events.includes(k) }),
          ' ',
          t(`notify.kind.${k}`),
        ),
      ),
    );
  };
  show(null);
  api(path, { token: token() })
    .then(show)
    .catch(() => {});
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    status.textContent = '';
    const body = {
      email: email.value.trim() === '' ? null : email.value.trim(),
      events: [...events.querySelectorAll('input:checked')].map((i) => i.value),
      language: language.value,
    };
    try {
      show(await api(path, { token: token(), method: 'PUT', body }));
      status.textContent = t('notify.saved');
    } catch (err) {
      status.textContent = err.message;
    }
  });
}

/** The game page's "notifications for this game" form (seat token, or the player's for its seat). */
export function seatSettings(gameId, token) {
  const $ = (id) => document.getElementById(id);
  notificationForm({
    form: $('seat-notify'),
    email: $('seat-email'),
    events: $('seat-events'),
    status: $('seat-notify-status'),
    path: `/games/${encodeURIComponent(gameId)}/seats/me/notifications`,
    token,
  });
}

/** The home page's player settings: notifications for all games, and vacation. */
export function playerSettings(token) {
  const $ = (id) => document.getElementById(id);
  if ($('vacation-form').dataset.mounted) return;
  $('vacation-form').dataset.mounted = 'yes';
  notificationForm({
    form: $('player-notify'),
    email: $('player-email'),
    events: $('player-events'),
    status: $('player-notify-status'),
    path: '/players/me/notifications',
    token,
  });
  const show = (v) => {
    const days = t('vacation.daysLeft', { count: Math.floor((v.daysLeft ?? 0) * 10) / 10 });
    $('vacation-now').textContent = v.until
      ? t('vacation.until', { until: new Date(v.until).toLocaleString(document.documentElement.lang), days })
      : t('vacation.none', { days });
    $('vacation-end').hidden = !v.until;
  };
  const load = () =>
    api('/players/me/vacation', { token: token() })
      .then(show)
      .catch((e) => {
        $('vacation-now').textContent = e.message;
      });
  $('vacation-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    $('vacation-status').textContent = '';
    const day = $('vacation-until').value;
    if (!day) return;
    try {
      show(
        await api('/players/me/vacation', { token: token(), method: 'PUT', body: { until: new Date(`${day}T23:59:59`).toISOString() } }),
      );
      $('vacation-status').textContent = t('vacation.saved');
    } catch (err) {
      $('vacation-status').textContent = err.message;
    }
  });
  $('vacation-end').addEventListener('click', async () => {
    try {
      await api('/players/me/vacation', { token: token(), method: 'DELETE' });
      await load();
    } catch (err) {
      $('vacation-status').textContent = err.message;
    }
  });
  void load();
}
