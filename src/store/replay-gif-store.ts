import type { PrismaClient } from '../generated/prisma/client.js';

/** A rendered replay GIF. */
export interface StoredGif {
  bytes: Buffer;
  etag: string;
  frames: number;
}

/**
 * The replay GIFs the job queue rendered (table replay_gifs), shared by every process: one row per
 * game and request key, written once; at most `maxBytes` kept, the oldest dropped first.
 */
export class ReplayGifStore {
  constructor(
    private readonly db: PrismaClient,
    private readonly maxBytes: number,
  ) {}

  async find(gameId: string, key: string): Promise<StoredGif | null> {
    const [r] = await this.db.$queryRaw<{ bytes: Uint8Array; etag: string; frames: number }[]>`
      SELECT bytes, etag, frames FROM replay_gifs WHERE game_id = ${gameId}::uuid AND key = ${key}`;
    return r ? { bytes: Buffer.from(r.bytes), etag: r.etag, frames: r.frames } : null;
  }

  async save(gameId: string, key: string, gif: StoredGif): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO replay_gifs (game_id, key, bytes, size, etag, frames)
      VALUES (${gameId}::uuid, ${key}, ${gif.bytes}, ${gif.bytes.length}, ${gif.etag}, ${gif.frames})
      ON CONFLICT DO NOTHING`;
    // Past the bound, the oldest GIFs of any game go (a statement across games, as the sweeps are).
    await this.db.$executeRaw`/* background */
      DELETE FROM replay_gifs r USING (
        SELECT game_id, key FROM (
          SELECT game_id, key, sum(size) OVER (ORDER BY created_at DESC, game_id, key) AS total FROM replay_gifs) t
        WHERE t.total > ${this.maxBytes}) old
      WHERE r.game_id = old.game_id AND r.key = old.key`;
  }
}
