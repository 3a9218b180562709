import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

describe('rule messages by Accept-Language, codes unchanged (end-to-end, REST and GraphQL)', () => {
  let s: TestServer;
  let id: string;
  let tokens: string[];
  let toMove: number;
  beforeAll(async () => {
    s = await startTestServer();
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ma-petite-ville', players: [{ name: 'a' }, { name: 'b' }], seed: 'langues' })
      .expect(201);
    id = g.body.id;
    tokens = g.body.seats.map((x: { token: string }) => x.token);
    toMove = g.body.toMove[0];
  });
  afterAll(async () => s?.stop());

  const place = (token: string, lang?: string) =>
    request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${token}`)
      .set(lang ? { 'Accept-Language': lang } : {})
      .send({ move: { type: 'placeTile', x: 1, y: 0, quarterTurns: 0 } });

  it('an engine violation: the same code and violation, the rule in English or in French', async () => {
    const en = await place(tokens[toMove]!);
    const fr = await place(tokens[toMove]!, 'fr-FR,fr;q=0.9,en;q=0.5');
    for (const r of [en, fr])
      expect([r.status, r.body.code, r.body.violation, r.body.rule]).toEqual([422, 'ILLEGAL_MOVE', 'NO_TILE_DRAWN', 'M2']);
    expect(en.body.detail).toBe('a tile is placed only right after drawing it: draw a tile first');
    expect(en.headers['content-language']).toBe('en');
    expect(fr.body.detail).toBe("Une tuile se pose juste après l'avoir tirée : tirez d'abord une tuile.");
    expect(fr.headers['content-language']).toBe('fr');
    expect(fr.headers.vary).toMatch(/Accept-Language/);
  });

  it("the kernel's and the API's own codes, with their values", async () => {
    const other = tokens[1 - toMove]!;
    const turn = await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${other}`)
      .set('Accept-Language', 'fr')
      .send({ move: { type: 'drawTile' } });
    expect([turn.status, turn.body.code]).toEqual([409, 'NOT_YOUR_TURN']);
    expect(turn.body.detail).toBe(`Ce n'est pas à la place ${1 - toMove} de jouer.`);
    const missing = await request(s.url).get('/api/v1/games/00000000-0000-4000-8000-000000000000').set('Accept-Language', 'fr');
    expect([missing.status, missing.body.code, missing.body.detail]).toEqual([
      404,
      'NOT_FOUND',
      'Aucune partie 00000000-0000-4000-8000-000000000000',
    ]);
    const shape = await request(s.url).post('/api/v1/games').set('Accept-Language', 'fr').send({ type: 'ma-petite-ville' });
    expect([shape.status, shape.body.code, shape.body.detail]).toEqual([
      400,
      'INVALID_INPUT',
      'body doit avoir la propriété obligatoire « players »',
    ]);
    const german = await request(s.url).get('/api/v1/games/00000000-0000-4000-8000-000000000000').set('Accept-Language', 'de');
    expect(german.body.detail).toBe('no game 00000000-0000-4000-8000-000000000000'); // not ours: English
  });

  it("a message inside a message: an imported record's refused move, the API's words and the game's, both in French", async () => {
    const record = {
      format: 'citybuilder-record/1',
      type: 'ma-petite-ville',
      engineVersion: 1,
      options: {},
      players: [
        { seat: 0, name: 'a' },
        { seat: 1, name: 'b' },
      ],
      seed: 'langues',
      status: 'active',
      version: 1,
      moves: [{ version: 1, seat: toMove, move: { type: 'placeTile', x: 1, y: 0, quarterTurns: 0 } }],
    };
    const en = await request(s.url).post('/api/v1/games/import').send(record);
    const fr = await request(s.url).post('/api/v1/games/import').set('Accept-Language', 'fr').send(record);
    for (const r of [en, fr])
      expect([r.status, r.body.code, r.body.violation, r.body.index]).toEqual([422, 'IMPORT_INVALID', 'NO_TILE_DRAWN', 0]);
    expect(en.body.detail).toBe('move 1 is illegal: a tile is placed only right after drawing it: draw a tile first');
    expect(fr.body.detail).toBe("Coup 1 : Une tuile se pose juste après l'avoir tirée : tirez d'abord une tuile.");
  });

  it('GraphQL errors follow Accept-Language too', async () => {
    const mutation = 'mutation($id: ID!, $move: MoveInput!) { submitMove(gameId: $id, move: $move) { version } }';
    const variables = { id, move: { maPetiteVille: { placeTile: { x: 1, y: 0, quarterTurns: 0 } } } };
    const ask = (lang: string) =>
      request(s.url)
        .post('/graphql')
        .set('Authorization', `Bearer ${tokens[toMove]}`)
        .set('Accept-Language', lang)
        .send({ query: mutation, variables });
    const en = (await ask('en')).body.errors[0];
    const fr = (await ask('fr')).body.errors[0];
    for (const e of [en, fr]) expect([e.extensions.code, e.extensions.violation]).toEqual(['ILLEGAL_MOVE', 'NO_TILE_DRAWN']);
    expect(en.message).toBe('a tile is placed only right after drawing it: draw a tile first');
    expect(fr.message).toBe("Une tuile se pose juste après l'avoir tirée : tirez d'abord une tuile.");
  });
});
