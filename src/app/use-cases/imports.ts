/**
 * A game record imported as a new game: its shape checked (the one schema and validator of REST
 * and GraphQL), then re-validated move by move (import-record.ts) and stored with its history and
 * fresh seat tokens. Imports are heavy: a few run at once, the rest wait or get 503 UNAVAILABLE.
 */
import { AppError } from '../errors.js';
import { importRecord as replayRecord } from '../import-record.js';
import { checkRecordShape } from '../record-schema.js';
import type { GameRecord } from '../service-types.js';
import { checkNames } from '../text.js';
import type { GameCore } from './core.js';
import { newGame } from './creation.js';

export async function importRecord(core: GameCore, input: unknown) {
  checkRecordShape(input);
  checkNames((input as GameRecord).players, (input as GameRecord).seed);
  return core.imports.run(() =>
    replayRecord(core.registry, input as GameRecord, async (game, players, options, seed, state, history, standInBot) => {
      // The importer supplied the seed: if the game can go on, its future draws are known to them.
      if (core.opts.clientSeeds === false && !game.outcome(state)) throw AppError.of('SEED_NOT_ALLOWED', 'SEED_NOT_ALLOWED.import');
      const created = newGame(game, players, options, seed, state, history, { seedChosen: true, standInBot });
      await core.store.createGame(created.row, history);
      core.wake(created.row.id);
      return created.answer;
    }),
  );
}
