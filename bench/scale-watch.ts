/**
 * Live watchers for bench/scale.ts: SSE streams (the `eventsource` client) and GraphQL subscriptions
 * (graphql-ws), as a seat or as a spectator, each connected straight to one server process. Each
 * records the version of every move update it receives, in arrival order, and reconnects after
 * losing its process (SIGKILL): SSE by EventSource's own reconnection (Last-Event-ID), or a new
 * stream with ?after=; GraphQL by a new subscription that resumes after the last version when the
 * schema has such an argument (else it starts again from the game's current state, and whatever
 * happened meanwhile counts as missed).
 */
import { EventSource } from 'eventsource';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export type WatcherKind = 'sse-seat' | 'sse-spectator' | 'gql-seat' | 'gql-spectator';

export interface Watcher {
  kind: WatcherKind;
  process: number;
  gameId: string;
  /** Move versions in arrival order. */
  got: number[];
  /** The version of each fresh start (the `game` event, or a subscription's first state). */
  snapshots: number[];
  /** Connection errors seen (each failed reconnection attempt counts). */
  readonly reconnects: number;
  /** Whether the first state arrived (the watcher is connected). */
  ready(): boolean;
  last(): number;
  close(): void;
}

export interface WatchSummary {
  watchers: number;
  missed: number;
  duplicates: number;
  outOfOrder: number;
  reconnects: number;
  /** Watchers that missed at least one version, by kind. */
  incomplete: Partial<Record<WatcherKind, number>>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A watcher's record, and the Watcher answer built over it. */
function base(kind: WatcherKind, process: number, gameId: string) {
  const w = { got: [] as number[], snapshots: [] as number[], reconnects: 0 };
  const last = () => Math.max(-1, ...w.got, ...w.snapshots);
  const watcher = (close: () => void): Watcher => ({
    kind,
    process,
    gameId,
    got: w.got,
    snapshots: w.snapshots,
    get reconnects() {
      return w.reconnects;
    },
    ready: () => w.snapshots.length > 0,
    last,
    close,
  });
  return { w, last, watcher };
}

/** An SSE watcher: EventSource with the token in a header, as the stream's docs say. */
export function sseWatcher(url: string, gameId: string, process: number, token?: string): Watcher {
  const { w, last, watcher } = base(token ? 'sse-seat' : 'sse-spectator', process, gameId);
  let es: EventSource | undefined;
  let closed = false;
  let ended = false;
  const open = (after?: number) => {
    const source = new EventSource(`${url}/api/v1/games/${gameId}/stream${after === undefined ? '' : `?after=${after}`}`, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...(init?.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) } }),
    });
    es = source;
    source.addEventListener('game', (e) => void w.snapshots.push(JSON.parse((e as MessageEvent).data).version));
    source.addEventListener('move', (e) => void w.got.push(JSON.parse((e as MessageEvent).data).version));
    source.addEventListener('end', () => {
      ended = true;
      source.close();
    });
    source.addEventListener('error', () => {
      if (closed || ended) return;
      w.reconnects++;
      // A network error: EventSource reconnects by itself, with Last-Event-ID. A refusal (a
      // process answering while it starts, say) closes it: open a new stream after the last version.
      if (source.readyState === source.CLOSED) void sleep(250).then(() => !closed && open(last() >= 0 ? last() : undefined));
    });
  };
  open();
  return watcher(() => ((closed = true), es?.close()));
}

/** The name of gameUpdated's resume argument, if the schema has one (the version to resume after). */
export async function resumeArgument(url: string): Promise<string | undefined> {
  const r = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ __type(name: "Subscription") { fields { name args { name } } } }' }),
  });
  const body = (await r.json()) as { data?: { __type?: { fields: { name: string; args: { name: string }[] }[] } } };
  const args = body.data?.__type?.fields.find((f) => f.name === 'gameUpdated')?.args.map((a) => a.name) ?? [];
  return args.find((a) => /^(after|since|afterVersion|fromVersion|resumeAfter)$/i.test(a));
}

/** A GraphQL watcher: one graphql-ws connection holding one gameUpdated subscription. */
export function gqlWatcher(url: string, gameId: string, process: number, resumeArg: string | undefined, token?: string): Watcher {
  const { w, last, watcher } = base(token ? 'gql-seat' : 'gql-spectator', process, gameId);
  let client: Client | undefined;
  let closed = false;
  const query = resumeArg
    ? `subscription($id: ID!, $after: Int) { gameUpdated(gameId: $id, ${resumeArg}: $after) { version seat } }`
    : 'subscription($id: ID!) { gameUpdated(gameId: $id) { version seat } }';
  const subscribe = (after?: number) => {
    const c = createClient({
      url: `${url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      retryAttempts: 0,
      lazy: true,
    });
    client = c;
    let first = true;
    const again = () => {
      void c.dispose();
      if (closed) return;
      w.reconnects++;
      void sleep(250).then(() => !closed && subscribe(resumeArg && last() >= 0 ? last() : undefined));
    };
    c.subscribe<{ gameUpdated: { version: number; seat: number | null } }>(
      { query, variables: { id: gameId, ...(after === undefined ? {} : { after }) } },
      {
        next: (m) => {
          const u = m.data?.gameUpdated;
          if (!u) return;
          // A fresh subscription starts with the game's state (no seat), a resumed one does not;
          // then one update per move. A state sent later (a seat changed) is no move.
          if (u.seat !== null) w.got.push(u.version);
          else if (first) w.snapshots.push(u.version);
          first = false;
        },
        // A lost connection ends in error: subscribe again. The server completes the
        // subscription itself once the game is over and every move was sent.
        error: again,
        complete: () => void c.dispose(),
      },
    );
  };
  subscribe();
  return watcher(() => ((closed = true), void client?.dispose()));
}

/** Every watcher's record against the game's final version: each of 1..final once, in order. */
export function summarize(watchers: Watcher[], finalVersion: Map<string, number>): WatchSummary {
  const s: WatchSummary = { watchers: watchers.length, missed: 0, duplicates: 0, outOfOrder: 0, reconnects: 0, incomplete: {} };
  for (const w of watchers) {
    const final = finalVersion.get(w.gameId) ?? 0;
    const seen = new Set(w.got);
    let missed = 0;
    for (let v = 1; v <= final; v++) if (!seen.has(v)) missed++;
    s.missed += missed;
    s.duplicates += w.got.length - seen.size;
    for (let i = 1; i < w.got.length; i++) if (w.got[i]! <= w.got[i - 1]!) s.outOfOrder++;
    s.reconnects += w.reconnects;
    if (missed) s.incomplete[w.kind] = (s.incomplete[w.kind] ?? 0) + 1;
  }
  return s;
}
