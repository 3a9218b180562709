import { EventSource } from 'eventsource';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** A live watcher of one game, as a third-party client runs it, and the versions it was sent. */
export interface Watcher {
  name: string;
  /** The version of each update received, in order (the first is the game when it started watching). */
  versions: number[];
  /** Resolves once the first update (the game) arrived: from then on no move can be missed. */
  ready: Promise<void>;
  close(): void;
}

/** An EventSource (the `eventsource` package, WhatWG) on GET /games/{id}/stream, the token as a header. */
export function sseWatcher(baseUrl: string, gameId: string, token?: string): Watcher {
  const versions: number[] = [];
  let started!: () => void;
  const ready = new Promise<void>((r) => (started = r));
  const es = new EventSource(`${baseUrl}/api/v1/games/${gameId}/stream`, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) } }),
  });
  for (const type of ['game', 'move']) {
    es.addEventListener(type, (e) => {
      versions.push(Number((JSON.parse((e as unknown as { data: string }).data) as { version: number }).version));
      started();
    });
  }
  return { name: `sse ${token ? 'seat' : 'spectator'} on ${baseUrl}`, versions, ready, close: () => es.close() };
}

/** A graphql-ws client's `gameUpdated` subscription at /graphql, the token in connection_init. */
export function graphqlWatcher(baseUrl: string, gameId: string, token?: string): Watcher {
  const versions: number[] = [];
  let started!: () => void;
  const ready = new Promise<void>((r) => (started = r));
  const client = createClient({
    url: `${baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
  // The first update is the game; after it, one per move (`seat` set), and the game again (no
  // seat) when the seats change, which is not a move.
  const dispose = client.subscribe<{ gameUpdated: { version: number; seat: number | null } }>(
    { query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version seat } }', variables: { id: gameId } },
    {
      next: (m) => {
        if (m.data && (versions.length === 0 || m.data.gameUpdated.seat !== null)) versions.push(m.data.gameUpdated.version);
        started();
      },
      error: () => {},
      complete: () => {},
    },
  );
  return {
    name: `graphql ${token ? 'seat' : 'spectator'} on ${baseUrl}`,
    versions,
    ready,
    close: () => {
      dispose();
      void client.dispose();
    },
  };
}

/** Each watcher got exactly start, start+1, ..., last: every move once, in order. */
export const gotEveryVersion = (w: Watcher, last: number) => {
  const first = w.versions[0] ?? 0;
  return JSON.stringify(w.versions) === JSON.stringify(Array.from({ length: last - first + 1 }, (_, i) => first + i));
};
