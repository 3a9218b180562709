import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { createTestDatabase } from '../support/db.js';
import { expectConsistentLog, freePort, SCALE, startServerProcess } from '../support/faults.js';

/**
 * Two server processes on one database; a client retries each move with the same
 * Idempotency-Key on both at once (as a client behind a load balancer does after a timeout). The
 * key's first answer wins everywhere: every retry gets exactly the answer of the move that was
 * applied, never NOT_YOUR_TURN or ILLEGAL_MOVE from a process that lost the race and decided the
 * move again; and each move is applied once.
 */
describe('faults: two server processes racing the same Idempotency-Key', () => {
  it('every retry gets the first answer, and each move is applied once', async () => {
    const db = await createTestDatabase();
    const [a, b] = await Promise.all([
      freePort().then((p) => startServerProcess({ DATABASE_URL: db.url }, p)),
      freePort().then((p) => startServerProcess({ DATABASE_URL: db.url }, p)),
    ]);
    try {
      const servers = [a!.url, b!.url];
      const games = 4;
      const steps = Math.max(4, Math.round(10 * SCALE));
      const perServer = 2; // retries sent to each process at once
      const wrong: string[] = [];
      let retries = 0;
      const acknowledged = new Map<string, number>();
      await Promise.all(
        Array.from({ length: games }, async (_, k) => {
          const rng = Rng.fromSeed(`idem-${k}`);
          const created = (await (
            await fetch(`${servers[0]}/api/v1/games`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] }),
            })
          ).json()) as { id: string; seats: { token: string }[] };
          for (let step = 0; step < steps; step++) {
            // Both processes have the game cached at the current version before the race.
            const views = await Promise.all(
              servers.map(
                async (u) =>
                  (await (await fetch(`${u}/api/v1/games/${created.id}`)).json()) as { version: number; status: string; toMove: number[] },
              ),
            );
            if (views[0]!.status !== 'active') break;
            const token = created.seats[views[0]!.toMove[0]!]!.token;
            const { moves } = (await (
              await fetch(`${servers[0]}/api/v1/games/${created.id}/legal-moves`, { headers: { authorization: `Bearer ${token}` } })
            ).json()) as { moves: unknown[] };
            const move = rng.pick(moves);
            const key = randomUUID();
            const send = (u: string) =>
              fetch(`${u}/api/v1/games/${created.id}/moves`, {
                method: 'POST',
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
                body: JSON.stringify({ move }),
              }).then(async (r) => ({ status: r.status, body: (await r.json()) as { version?: number } }));
            const answers = await Promise.all(servers.flatMap((u) => Array.from({ length: perServer }, () => send(u))));
            retries += answers.length;
            const first = answers.find((x) => x.status === 200);
            for (const x of answers) {
              if (x.status !== 200 || !isDeepStrictEqual(x.body, first?.body))
                wrong.push(`game ${k} step ${step}: ${x.status} ${JSON.stringify(x.body)}`);
            }
            if (first) acknowledged.set(created.id, first.body.version!);
            expect(first?.body.version, 'the move was applied once').toBe(views[0]!.version + 1);
          }
        }),
      );
      expect(wrong, `${wrong.length} of ${retries} retries did not get the first answer`).toEqual([]);
      expect(retries).toBeGreaterThanOrEqual(games * 4 * perServer * 2);
      await expectConsistentLog(db.url, acknowledged);
    } finally {
      a?.child.kill('SIGTERM');
      b?.child.kill('SIGTERM');
      await Promise.all([a?.exited, b?.exited]);
      await db.drop();
    }
  });
});
