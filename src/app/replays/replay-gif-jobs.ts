/**
 * Replay GIFs rendered by the job queue (issue 35): a GIF too long to render while its request
 * waits is a durable pg-boss job on the notifier's queue (`replay-gif`, its id derived from the
 * game and the request's key, so asking again, from any process, queues it once), rendered by
 * whichever worker process takes it, one at a time per process, and kept in the database
 * (replay_gifs) where every process finds it. A job that fails is retried twice, then dropped; the
 * next request queues it again.
 */
import { jobUuid } from '../job-queue.js';
import type { Notifier } from '../notify/notifier.js';
import { gifKey, type GifJob, type GifQueue, type ReplayGifs } from './replay-gifs.js';

const QUEUE = 'replay-gif';

export class ReplayGifJobs implements GifQueue {
  /** Serves the queue with `gifs` on `notifier`'s pg-boss: made before the notifier starts. */
  constructor(
    gifs: ReplayGifs,
    private readonly notifier: Notifier,
  ) {
    notifier.addQueue<GifJob>({ name: QUEUE, retryLimit: 2, retryDelay: 1 }, (job) => gifs.render(job));
  }

  async queue(job: GifJob): Promise<void> {
    await this.notifier.send(QUEUE, job, jobUuid('replay-gif', job.gameId, gifKey(job)), new Date());
  }

  /** Jobs queued or being rendered, in every process. */
  waiting(): Promise<number> {
    return this.notifier.queueSize(QUEUE);
  }
}
