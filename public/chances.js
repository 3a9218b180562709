import { api, h } from './api.js';
import { t } from './i18n.js';

// A rated game's players with their ratings in its game type and their expected chances of
// winning (openskill's predictWin, GET /games/{id}/chances), read once per game and status.

const $ = (id) => document.getElementById(id);
let shownFor = null;

export async function chancesPanel(game) {
  const box = $('chances');
  const key = `${game.id}:${game.status}:${document.documentElement.lang}`;
  if (!game.rated || game.status === 'expired' || game.status === 'waiting') {
    box.hidden = true;
    return;
  }
  if (shownFor === key) return;
  shownFor = key;
  try {
    const c = await api(`/games/${encodeURIComponent(game.id)}/chances`);
    if (!c.chances) {
      box.hidden = true;
      return;
    }
    const rows = await Promise.all(
      c.chances.map(async (x) => {
        const r = await api(`/players/${encodeURIComponent(x.playerId)}/ratings`).catch(() => null);
        const rating = r?.ratings.find((e) => e.gameType === game.type);
        const name = game.players.find((p) => p.seat === x.seat)?.name ?? String(x.seat + 1);
        const shown = rating ? `${rating.ordinal.toFixed(1)}${rating.provisional ? '?' : ''}` : t('chances.new');
        return h('li', { 'data-seat': x.seat }, t('chances.row', { name, rating: shown, chance: Math.round(x.chance * 100) }));
      }),
    );
    $('chances-list').replaceChildren(...rows);
    box.hidden = false;
  } catch {
    box.hidden = true; // the panel is extra: the game reads on without it
    shownFor = null;
  }
}
