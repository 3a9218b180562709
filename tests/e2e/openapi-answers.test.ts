import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/**
 * The typed components of the served document (strict: additionalProperties false) against real
 * answers of the lobby, notation, hardening and play-by-mail features: an answer field the
 * document does not know, or a documented field of the wrong type, fails here.
 */
describe('real answers match the typed OpenAPI components', () => {
  let s: TestServer;
  let check: (component: string, answer: unknown) => void;
  let valid: (component: string, answer: unknown) => boolean;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>> };

  beforeAll(async () => {
    s = await startTestServer();
    doc = (await (await fetch(`${s.url}/openapi.json`)).json()) as typeof doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ ...doc, $id: 'doc' } as object);
    const compile = (component: string) =>
      ajv.compile(component.startsWith('#') ? { $ref: `doc${component}` } : { $ref: `doc#/components/schemas/${component}` });
    valid = (component, answer) => compile(component)(answer);
    check = (component, answer) => {
      const validate = compile(component);
      expect(validate(answer) ? [] : validate.errors, component).toEqual([]);
    };
  });
  afterAll(async () => {
    await s?.stop();
  });

  const ok = '/responses/200/content/application~1json/schema';
  const pathRef = (path: string, method: string, tail = ok) =>
    `#/paths/${path.replaceAll('/', '~1').replaceAll('{', '%7B').replaceAll('}', '%7D')}/${method}${tail}`;
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${s.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}: ${res.status}`).toBeLessThan(300);
    return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
  };

  it('a game with an open seat, a chosen seed and a turn clock: create, lobby, join, play, resign, record', async () => {
    const player = (await call('POST', '/api/v1/players', undefined, { name: 'Ann', email: 'ann@example.com' }))!;
    check(pathRef('/api/v1/players', 'post', '/responses/201/content/application~1json/schema'), player);
    check(pathRef('/api/v1/players/me', 'get'), await call('GET', '/api/v1/players/me', player.token as string));

    const created = (await call('POST', '/api/v1/games', player.token as string, {
      type: 'ma-petite-ville',
      players: [{ me: true, colour: 'blue' }, { open: true }, { name: 'Cy' }],
      seed: 'typed-answers',
      public: true,
      turnDeadlineSeconds: 3600,
      timeoutAction: 'auto-move',
    }))!;
    check(pathRef('/api/v1/games', 'post', '/responses/201/content/application~1json/schema'), created);
    expect(created).toMatchObject({ status: 'waiting', seedChosen: true, invite: { code: expect.any(String) } });
    const id = created.id as string;
    check('Game', await call('GET', `/api/v1/games/${id}`));
    check(pathRef('/api/v1/lobby', 'get'), await call('GET', '/api/v1/lobby'));

    const joined = (await call('POST', `/api/v1/games/${id}/join`, undefined, {
      inviteCode: (created.invite as { code: string }).code,
      name: 'Bob',
      colour: 'green',
    }))!;
    check(pathRef('/api/v1/games/{id}/join', 'post', '/responses/201/content/application~1json/schema'), joined);
    const game = (await call('GET', `/api/v1/games/${id}`))!;
    check('Game', game);
    // The components are strict: a field they do not know, or a wrong status, is refused.
    expect(valid('Game', { ...game, surprise: 1 })).toBe(false);
    expect(valid('Game', { ...game, status: 'paused' })).toBe(false);
    expect(game).toMatchObject({ status: 'active', turnDeadlineSeconds: 3600, timeoutAction: 'auto-move', deadlines: expect.any(Array) });
    check(pathRef('/api/v1/players/me/games', 'get'), await call('GET', '/api/v1/players/me/games', player.token as string));

    const tokens = [player.token as string, joined.token as string, (created.seats as { token?: string }[])[2]!.token!];
    const seat = (game.toMove as number[])[0]!;
    const legal = (await call('GET', `/api/v1/games/${id}/legal-moves`, tokens[seat]))!;
    check('LegalMoves', legal);
    expect((legal.notations as string[]).length).toBe((legal.moves as unknown[]).length);
    check('MoveResult', await call('POST', `/api/v1/games/${id}/moves`, tokens[seat], { notation: (legal.notations as string[])[0] }));

    const resigned = (await call('POST', `/api/v1/games/${id}/resign`, tokens[1]))!;
    check('MoveResult', resigned);
    const after = (await call('GET', `/api/v1/games/${id}`))!;
    check('Game', after);
    expect((after.players as { resigned: boolean }[])[1]!.resigned).toBe(true);
    check('EventLog', await call('GET', `/api/v1/games/${id}/events`));
    check('Record', await call('GET', `/api/v1/games/${id}/record`, tokens[0]));
    check(pathRef('/api/v1/games', 'get'), await call('GET', '/api/v1/games', OPERATOR_TOKEN));
  });
});
