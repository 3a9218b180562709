import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BotPool, defaultBotThreads, type BotTask } from '../../src/app/bots/pool.js';
import { AppError } from '../../src/app/errors.js';
import { BOT_LEVELS, canonicalJson, seatKnowledge, type AnyGame } from '../../src/engine/index.js';
import { games, randomPositions } from '../support/playouts.js';

/** A bot's task from a true position, as the service will build it: the seat's view, history and legal moves. */
function taskAt(g: AnyGame, seed: string, level: BotTask['level'], thinkMs?: number): BotTask {
  const positions = randomPositions(g, Math.min(4, g.maxPlayers), seed, 7);
  const { state, events } = positions[Math.floor(positions.length / 2)]!;
  const seat = g.toMove(state)[0]!;
  const k = seatKnowledge(g, state, events, seat);
  return { game: g.id, level, seat, view: k.view, history: [...k.history], legal: g.legalMoves(state, seat), seed, thinkMs };
}

const isListed = (t: BotTask, m: unknown) => t.legal.some((x) => canonicalJson(x) === canonicalJson(m));

describe('the bot pool (worker threads)', () => {
  const pool = new BotPool({ size: 1, graceMs: 10_000 });
  afterAll(() => pool.close());

  it('sizes itself one thread per core but one, at least one', () => {
    expect(defaultBotThreads()).toBeGreaterThanOrEqual(1);
    expect(new BotPool({ size: 0 }).size).toBe(1);
  });

  for (const g of games) {
    it(`${g.id}: every level answers one of the seat's legal moves from a thread`, async () => {
      for (const level of BOT_LEVELS) {
        const task = taskAt(g, `pool-${g.id}-${level}`, level, 60);
        const answer = await pool.choose(task);
        expect(isListed(task, answer.move), `${level} chose ${JSON.stringify(answer.move)}`).toBe(true);
        expect(answer.playedBy).toBe(level);
        expect(answer.error).toBeUndefined();
      }
    });
  }

  it("keeps the server's event loop free while a bot thinks", async () => {
    const task = taskAt(games.find((g) => g.id === 'town-center')!, 'loop', 'ismcts-strong', 800);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const answer = await pool.choose(task);
    clearInterval(timer);
    expect(answer.playedBy).toBe('ismcts-strong');
    expect(answer.iterations).toBeGreaterThan(0);
    // The search ran for 800 ms in its thread; here the timer kept firing all along.
    expect(ticks).toBeGreaterThan(10);
  });
});

describe('a bot that fails', () => {
  const errors: string[] = [];
  const pool = new BotPool({
    size: 1,
    graceMs: 300,
    fallbackMs: 20_000,
    filename: fileURLToPath(new URL('./fixtures/failing-worker.ts', import.meta.url)),
    onError: (e) => errors.push(`${e.reason}: ${e.message}`),
  });
  afterAll(() => pool.close());

  it("that throws is answered with greedy's move, and the error is reported", async () => {
    const task = taskAt(games.find((g) => g.id === 'ville-de-demain')!, 'throws', 'ismcts', 100);
    const answer = await pool.choose(task);
    expect(answer.playedBy).toBe('greedy');
    expect(isListed(task, answer.move)).toBe(true);
    expect(answer.error).toEqual({ reason: 'error', message: 'ismcts: the search crashed on purpose' });
    expect(errors).toContain('error: ismcts: the search crashed on purpose');
  });

  it("that runs out of time is stopped and answered with greedy's move", async () => {
    const task = taskAt(games.find((g) => g.id === 'ma-petite-ville')!, 'hangs', 'ismcts-strong', 100);
    const answer = await pool.choose(task);
    expect(answer.playedBy).toBe('greedy');
    expect(isListed(task, answer.move)).toBe(true);
    expect(answer.error?.reason).toBe('timeout');
    expect(errors.some((e) => e.startsWith('timeout: ismcts-strong'))).toBe(true);
  });
});

describe('a thread stopped over its time', () => {
  it("is replaced, and greedy's fallback waits for the new thread to load: a slow load does not turn it into a random move", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bot-reload-'));
    process.env.SLOW_RELOAD_MARKER = join(dir, 'loaded');
    const pool = new BotPool({
      size: 1,
      graceMs: 200,
      fallbackMs: 1000,
      filename: fileURLToPath(new URL('./fixtures/slow-reload-worker.ts', import.meta.url)),
    });
    try {
      const task = taskAt(games.find((g) => g.id === 'town-center')!, 'reload', 'ismcts-strong', 100);
      const answer = await pool.choose(task);
      expect(answer.error?.reason).toBe('timeout');
      // The replacement spent 3 s loading, three times greedy's own limit: that time is not greedy's.
      expect(answer.playedBy).toBe('greedy');
      expect(isListed(task, answer.move)).toBe(true);
    } finally {
      await pool.close();
      delete process.env.SLOW_RELOAD_MARKER;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('lanes: analysis apart from the bots (issue 31)', () => {
  const errors: string[] = [];
  const pool = new BotPool({
    size: 1,
    analysisThreads: 1,
    analysisQueue: 1,
    graceMs: 10_000,
    filename: fileURLToPath(new URL('./fixtures/dying-worker.ts', import.meta.url)),
    onError: (e) => errors.push(e.message),
  });
  afterAll(() => pool.close());
  const g = games.find((x) => x.id === 'town-center')!;
  const analysis = (seed: string, iterations: number): BotTask => ({
    ...taskAt(g, 'lane-analysis', 'ismcts'),
    seed,
    iterations,
    thinkMs: 60_000,
    exhaustive: true,
  });

  it(
    'an analysis whose thread dies is tried again on a new thread, then fails naming the ' + "error; the lane's thread is replaced",
    async () => {
      const failed = await pool.analyse(analysis('die-1', 50)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failed).toBeInstanceOf(AppError);
      expect((failed as AppError).code).toBe('UNAVAILABLE');
      expect((failed as AppError).message).toMatch(/analysis failed.*exit/i);
      expect(errors.some((m) => /exit/i.test(m))).toBe(true);
      // The next analysis runs on the thread that replaced it.
      const ok = await pool.analyse(analysis('fine', 50));
      expect(ok.iterations).toBe(50);
      expect(ok.stats?.length).toBeGreaterThan(1);
    },
  );

  it('a full analysis line refuses at once with 503 and Retry-After, while a bot still moves on its own thread', async () => {
    const long = analysis('long-1', 5_000);
    const running = pool.analyse(long);
    const waiting = pool.analyse(analysis('long-2', 50));
    await expect.poll(() => pool.analysis.busy + pool.analysis.queued).toBe(2);
    const refused = await pool.analyse(analysis('long-3', 50)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('UNAVAILABLE');
    expect((refused as AppError).extra.retryAfter).toBeGreaterThan(0);
    const bot = await pool.choose(taskAt(g, 'lane-bot', 'ismcts', 100));
    expect(bot.playedBy).toBe('ismcts');
    expect(pool.analysis.busy).toBe(1); // the long analysis still runs
    await Promise.all([running, waiting]);
  }, 120_000);
});
