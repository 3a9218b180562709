import type { ExpiryStore } from '../../store/lobby-store.js';

const DAY = 86_400_000;

/**
 * Games that do not rot (issue 19 item 5): a game still waiting for players `days` after its
 * creation becomes `expired` (status; nobody can join it, the lobby no longer lists it, its answer
 * says so). A day before, every seated player with a mail address (the creator among them) is
 * warned, once (`expiry_warned`), by a mail written with its text and delivered by the outbox.
 * Both steps are single conditional updates, so several processes sweeping at once act once.
 * `now` is the clock (tests set it).
 */
export class LobbyExpiry {
  now: () => Date = () => new Date();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: ExpiryStore,
    private readonly opts: {
      days: number;
      publicUrl: string;
      enqueue(ids: string[]): Promise<void>;
      log: { warn(o: object, m: string): void; info(o: object, m: string): void };
    },
  ) {}

  start(everyMs: number): void {
    this.sweeper = setInterval(() => void this.sweep().catch((err) => this.opts.log.warn({ err }, 'lobby expiry sweep failed')), everyMs);
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  /** Warns the games a day from expiring, then expires those whose time is up: the ids of each. */
  async sweep(): Promise<{ warned: string[]; expired: string[] }> {
    const now = this.now();
    const warnFrom = new Date(+now - (this.opts.days - 1) * DAY);
    const expireFrom = new Date(+now - this.opts.days * DAY);
    const warned = await this.store.warnExpiring(warnFrom, expireFrom);
    for (const g of warned) await this.warn(g.id, g.type, new Date(+g.created_at + this.opts.days * DAY));
    const expired = await this.store.expireWaiting(expireFrom, now);
    if (expired.length) this.opts.log.info({ games: expired.map((g) => g.id), days: this.opts.days }, 'waiting games expired');
    return { warned: warned.map((g) => g.id), expired: expired.map((g) => g.id) };
  }

  /** The warning mail to each seated seat with an address (its notification settings', else its player's). */
  private async warn(gameId: string, type: string, at: Date): Promise<void> {
    const link = `${this.opts.publicUrl.replace(/\/$/, '')}/games/${gameId}`;
    const seats = await this.store.mailableSeats(gameId);
    const ids: string[] = [];
    for (const s of seats) {
      const w = s.language === 'fr' ? FR : EN;
      const message = JSON.stringify({
        subject: w.subject(type, gameId.slice(0, 8)),
        text: w.text(s.name, type, gameId, at.toISOString(), link),
      });
      ids.push(...(await this.store.addExpiryMail(gameId, s.seat, s.email, message)));
    }
    await this.opts.enqueue(ids);
  }
}

const EN = {
  subject: (type: string, id: string) => `Your game expires tomorrow: ${type} (${id})`,
  text: (me: string, type: string, id: string, at: string, link: string) =>
    [
      `${me}, the game of ${type} you are seated in (${id}) is still waiting for players.`,
      `Unless its open seats are taken, it expires at ${at} and can no longer be joined.`,
      '',
      `The game: ${link}`,
    ].join('\n'),
};
const FR = {
  subject: (type: string, id: string) => `Votre partie expire demain : ${type} (${id})`,
  text: (me: string, type: string, id: string, at: string, link: string) =>
    [
      `${me}, la partie de ${type} où vous avez une place (${id}) attend toujours des joueurs.`,
      `Si ses places libres ne sont pas prises, elle expire le ${at} et ne pourra plus être rejointe.`,
      '',
      `La partie : ${link}`,
    ].join('\n'),
};
