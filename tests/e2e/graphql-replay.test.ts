import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTextRoundTrip } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** GraphQL's replay side: events, replay at a version, the record, and importRecord. */
describe('GraphQL events, replay, record and import (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });
  const q = async (query: string, variables: Record<string, unknown> = {}, token?: string) => {
    const r = await request(s.url)
      .post('/graphql')
      .set(token ? { Authorization: `Bearer ${token}` } : {})
      .send({ query, variables });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };

  it("a finished game's events, its state at a version, and its record re-imported as a new game", async () => {
    const { createGame } = await q(
      'mutation { createGame(input: { type: "sealed-bids", players: [{ name: "a" }, { name: "b" ' +
        '}], seed: "gql-replay", options: { rounds: 1 } }) { id seats { token } } }',
    );
    const { id, seats } = createGame;
    const move = 'mutation($id: ID!, $m: MoveInput!) { submitMove(gameId: $id, move: $m) { version status } }';
    await q(move, { id, m: { sealedBids: { bid: { amount: 2 } } } }, seats[0].token);
    const last = await q(move, { id, m: { sealedBids: { bid: { amount: 1 } } } }, seats[1].token);
    expect(last.submitMove).toEqual({ version: 2, status: 'finished' });

    const { game } = await q(
      `query($id: ID!) { game(id: $id) {
      events(after: 0) { version seat move events }
      at1: replay(at: 1) { version status toMove view }
      record
    } }`,
      { id },
    );
    expect(game.events.map((e: { version: number; seat: number }) => [e.version, e.seat])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(game.events[0].move).toEqual({ type: 'bid', amount: 2 }); // public once the game is over
    expect(game.at1).toMatchObject({ version: 1, status: 'active', toMove: [1] });
    expect(game.record.seed).toBe('gql-replay');
    expect(game.record.moves).toHaveLength(2);

    const { importRecord } = await q('mutation($r: JSON!) { importRecord(record: $r) { id version status } }', { r: game.record });
    expect(importRecord.id).not.toBe(id);
    expect(importRecord).toMatchObject({ version: 2, status: 'finished' });
    const copy = await q('query($id: ID!) { game(id: $id) { view outcome { scores winners } } }', { id: importRecord.id });
    const original = await q('query($id: ID!) { game(id: $id) { view outcome { scores winners } } }', { id });
    expect(copy).toEqual(original);
    await expectTextRoundTrip(s.url, (x) => s.service.stateHash(x), id);
  });
});
