/**
 * GET /games/{id}/replay.gif behind the route (issue 35): which positions a requester may see
 * (a seat's own view with its token or game link, a spectator's otherwise; never past the version
 * the game has when asked), their GIF rendered once per (game, from, to, seat, lang, size, delay)
 * and kept in a byte-bounded cache, and the bounds of the work: a GIF of more than `inlineFrames`
 * positions is rendered off the request path (the route answers 202 with Location, then the file):
 * with the job queue (`jobs`: replay-gif-jobs.ts), by whichever process takes the job, kept in the
 * database (`store`) where every process finds it; without one, in this process. At most
 * `concurrent` render at once here and `queued` wait (here, or as jobs in the queue); past that,
 * 503 with Retry-After.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { BoardInput, Lang } from '../../board/index.js';
import { fold, type Json, type Outcome } from '../../engine/index.js';
import { AppError } from '../errors.js';
import type { GamePort } from '../game-port.js';
import { Gate } from '../gate.js';
import { hiddenFromSpectators } from '../use-cases/spectating.js';
import type { ReplayGifStore, StoredGif } from '../../store/replay-gif-store.js';
import { replayGif } from './replay-gif.js';

/** The most positions one GIF shows. */
export const GIF_MAX_FRAMES = 1000;

export interface GifRequest {
  gameId: string;
  token: string | undefined;
  /** As that seat saw it (the token must hold it); absent: a spectator's view. */
  seat?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
  lang: Lang;
  size: number;
  /** Milliseconds a frame; the last one is held longer (holdOf). */
  delay: number;
}

export type GifAnswer =
  | {
      kind: 'gif';
      bytes: Buffer;
      etag: string;
      frames: number;
      finished: boolean;
      seat: number | null /** Served from the kept GIFs, not rendered for this request. */;
      cached: boolean;
    }
  | { kind: 'pending'; retryAfter: number };

/** A GIF to render, as the job queue carries it: what the request asked, its access already checked. */
export interface GifJob {
  gameId: string;
  from: number;
  to: number;
  /** The seat whose view (null: a spectator's). */
  seat: number | null;
  lang: Lang;
  size: number;
  delay: number;
}

/** The request's key: the GIF's identity (its game, range, viewer, language, size, delay). */
export const gifKey = (j: GifJob) => [j.from, j.to, j.seat ?? 'spectator', j.lang, j.size, j.delay].join('|');

/** The job queue's side of the GIFs: queue a render (once per key), and how many wait. */
export interface GifQueue {
  queue(job: GifJob): Promise<void>;
  waiting(): Promise<number>;
}

export interface GifOptions {
  /** GIFs of up to this many positions are rendered while the request waits; longer ones in the background. */
  inlineFrames: number;
  concurrent: number;
  queued: number;
  /** Bytes of GIFs kept. */
  cacheBytes: number;
}

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

/** The GIFs' bounds from the configuration (GIF_INLINE_FRAMES, GIF_CONCURRENCY, GIF_QUEUE, GIF_CACHE_BYTES). */
export const gifOptions = (c: {
  gifInlineFrames: number;
  gifConcurrency: number;
  gifQueue: number;
  gifCacheBytes: number;
}): GifOptions => ({
  inlineFrames: c.gifInlineFrames,
  concurrent: c.gifConcurrency,
  queued: c.gifQueue,
  cacheBytes: c.gifCacheBytes,
});

/** The last frame's hold: three frames' time, at least three seconds, at most thirty. */
export const holdOf = (delay: number) => Math.min(30_000, Math.max(3_000, delay * 3));

export class ReplayGifs {
  private readonly cache: LRUCache<string, StoredGif>;
  /** Where rendered GIFs are kept for every process, and the queue that renders the long ones; none: this process alone. */
  shared: { store: ReplayGifStore; jobs: GifQueue } | undefined;
  private readonly rendering = new Map<string, Promise<unknown>>();
  private readonly gate: Gate;

  constructor(
    private readonly service: GamePort,
    private readonly opts: GifOptions,
    private readonly log: { warn(o: object, m: string): void } = { warn: () => {} },
  ) {
    this.cache = new LRUCache({ maxSize: opts.cacheBytes, sizeCalculation: (v) => Math.max(1, v.bytes.length) });
    this.gate = new Gate('replay GIFs', opts.concurrent, opts.queued);
  }

  async get(r: GifRequest): Promise<GifAnswer> {
    const g = await this.service.getGame(r.gameId, r.token);
    // A hidden game's spectator gets no frame until the end; a delayed one's `g.version` is the last it may see (spectating.ts).
    if (g.view === undefined) throw hiddenFromSpectators();
    // Another seat's view: that seat's token, or a finished game that reveals every seat (its answer's `revealed`).
    if (r.seat !== undefined && g.viewer.seat !== r.seat && g.revealed?.[r.seat] === undefined)
      throw AppError.of('FORBIDDEN', 'FORBIDDEN.gifSeat', { seat: r.seat });
    const seat = r.seat ?? null;
    const to = r.to ?? g.version;
    const from = r.from ?? 0;
    // Never a version past the one the game has now, as this requester reads it.
    if (to > g.version) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gifTo', { to, max: g.version });
    if (from > to) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gifFrom', { from, to });
    const frames = to - from + 1;
    if (frames > GIF_MAX_FRAMES) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gifFrames', { frames, max: GIF_MAX_FRAMES });
    const finished = g.status === 'finished';
    const wanted: GifJob = { gameId: r.gameId, from, to, seat, lang: r.lang, size: r.size, delay: r.delay };
    const key = `${r.gameId}|${gifKey(wanted)}`;
    const kept = this.cache.get(key) ?? (await this.stored(wanted, key));
    if (kept) return { kind: 'gif', ...kept, finished, seat, cached: true };
    const shared = this.shared;
    if (shared && frames > this.opts.inlineFrames) {
      // Off the request path, by the job queue (any process): queued once per key, bounded by the jobs waiting.
      if ((await shared.jobs.waiting()) >= this.opts.concurrent + this.opts.queued)
        throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.busy', { count: this.opts.queued, what: 'replay GIFs', retry: 5 }, { retryAfter: 5 });
      await shared.jobs.queue(wanted);
      return { kind: 'pending', retryAfter: Math.max(1, Math.ceil(frames / 50)) };
    }
    let job = this.rendering.get(key);
    if (!job) {
      if (this.rendering.size >= this.opts.concurrent + this.opts.queued)
        throw AppError.of(
          'UNAVAILABLE',
          'UNAVAILABLE.busy',
          { count: this.rendering.size, what: 'replay GIFs', retry: 1 },
          { retryAfter: 1 },
        );
      job = this.gate
        .run(async () => {
          const positions = await this.positions(r, g, g.version, seat, from, to);
          const picture = this.service.registry.plugin(g.type)?.picture;
          const bytes = Buffer.from(await replayGif(positions, r.lang, picture, r.size, r.delay, holdOf(r.delay)));
          await this.keep(wanted, key, { bytes, etag: etagOf(bytes), frames });
        })
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, job);
      // A background render that fails is logged; the next request starts it again.
      job.catch((err: unknown) => this.log.warn({ err, gameId: r.gameId }, 'replay GIF failed'));
    }
    if (frames > this.opts.inlineFrames) return { kind: 'pending', retryAfter: Math.max(1, Math.ceil(frames / 50)) };
    await job;
    const done = this.cache.get(key);
    if (!done)
      throw AppError.of(
        'UNAVAILABLE',
        'UNAVAILABLE.busy',
        { count: this.rendering.size, what: 'replay GIFs', retry: 1 },
        { retryAfter: 1 },
      );
    return { kind: 'gif', ...done, finished, seat, cached: false };
  }

  /**
   * A queued GIF rendered (the job queue's handler, in any process): its access was checked when it
   * was asked for; rendered once, kept in the database for every process.
   */
  async render(job: GifJob): Promise<void> {
    const key = `${job.gameId}|${gifKey(job)}`;
    if (await this.stored(job, key)) return;
    const g = await this.service.getGame(job.gameId, undefined);
    // Read as a spectator, a running game's header may be held back (spectators delayed or hidden):
    // its positions are then all taken from the log, none from the header.
    const described = g.status === 'finished' ? g.version : null;
    const positions = await this.positions({ ...job, token: undefined }, g, described, job.seat, job.from, job.to);
    const picture = this.service.registry.plugin(g.type)?.picture;
    const bytes = Buffer.from(await replayGif(positions, job.lang, picture, job.size, job.delay, holdOf(job.delay)));
    await this.keep(job, key, { bytes, etag: etagOf(bytes), frames: job.to - job.from + 1 });
  }

  /** A GIF the database keeps (rendered by any process), then kept here too. */
  private async stored(job: GifJob, key: string): Promise<StoredGif | undefined> {
    const found = await this.shared?.store.find(job.gameId, gifKey(job));
    if (found) this.cache.set(key, found);
    return found ?? undefined;
  }

  private async keep(job: GifJob, key: string, gif: StoredGif): Promise<void> {
    this.cache.set(key, gif);
    await this.shared?.store.save(job.gameId, gifKey(job), gif);
  }

  /**
   * The pictures' inputs from `from` to `to`, each the view `seat` (null: a spectator) had then; the
   * position at `described` (the version the header `g` describes, null: none) takes its outcome and
   * seats to move from the header, the others from the log.
   */
  private async positions(
    r: Pick<GifRequest, 'gameId' | 'token'>,
    g: Awaited<ReturnType<GamePort['getGame']>>,
    described: number | null,
    seat: number | null,
    from: number,
    to: number,
  ): Promise<BoardInput[]> {
    const p = await this.service.positions(r.gameId);
    const players = g.players.map((x) => ({ seat: x.seat, name: x.name }));
    const out: BoardInput[] = [];
    for (let v = from; v <= to; v++) {
      let state: unknown;
      if (v < p.before.length) state = p.before[v];
      else if (v > 0) state = fold(p.game, p.before[v - 1], p.moves[v - 1]!.events);
      else {
        // No move yet: the set-up position, through the replay read.
        const at0 = await this.service.replay(r.gameId, r.token, 0);
        out.push({
          type: g.type,
          version: 0,
          toMove: at0.toMove,
          players,
          view: (seat === at0.viewer.seat ? at0.view : at0.revealed?.[seat!]) as Json,
          outcome: null,
          viewerSeat: seat,
        });
        continue;
      }
      const last = v === described;
      const outcome = last ? ((g.outcome as Outcome | undefined) ?? null) : p.game.outcome(state);
      out.push({
        type: g.type,
        version: v,
        toMove: last ? g.toMove : outcome ? [] : p.game.toMove(state),
        players,
        view: p.game.view(state, seat) as Json,
        outcome,
        viewerSeat: seat,
      });
    }
    return out;
  }
}
