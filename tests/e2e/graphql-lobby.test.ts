import { createClient, type Client } from 'graphql-ws';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalHash } from '../../src/engine/index.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

interface Update {
  version: number;
  status: string;
  toMove: number[];
  view: unknown;
}

/**
 * The lobby over GraphQL: createPlayer, me, createGame with open seats, lobby, joinGame, myGames,
 * leaveGame, cancelGame, reissueSeatToken, with the REST codes in extensions.code; a subscription
 * opened with a player token sees that player's seat's view, and wakes when the game starts.
 */
describe('lobby over GraphQL (end-to-end)', () => {
  let s: TestServer;
  const clients: Client[] = [];
  const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string) =>
    (
      await request(s.url)
        .post('/graphql')
        .set(token ? { Authorization: `Bearer ${token}` } : {})
        .send({ query, variables })
    ).body as { data?: Record<string, any>; errors?: { extensions: { code: string } }[] };
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await s?.stop();
  });

  it('creates players, seats one through an invitation, and pushes each player its own view', async () => {
    const ada = (await gql('mutation { createPlayer(name: "Ada", email: "ada@example.org") { id name token } }')).data!.createPlayer;
    const bob = (await gql('mutation { createPlayer(name: "Bob") { id name token } }')).data!.createPlayer;
    expect((await gql('{ me { id name email } }', {}, ada.token)).data!.me).toEqual({ id: ada.id, name: 'Ada', email: 'ada@example.org' });
    expect((await gql('{ me { id } }', {}, 'cbp_nobody')).errors![0]!.extensions.code).toBe('UNAUTHORIZED');

    const c = (
      await gql(
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id status toMove seats { seat name token open } invite { code } } }',
        { i: { type: 'sealed-bids', players: [{ me: true }, { open: true }], public: true } },
        ada.token,
      )
    ).data!.createGame;
    expect(c).toMatchObject({
      status: 'waiting',
      toMove: [],
      seats: [
        { seat: 0, name: 'Ada' },
        { seat: 1, name: null, token: null, open: true },
      ],
    });
    const listed = (await gql('{ lobby(type: "sealed-bids") { games { id seatsOpen seats { seat open name } } next } }')).data!.lobby;
    expect(listed.games).toEqual([
      {
        id: c.id,
        seatsOpen: 1,
        seats: [
          { seat: 0, open: false, name: 'Ada' },
          { seat: 1, open: true, name: null },
        ],
      },
    ]);

    // Bob watches with his player token before he has a seat (a spectator), then joins.
    const client = createClient({
      url: `${s.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${bob.token}` },
      retryAttempts: 0,
      lazy: true,
    });
    clients.push(client);
    const updates: Update[] = [];
    client.subscribe<{ gameUpdated: Update }>(
      { query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version status toMove view } }', variables: { id: c.id } },
      { next: (m) => void (m.data && updates.push(m.data.gameUpdated)), error: () => {}, complete: () => {} },
    );
    const until = async (n: number) => {
      for (let i = 0; i < 100 && updates.length < n; i++) await new Promise((r) => setTimeout(r, 50));
      expect(updates.length).toBeGreaterThanOrEqual(n);
      return updates[n - 1]!;
    };
    expect(await until(1)).toMatchObject({ version: 0, status: 'waiting' });

    const wrong = await gql('mutation($id: ID!) { joinGame(gameId: $id, inviteCode: "inv_wrong") { seat } }', { id: c.id }, bob.token);
    expect(wrong.errors![0]!.extensions.code).toBe('FORBIDDEN');
    const j = (
      await gql(
        'mutation($id: ID!, $code: String!) { joinGame(gameId: $id, inviteCode: $code) { seat name status } }',
        { id: c.id, code: c.invite.code },
        bob.token,
      )
    ).data!.joinGame;
    expect(j).toEqual({ seat: 1, name: 'Bob', status: 'active' });
    expect(await until(2)).toMatchObject({ version: 0, status: 'active', toMove: [0, 1] });
    expect((await gql('{ lobby(type: "sealed-bids") { games { id } } }')).data!.lobby.games).toEqual([]);

    const mine = async (token: string) =>
      (await gql('{ myGames(status: active) { games { id seat isMyTurn toMove } } }', {}, token)).data!.myGames.games;
    expect(await mine(ada.token)).toEqual([{ id: c.id, seat: 0, isMyTurn: true, toMove: [0, 1] }]);
    const moved = await gql(
      'mutation($id: ID!) { submitMove(gameId: $id, move: { sealedBids: { bid: { amount: 2 } } }) { version } }',
      { id: c.id },
      bob.token,
    );
    expect(moved.data!.submitMove.version).toBe(1);
    expect(await mine(bob.token)).toEqual([{ id: c.id, seat: 1, isMyTurn: false, toMove: [0] }]);
    expect(await mine(ada.token)).toEqual([{ id: c.id, seat: 0, isMyTurn: true, toMove: [0] }]);
    // The pushed view is Bob's seat's, as REST shows it to his player token.
    const pushed = await until(3);
    const rest = (
      await request(s.url)
        .get(`/api/v1/games/${c.id}`)
        .set({ Authorization: `Bearer ${bob.token}` })
    ).body;
    expect(pushed.version).toBe(1);
    expect(canonicalHash(pushed.view as never)).toBe(canonicalHash(rest.view));
    expect(canonicalHash(pushed.view as never)).not.toBe(canonicalHash((await request(s.url).get(`/api/v1/games/${c.id}`)).body.view));
  });

  it('leaveGame, cancelGame and reissueSeatToken, with their codes', async () => {
    const host = (await gql('mutation { createPlayer(name: "Host") { token } }')).data!.createPlayer;
    const guest = (await gql('mutation { createPlayer(name: "Guest") { token } }')).data!.createPlayer;
    const c = (
      await gql(
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id invite { code } } }',
        { i: { type: 'ma-petite-ville', players: [{ me: true, colour: 'yellow' }, { open: true }, { open: true }] } },
        host.token,
      )
    ).data!.createGame;
    const taken = await gql(
      'mutation($id: ID!, $code: String!) { joinGame(gameId: $id, inviteCode: $code, colour: "yellow") { seat } }',
      { id: c.id, code: c.invite.code },
      guest.token,
    );
    expect(taken.errors![0]!.extensions.code).toBe('COLOUR_TAKEN');
    const j = (
      await gql(
        'mutation($id: ID!, $code: String!) { joinGame(gameId: $id, inviteCode: $code, seat: 2, colour: "red") { seat status } }',
        { id: c.id, code: c.invite.code },
        guest.token,
      )
    ).data!.joinGame;
    expect(j).toEqual({ seat: 2, status: 'waiting' });
    const players = (await gql('query($id: ID!) { game(id: $id) { players { seat name open resigned colour } } }', { id: c.id })).data!.game
      .players;
    expect(players).toEqual([
      { seat: 0, name: 'Host', open: false, resigned: false, colour: 'yellow' },
      { seat: 1, name: '', open: true, resigned: false, colour: null },
      { seat: 2, name: 'Guest', open: false, resigned: false, colour: 'red' },
    ]);
    expect((await gql('mutation($id: ID!) { leaveGame(gameId: $id) }', { id: c.id }, guest.token)).data!.leaveGame).toBe(2);
    expect((await gql('mutation($id: ID!) { cancelGame(gameId: $id) }', { id: c.id }, guest.token)).errors![0]!.extensions.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await gql('mutation($id: ID!) { reissueSeatToken(gameId: $id, seat: 0) { token } }', { id: c.id }, host.token)).errors![0]!
        .extensions.code,
    ).toBe('FORBIDDEN');
    const re = (
      await gql('mutation($id: ID!) { reissueSeatToken(gameId: $id, seat: 0) { seat name token } }', { id: c.id }, OPERATOR_TOKEN)
    ).data!.reissueSeatToken;
    expect(re).toMatchObject({ seat: 0, name: 'Host' });
    expect((await gql('query($id: ID!) { game(id: $id) { viewerSeat } }', { id: c.id }, re.token)).data!.game.viewerSeat).toBe(0);
    // the player token still acts
    expect((await gql('query($id: ID!) { game(id: $id) { viewerSeat } }', { id: c.id }, host.token)).data!.game.viewerSeat).toBe(0);
    expect((await gql('mutation($id: ID!) { cancelGame(gameId: $id) }', { id: c.id }, host.token)).data!.cancelGame).toBe(true);
    expect((await gql('query($id: ID!) { game(id: $id) { id } }', { id: c.id })).errors![0]!.extensions.code).toBe('NOT_FOUND');
    const long = await gql('mutation($n: String!) { createPlayer(name: $n) { id } }', { n: 'x'.repeat(65) });
    expect(long.errors![0]!.extensions.code).toBe('INVALID_INPUT');
  });
});
