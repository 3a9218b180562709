import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwkOf } from '../../src/app/replays/record-signing.js';
import { replayJsonRecord } from '../../src/app/text-record.js';
import { run } from '../../src/cli/citybuilder.js';
import { randomPlayout, resolveOptions, type AnyGame, type Json } from '../../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 35, "records anyone can verify": an exported record carries each entry's state hash and
 * chain hash and the server's Ed25519 signature; `citybuilder verify` replays it offline with the
 * engines and the server's published keys, accepts what the server exported for every game, and
 * refuses a changed move, a changed event, a reordered entry, a changed signature and an unknown
 * key, naming the version where the record stops matching.
 */
const dir = mkdtempSync(join(tmpdir(), 'citybuilder-verify-'));
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    read: (p) => readFile(p, 'utf8'),
    write: (p, t) => writeFile(p, t, 'utf8'),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

type Exported = {
  moves: { version: number; seat: number; move: Json; events?: Json[]; stateHash: string; chain: string }[];
  setupHash: string;
  signature: { alg: string; keyId: string; value: string };
  [k: string]: unknown;
};

/** A finished game of `game` on the server (a random playout imported), and its record as exported. */
async function finishedRecord(game: AnyGame, seed: string): Promise<Exported> {
  const options = resolveOptions(game, 3, {});
  if (!options.ok) throw new Error(options.error.message);
  const { steps } = randomPlayout(game, { players: 3, options: options.value, seed }, seed);
  const record = {
    format: 'citybuilder-record/1',
    type: game.id,
    engineVersion: game.engineVersion,
    options: options.value,
    players: [0, 1, 2].map((seat) => ({ seat, name: `P${seat}` })),
    seed,
    moves: steps.map((x) => ({ seat: x.seat, move: x.move })),
  };
  const imported = await request(s.url).post('/api/v1/games/import').send(record);
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  const exported = await request(s.url).get(`/api/v1/games/${imported.body.id}/record`);
  expect(exported.status).toBe(200);
  return exported.body as Exported;
}

const save = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};
const clone = (r: Exported): Exported => structuredClone(r);

describe('signed records and citybuilder verify', () => {
  let keysFile: string;
  const records = new Map<string, Exported>();

  it('the server publishes its public keys as a JWK Set at a well-known address', async () => {
    const r = await request(s.url).get('/.well-known/citybuilder-record-keys.json');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/jwk-set\+json/);
    expect(r.headers['cache-control']).toBe('public, max-age=3600');
    expect(r.body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    keysFile = save('keys.json', JSON.parse(r.text));
  });

  for (const game of hostedGames) {
    it(`${game.id}: verify accepts the record the server exported: every state hash, the chain and the signature`, async () => {
      const record = await finishedRecord(game as AnyGame, `verify-${game.id}`);
      records.set(game.id, record);
      expect(record.signature.alg).toBe('Ed25519');
      expect(
        record.moves.every((m) => /^[0-9a-f]{64}$/.test(m.stateHash) && /^[0-9a-f]{64}$/.test(m.chain) && Array.isArray(m.events)),
      ).toBe(true);
      const ok = await cli('verify', save(`${game.id}.json`, record), '--key', keysFile);
      expect(ok.err).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.out).toContain(`chain: ${record.moves.length} entries replayed, every state hash and chain hash matches`);
      expect(ok.out).toContain(`signature: good, key ${record.signature.keyId}`);
      // The record still imports: the chain members are written on export and ignored on import.
      expect((await request(s.url).post('/api/v1/games/import').send(record)).status).toBe(201);
    });
  }

  it('a game played move by move through the API and ended by a resignation verifies too', async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Bob' }] });
    expect(created.status).toBe(201);
    const { id, seats } = created.body as { id: string; seats: { token: string }[] };
    for (let k = 0; k < 4; k++) {
      const game = await request(s.url).get(`/api/v1/games/${id}`);
      const seat = (game.body.toMove as number[])[0]!;
      const legal = await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${seats[seat]!.token}`);
      const moved = await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set('Authorization', `Bearer ${seats[seat]!.token}`)
        .send({ move: legal.body.moves[0] });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const resigned = await request(s.url).post(`/api/v1/games/${id}/resign`).set('Authorization', `Bearer ${seats[1]!.token}`);
    expect(resigned.status, JSON.stringify(resigned.body)).toBe(200);
    const record = (await request(s.url).get(`/api/v1/games/${id}/record`)).body as Exported;
    expect(record.status).toBe('finished');
    expect(record.moves.at(-1)).toMatchObject({ origin: 'resign' });
    const ok = await cli('verify', save('played.json', record), '--key', keysFile);
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
  });

  it('refuses a changed move, naming its version', async () => {
    const record = records.get('town-center')!;
    const game = defaultRegistry().version(record.type as string, record.engineVersion as number)!;
    const { before } = replayJsonRecord(defaultRegistry(), record as never);
    // A move changed for another legal move of that seat in the same position.
    const k = record.moves.findIndex((m, i) => game.legalMoves(before[i], m.seat).length > 1);
    const m = record.moves[k]!;
    const other = game.legalMoves(before[k], m.seat).find((x) => JSON.stringify(x) !== JSON.stringify(m.move))!;
    const changed = clone(record);
    changed.moves[k]!.move = other as unknown as Json;
    const r = await cli('verify', save('changed-move.json', changed), '--key', keysFile);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`^tampered: version ${k + 1}: `, 'm'));
    expect(r.err).toContain('signature: does not match the record');
  });

  it('refuses a changed event, naming its version', async () => {
    const record = records.get('city-tycoon')!;
    const k = record.moves.findIndex((m) => (m.events ?? []).length > 0);
    const changed = clone(record);
    (changed.moves[k]!.events![0] as Record<string, Json>).changed = true;
    const r = await cli('verify', save('changed-event.json', changed), '--key', keysFile);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`^tampered: version ${k + 1}: the events the record carries are not those its move gives$`, 'm'));
  });

  it('refuses a reordered entry, naming the version', async () => {
    const record = records.get('ma-petite-ville')!;
    const changed = clone(record);
    const [a, b] = [changed.moves[3]!, changed.moves[4]!];
    changed.moves[3] = b;
    changed.moves[4] = a;
    const r = await cli('verify', save('reordered.json', changed), '--key', keysFile);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^tampered: entry 4 carries version 5: an entry was moved, removed or added$/m);
  });

  it('refuses a record changed with its hashes recomputed: the signature does not hold', async () => {
    const record = records.get('ville-de-demain')!;
    const renamed = clone(record);
    (renamed.players as { name: string }[])[0]!.name = 'Someone else';
    const r = await cli('verify', save('renamed.json', renamed), '--key', keysFile);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`signature: does not match the record (key ${record.signature.keyId})`);
    const forged = clone(record);
    const bytes = Buffer.from(forged.signature.value, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    forged.signature.value = bytes.toString('base64url');
    const f = await cli('verify', save('forged.json', forged), '--key', keysFile);
    expect(f.code).toBe(1);
    expect(f.err).toContain('signature: does not match the record');
  });

  it('refuses a record signed by a key that is not trusted, and reads keys from an address', async () => {
    const record = records.get('town-center')!;
    const stranger = save('stranger.json', { keys: [jwkOf(generateKeyPairSync('ed25519').publicKey)] });
    const r = await cli('verify', save('tc.json', record), '--key', stranger);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`signature: made with key ${record.signature.keyId}, which is not among the keys given`);
    const byUrl = await cli('verify', save('tc.json', record), '--key', `${s.url}/.well-known/citybuilder-record-keys.json`);
    expect(byUrl.code, byUrl.err).toBe(0);
  });
});
