import type { LobbyStore } from '../../store/lobby-store.js';
import type { GamePort } from '../game-port.js';
import type { PlayerService } from '../players.js';
import { Inbox } from './inbox.js';
import { LobbyService } from './lobby.js';
import { Resignation } from './resign.js';

/** The lobby and player layer, built on the game service: what the HTTP layer calls. */
export interface LobbyLayer {
  players: PlayerService;
  lobby: LobbyService;
  inbox: Inbox;
  resignation: Resignation;
}

export function createLobbyLayer(service: GamePort, players: PlayerService, store: LobbyStore): LobbyLayer {
  return {
    players,
    lobby: new LobbyService(service, players, store),
    inbox: new Inbox(players, store),
    resignation: new Resignation(service),
  };
}
