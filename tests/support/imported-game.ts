import request from 'supertest';
import { expect } from 'vitest';
import { randomPlayout, resolveOptions, type AnyGame } from '../../src/engine/index.js';
import { hostedGames } from '../../src/games/index.js';

/**
 * A finished 2-player game (Ann and Bob) of `type` on the server at `url`: a seeded random playout
 * imported as a record. Its id and version (the moves played).
 */
export async function importedGame(url: string, type: string, seed: string): Promise<{ id: string; version: number }> {
  const game = hostedGames.find((g) => g.id === type) as AnyGame | undefined;
  if (!game) throw new Error(`no hosted game ${type}`);
  const options = resolveOptions(game, 2, {});
  if (!options.ok) throw new Error(options.error.message);
  const { steps } = randomPlayout(game, { players: 2, options: options.value, seed }, seed);
  const r = await request(url)
    .post('/api/v1/games/import')
    .send({
      format: 'citybuilder-record/1',
      type: game.id,
      engineVersion: game.engineVersion,
      options: options.value,
      players: [{ name: 'Ann' }, { name: 'Bob' }],
      seed,
      moves: steps.map((x) => ({ seat: x.seat, move: x.move })),
    });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id as string, version: steps.length };
}
