import { describe, expect, it, vi } from 'vitest';
import { GameService } from '../../src/app/game-service.js';
import { defaultRegistry } from '../../src/games/index.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';

/**
 * Every read checks the stored version (src/app/sessions.ts); reads of one game that ask in the same
 * turn of the event loop share one statement (issue 30 item 6), and a read never joins a statement
 * already sent: it sees every move answered before it asked.
 */
describe('version reads of one game', () => {
  it('concurrent reads of a game share one stamp read; a read after a move on another process sees it', async () => {
    const store = new MemoryGameStore();
    const a = new GameService(store, defaultRegistry());
    const b = new GameService(store, defaultRegistry());
    const g = await a.createGame({ type: 'ville-de-demain', players: [{ name: 'x' }, { name: 'y' }], seed: 'stamps' });
    await b.getGame(g.id, undefined); // b holds it
    const spy = vi.spyOn(store, 'getStamp');
    const answers = await Promise.all(Array.from({ length: 8 }, () => b.getGame(g.id, undefined)));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(answers.every((x) => x.version === 0)).toBe(true);
    const seat = answers[0]!.toMove[0]!;
    const token = (g.seats as { token: string }[])[seat]!.token;
    const legal = await a.legalMoves(g.id, token);
    await a.submitMove(g.id, token, legal.moves[0]);
    spy.mockClear();
    const after = await Promise.all([b.getGame(g.id, undefined), b.getGame(g.id, undefined)]);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(after.map((x) => x.version)).toEqual([1, 1]);
  });
});
