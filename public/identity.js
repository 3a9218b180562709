import { api } from './api.js';

// What the browser keeps for its person: a player token (one for all their seats, pasted or
// created once), seat tokens of games joined or created without it, and the invitation codes of
// games they created. localStorage only: nothing leaves the browser but through the API.

const KEY = { player: 'cb.player', seats: 'cb.seats', invites: 'cb.invites' };

const read = (k, d) => {
  try {
    const v = localStorage.getItem(k);
    return v === null ? d : JSON.parse(v);
  } catch {
    return d;
  }
};
const write = (k, v) => {
  try {
    if (v === null) localStorage.removeItem(k);
    else localStorage.setItem(k, JSON.stringify(v));
  } catch {
    /* private mode: kept for this page only */
  }
};

/** The stored player: { token, id, name } or null. */
export const player = () => read(KEY.player, null);

/** Checks a player token with the server, then keeps it. */
export async function usePlayerToken(token) {
  const me = await api('/players/me', { token });
  const p = { token, id: me.id, name: me.name };
  write(KEY.player, p);
  return p;
}

/** Creates a player on the server and keeps its token (shown once by the server). */
export async function createPlayer(name, email) {
  const body = email ? { name, email } : { name };
  const p = await api('/players', { method: 'POST', body });
  write(KEY.player, { token: p.token, id: p.id, name: p.name });
  return p;
}

export const forgetPlayer = () => write(KEY.player, null);

/** Seat tokens kept for games played without a player token: { [gameId]: { seat, token, name } }. */
export const seats = () => read(KEY.seats, {});
export function keepSeat(gameId, seat, token, name) {
  write(KEY.seats, { ...seats(), [gameId]: { seat, token, name } });
}

export const invites = () => read(KEY.invites, {});
export function keepInvite(gameId, code) {
  write(KEY.invites, { ...invites(), [gameId]: code });
}

/**
 * The token a game page acts with: the seat token of the URL (#token=), else one kept for this
 * game, else the game link of a turn mail (#link=: the seat's view, read-only, until it expires;
 * never kept), else the player token (it acts for the player's seat, or sees as a spectator).
 */
export function tokenFor(gameId) {
  const hash = new URLSearchParams(location.hash.slice(1));
  const fromUrl = hash.get('token');
  if (fromUrl) return fromUrl;
  const kept = seats()[gameId];
  if (kept) return kept.token;
  const link = hash.get('link');
  if (link) return link;
  return player()?.token;
}
