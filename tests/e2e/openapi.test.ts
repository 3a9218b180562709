import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/http/openapi.js';
import { hostedGames } from '../../src/games/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

const committed = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
const pascal = (s: string) => s.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

describe('the OpenAPI document and the routes agree', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('openapi/openapi.json is exactly what the code generates (run `npm run openapi` after changing a route)', async () => {
    expect(await openApiDocument()).toEqual(committed);
    expect(committed.openapi).toBe('3.1.0');
  });

  it('/openapi.json serves that document', async () => {
    const served = await request(s.url).get('/openapi.json');
    expect(served.status).toBe(200);
    // The test server also hosts a fixture game; apart from its move schemas the documents agree.
    const { components, ...rest } = served.body;
    const { components: committedComponents, ...committedRest } = committed;
    expect(rest).toEqual(committedRest);
    for (const [name, schema] of Object.entries(committedComponents.schemas)) {
      // AnyMove is the union of every hosted game's moves, the fixture's included.
      if (name === 'AnyMove')
        expect(components.schemas[name].anyOf).toEqual(expect.arrayContaining((schema as { anyOf: unknown[] }).anyOf));
      // The answers by game type have the fixture's member too (documented untyped: it publishes no schemas).
      else if (
        (schema as { discriminator?: unknown }).discriminator &&
        ['Game', 'LegalMoves', 'MoveResult', 'EventLog', 'NewGame', 'Record'].includes(name)
      ) {
        const { oneOf, discriminator, ...same } = schema as { oneOf: unknown[]; discriminator: { mapping: object } };
        expect(components.schemas[name]).toMatchObject({
          ...same,
          oneOf: expect.arrayContaining(oneOf),
          discriminator: { mapping: expect.objectContaining(discriminator.mapping) },
        });
      } else expect(components.schemas[name]).toEqual(schema);
    }
  });

  it('every REST route is documented, and every documented operation answers (not with 404 route-not-found)', async () => {
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(committed.paths as Record<string, Record<string, unknown>>))
      for (const m of Object.keys(ops)) documented.add(`${m.toUpperCase()} ${path}`);
    const printed = s.app.printRoutes({ commonPrefix: false });
    for (const op of documented) {
      const [method, path] = op.split(' ') as [string, string];
      const url = path.replace('{id}', '00000000-0000-4000-8000-000000000000');
      const r = await request(s.url)[method.toLowerCase() as 'get'](url);
      expect(r.body.detail ?? '', op).not.toMatch(/^no route/);
    }
    // The other direction: each route under /api/v1 that Fastify knows is in the document. The
    // printed tree gives each node's part of the path (4 characters of indent per level): a
    // route's path is its ancestors' parts joined.
    const routes: string[] = [];
    const parts: string[] = [];
    for (const line of printed.split('\n')) {
      const m = /^([│├└─\s]*)(\S+)/.exec(line);
      if (!m) continue;
      parts.length = m[1]!.length / 4;
      parts.push(m[2]!);
      routes.push(parts.join(''));
    }
    const apiRoutes = routes.filter((r) => r.startsWith('/api/v1/'));
    expect(apiRoutes.length).toBeGreaterThan(5);
    const known = [...documented].map((op) => op.split(' ')[1]!.replace(/\{(\w+)\}/g, ':$1'));
    for (const url of apiRoutes) expect(known, `route ${url} is documented`).toContain(url);
  });

  it('the document includes every move shape of every hosted game', () => {
    for (const g of hostedGames) {
      const union = committed.components.schemas[`${pascal(g.id)}Move`];
      expect(union, g.id).toBeDefined();
      expect(union.oneOf).toHaveLength(Object.keys(g.moveSchemas).length);
      for (const type of Object.keys(g.moveSchemas)) {
        const shape = committed.components.schemas[`${pascal(g.id)}Move_${type}`];
        expect(shape.properties.type.const ?? shape.properties.type.enum?.[0]).toBe(type);
      }
    }
  });
});
