import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateGameBody, CreatePlayerBody, check, FillWithBotBody, JoinBody, LobbyQuery, NotationText } from '../../src/app/shapes.js';
import { GraphqlClient } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** The sentence `check` gives for a value REST's shape refuses (the one refusal of src/app/shapes.ts). */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the shape accepted the value');
}

describe('GraphQL inputs are checked by the shapes REST checks the same requests with', () => {
  let s: TestServer;
  let gql: GraphqlClient;
  const refused = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const r = await request(s.url)
      .post('/graphql')
      .set(token ? { Authorization: `Bearer ${token}` } : {})
      .send({ query, variables });
    expect(r.body.errors, JSON.stringify(r.body)).toHaveLength(1);
    return { code: r.body.errors[0].extensions.code as string, message: r.body.errors[0].message as string };
  };
  beforeAll(async () => {
    s = await startTestServer();
    gql = new GraphqlClient(s.url);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it(
    'given an e-mail address with a comma (the old hand-written rule let it through), ' +
      "createPlayer refuses it with the one e-mail rule's sentence",
    async () => {
      const r = await refused(`mutation($email: String) { createPlayer(name: "Ann", email: $email) { id } }`, {
        email: 'ann,bob@example.com',
      });
      expect(r).toEqual({
        code: 'INVALID_INPUT',
        message: refusal(() => check(CreatePlayerBody.properties.email, 'ann,bob@example.com', 'email')),
      });
      expect(r.message).toContain('e-mail address');
    },
  );

  it(
    'given a seat that is not one, a bot level that does not exist or a timeoutAction not in ' +
      'the list, createGame refuses naming the field as REST does',
    async () => {
      const create = `mutation($input: CreateGameInput!) { createGame(input: $input) { id } }`;
      const bot = { type: 'town-center', players: [{ name: 'A' }, { bot: 'grandmaster' }] };
      expect(await refused(create, { input: bot })).toEqual({
        code: 'INVALID_INPUT',
        message: refusal(() => check(CreateGameBody, bot, 'input')),
      });
      const closed = { type: 'town-center', players: [{ name: 'A' }, { open: false }] };
      expect(await refused(create, { input: closed })).toEqual({
        code: 'INVALID_INPUT',
        message: refusal(() => check(CreateGameBody, closed, 'input')),
      });
      const action = { type: 'town-center', players: [{ name: 'A' }, { name: 'B' }], turnDeadlineSeconds: 60, timeoutAction: 'explode' };
      const r = await refused(create, { input: action });
      expect(r).toEqual({ code: 'INVALID_INPUT', message: refusal(() => check(CreateGameBody, action, 'input')) });
      expect(r.message).toContain('input/timeoutAction');
      const many = { type: 'town-center', players: Array.from({ length: 65 }, (_, i) => ({ name: `P${i}` })) };
      expect(await refused(create, { input: many })).toEqual({
        code: 'INVALID_INPUT',
        message: refusal(() => check(CreateGameBody, many, 'input')),
      });
    },
  );

  it(
    'given a negative seat, an overlong name, a page too large or an empty notation, each is ' +
      'refused with the shape of its REST request, naming the argument',
    async () => {
      const { id, seats } = await gql.create('town-center', 2);
      expect(await refused(`mutation($id: ID!) { joinGame(gameId: $id, seat: -1, name: "Zoe") { seat } }`, { id })).toEqual({
        code: 'INVALID_INPUT',
        message: refusal(() => check(JoinBody.properties.seat, -1, 'seat')),
      });
      const long = 'x'.repeat(65);
      expect(
        await refused(`mutation($id: ID!, $name: String) { fillSeatWithBot(gameId: $id, bot: "greedy", name: $name) { seat } }`, {
          id,
          name: long,
        }),
      ).toEqual({ code: 'INVALID_INPUT', message: refusal(() => check(FillWithBotBody.properties.name, long, 'name')) });
      expect(await refused(`{ lobby(limit: 101) { next } }`, {})).toEqual({
        code: 'INVALID_INPUT',
        message: refusal(() => check(LobbyQuery.properties.limit, 101, 'limit')),
      });
      expect(
        await refused(`mutation($id: ID!) { submitNotation(gameId: $id, notation: "") { version } }`, { id }, seats[0]!.token),
      ).toEqual({
        code: 'INVALID_INPUT',
        message: refusal(() => check(NotationText, '', 'notation')),
      });
    },
  );
});
