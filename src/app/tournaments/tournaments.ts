import { randomUUID } from 'node:crypto';
import type { Json } from '../../engine/index.js';
import type { TableRow, TournamentRow, TournamentStore } from '../../store/tournament-store.js';
import { AppError } from '../errors.js';
import type { GamePort } from '../game-port.js';
import { isUuid } from '../ids.js';
import type { PlayerService } from '../players.js';
import { check } from '../shapes.js';
import { checkText } from '../text.js';
import type { TimeControl } from '../../store/types.js';
import { timeControlOf } from '../time-control.js';
import { roundRobinRound, roundRobinRounds, swissRound } from './pairing.js';
import { CreateTournamentBody } from './shapes.js';
import { standings } from './standings.js';

/** A tournament's games' clock when none is asked (OGS's correspondence default): 3 days, 1 more a move, at most 7. */
export const DEFAULT_TOURNAMENT_TIME_CONTROL: TimeControl = {
  initialSeconds: 3 * 86_400,
  incrementSeconds: 86_400,
  maxSeconds: 7 * 86_400,
};

export interface TournamentOptions {
  log: { warn(o: object, m: string): void };
  /** Where the tournament's pages are linked from in mails (PUBLIC_URL). */
  publicUrl?: string;
}

/** How tournament mails reach the players: a game's seats with an address, and the outbox's delivery. */
export interface TournamentMail {
  seats(gameId: string): Promise<{ seat: number; name: string; email: string }[]>;
  enqueue(ids: string[]): Promise<void>;
}

/**
 * Tournaments (issue 34 item 3): round robin and Swiss, created by a player, joined until they
 * start (at `startsAt`, or earlier by their creator). What they guarantee:
 * - Each round is made once, across processes: when the last game of the round before ends (the
 *   game service's after-commit hook, the way ratings listen) or by the sweep (every few seconds
 *   in each process with NOTIFY_WORKER, and at start-up), whichever comes first; the round's key
 *   in tournament_rounds refuses a second making, so two processes ending the last games at once
 *   make the next round once. Each table's game is made by the process that claimed the table.
 * - The games are ordinary games: rated when the tournament is (every seat a player identity),
 *   with its time control (default: 3 days, 1 day more a move, at most 7), and a seat whose time
 *   runs out resigns (timeoutAction resign): so every game ends, and a round ends when its games
 *   have. That is the rounds' adjudication rule, in place of a round deadline: a player who stops
 *   playing loses on time and ranks last at that table; the others play on (the stand-in plays the
 *   resigned seat) to the end.
 * - Pairings (pairing.ts) and standings (standings.ts) are pure functions of the entries, the
 *   tables and the games' outcomes: `GET /tournaments/{id}` recomputes them.
 */
export class Tournaments {
  private sweeper: NodeJS.Timeout | undefined;
  private readonly advancing = new Map<string, Promise<void>>();
  private mail: TournamentMail | undefined;

  constructor(
    private readonly store: TournamentStore,
    private readonly service: GamePort,
    private readonly players: PlayerService,
    private readonly opts: TournamentOptions,
  ) {}

  /** Mails each player their table when a round's game is made, and the standings when the tournament ends (players with an address). */
  mailWith(mail: TournamentMail): void {
    this.mail = mail;
  }

  /** Advances a tournament after each commit that ends one of its games. */
  watch(service: GamePort): void {
    service.onCommitted((c) => {
      if (c.status !== 'finished') return;
      void this.store
        .ofGame(c.gameId)
        .then((id) => (id ? this.advance(id) : undefined))
        .catch((err) => this.opts.log.warn({ err, gameId: c.gameId }, 'tournament round check failed; the sweep will redo it'));
    });
  }

  /** The sweep: starts tournaments whose time has come and advances running ones. */
  start(everyMs: number): void {
    this.sweeper = setInterval(() => void this.sweep().catch((err) => this.opts.log.warn({ err }, 'tournament sweep failed')), everyMs);
    void this.sweep().catch(() => {});
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  async sweep(now = new Date()): Promise<void> {
    for (const t of await this.store.due(now)) {
      if (t.status === 'open')
        await this.begin(t.id, false).catch((err) => this.opts.log.warn({ err, tournamentId: t.id }, 'tournament start failed'));
      else await this.advance(t.id);
    }
  }

  /** POST /tournaments: a player creates a tournament (open for entries until it starts). */
  async create(body: unknown, token: string | undefined) {
    const creator = await this.players.require(token);
    const input = check(CreateTournamentBody, body, 'body');
    checkText('name', input.name);
    const game = this.service.registry.list().find((g) => g.id === input.game);
    if (!game)
      throw AppError.of(
        'INVALID_INPUT',
        'INVALID_INPUT.tournamentGame',
        {
          type: input.game,
          known: this.service.registry
            .list()
            .map((g) => g.id)
            .join(', '),
        },
        { field: 'game' },
      );
    if (input.seatsPerGame < game.minPlayers || input.seatsPerGame > game.maxPlayers)
      throw AppError.of(
        'INVALID_INPUT',
        'INVALID_INPUT.tournamentSeats',
        { seats: input.seatsPerGame, type: game.id, min: game.minPlayers, max: game.maxPlayers },
        { field: 'seatsPerGame' },
      );
    if (input.format === 'round-robin' && input.seatsPerGame !== 2)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.roundRobinSeats', { seats: input.seatsPerGame }, { field: 'seatsPerGame' });
    if (input.format === 'swiss' && input.rounds === undefined)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.swissRounds', {}, { field: 'rounds' });
    const maxPlayers = input.maxPlayers ?? 64;
    if (maxPlayers < input.seatsPerGame)
      throw AppError.of(
        'INVALID_INPUT',
        'INVALID_INPUT.tournamentMaxPlayers',
        { max: maxPlayers, seats: input.seatsPerGame },
        { field: 'maxPlayers' },
      );
    // Checked now, so that a round never fails to make its games; every game has a clock (the rounds' adjudication).
    const timeControl = timeControlOf({ timeControl: input.timeControl ?? DEFAULT_TOURNAMENT_TIME_CONTROL, timeoutAction: 'resign' })!;
    const startsAt = new Date(input.startsAt);
    if (Number.isNaN(+startsAt))
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.tournamentStartsAt', { given: input.startsAt.slice(0, 40) }, { field: 'startsAt' });
    const id = randomUUID();
    await this.store.create({
      id,
      name: input.name,
      game_type: game.id,
      format: input.format,
      rounds: input.rounds ?? null,
      seats_per_game: input.seatsPerGame,
      max_players: maxPlayers,
      time_control: timeControl as unknown as Json,
      rated: input.rated ?? true,
      starts_at: startsAt,
      min_reliability: input.minReliability ?? null,
      creator_id: creator.id,
    });
    return this.get(id);
  }

  /** POST /tournaments/{id}/join: the player of the token enters, until the start. */
  async join(id: string, token: string | undefined) {
    const player = await this.players.require(token);
    const t = await this.row(id);
    if (t.status !== 'open') throw AppError.of('TOURNAMENT_STARTED', 'TOURNAMENT_STARTED.join', { status: t.status });
    if (t.min_reliability !== null) await this.players.reliability.admit(player.id, t.min_reliability, 'tournament');
    const refused = await this.store.enter(id, player.id);
    if (refused === 'STARTED') throw AppError.of('TOURNAMENT_STARTED', 'TOURNAMENT_STARTED.join', { status: 'running' });
    if (refused === 'FULL') throw AppError.of('TOURNAMENT_FULL', 'TOURNAMENT_FULL.join', { max: t.max_players });
    if (refused === 'ALREADY') throw AppError.of('ALREADY_ENTERED', 'ALREADY_ENTERED.join', {});
    return this.get(id);
  }

  /** POST /tournaments/{id}/start: the creator (or the operator) starts it before its time. */
  async startNow(id: string, token: string | undefined) {
    const t = await this.row(id);
    if (!this.service.isOperator(token)) {
      const p = await this.players.require(token);
      if (p.id !== t.creator_id) throw AppError.of('FORBIDDEN', 'FORBIDDEN.tournamentCreatorOnly');
    }
    if (t.status !== 'open') throw AppError.of('TOURNAMENT_STARTED', 'TOURNAMENT_STARTED.start', { status: t.status });
    await this.begin(id, true);
    return this.get(id);
  }

  /** Starts an open tournament: running with its first round, or cancelled (at its time) with fewer players than a table. */
  private async begin(id: string, asked: boolean): Promise<void> {
    const t = await this.row(id);
    const entries = await this.store.entries(id);
    if (entries.length < t.seats_per_game) {
      if (asked) throw AppError.of('TOO_FEW_PLAYERS', 'TOO_FEW_PLAYERS.start', { entries: entries.length, seats: t.seats_per_game });
      await this.store.setStatus(id, 'open', 'cancelled');
      return;
    }
    await this.store.setStatus(id, 'open', 'running');
    await this.advance(id);
  }

  /** Makes the next round when the current one has ended, and each table's game; ends the tournament after its last round. Calls
   * for one tournament in one process run one at a time. */
  advance(id: string): Promise<void> {
    const running = this.advancing.get(id) ?? Promise.resolve();
    const next = running
      .then(() => this.advanceOnce(id))
      .finally(() => {
        if (this.advancing.get(id) === next) this.advancing.delete(id);
      });
    this.advancing.set(id, next);
    return next;
  }

  private async advanceOnce(id: string): Promise<void> {
    for (let guard = 0; guard < 1000; guard++) {
      const t = await this.store.get(id);
      if (!t || t.status !== 'running') return;
      await this.makeGames(t);
      const tables = await this.store.tables(id);
      const current = tables.reduce((m, x) => Math.max(m, x.round), 0);
      const ended = (x: TableRow) =>
        x.bye || x.game_status === 'finished' || x.game_status === 'expired' || (x.game_id !== null && x.game_status === null);
      if (current > 0 && !tables.filter((x) => x.round === current).every(ended)) return;
      const entries = (await this.store.entries(id)).map((e) => e.player_id);
      if (current >= totalRounds(t, entries.length)) {
        if (await this.store.setStatus(id, 'running', 'finished'))
          await this.mailStandings(id).catch((err) => this.opts.log.warn({ err, tournamentId: id }, 'tournament result mails failed'));
        return;
      }
      await this.store.makeRound(id, current + 1, this.pair(t, entries, tables, current + 1));
    }
  }

  /** The next round's tables (pairing.ts). */
  private pair(t: TournamentRow, entries: string[], tables: TableRow[], round: number) {
    if (t.format === 'round-robin') return roundRobinRound(entries, round);
    const order = standings(entries, played(tables), t.seats_per_game).map((s) => s.playerId);
    const met = new Map<string, Set<string>>();
    const hadBye = new Set<string>();
    for (const x of tables) {
      if (x.bye) hadBye.add(x.players[0]!);
      else for (const p of x.players) for (const q of x.players) if (p !== q) (met.get(p) ?? met.set(p, new Set()).get(p)!).add(q);
    }
    return swissRound(
      round === 1 ? entries : order,
      t.seats_per_game,
      met,
      hadBye,
      tables.filter((x) => !x.bye).map((x) => x.players),
    );
  }

  /** Makes the game of each table this process claims: its players seated in order, bound to their identities. */
  private async makeGames(t: TournamentRow): Promise<void> {
    for (const table of await this.store.claim(t.id)) {
      const rows = await this.store.players(table.players);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const specs = table.players.map((p) => ({
        name: byId.get(p)?.name ?? 'player',
        playerId: p,
        playerTokenHash: byId.get(p)!.token_hash,
      }));
      const created = await this.service.createGame({
        type: t.game_type,
        players: specs,
        rated: t.rated,
        ...(t.time_control ? { timeControl: t.time_control as unknown as TimeControl, timeoutAction: 'resign' as const } : {}),
      });
      await this.store.setGame(t.id, table.round, table.table_no, created.id);
      await this.mailPairing(
        t,
        table.round,
        created.id,
        specs.map((x) => x.name),
      ).catch((err) => this.opts.log.warn({ err, tournamentId: t.id }, 'tournament pairing mails failed'));
    }
  }

  private link(path: string): string {
    return `${(this.opts.publicUrl ?? '').replace(/\/$/, '')}${path}`;
  }

  /** Each seated player with an address: their table and game (written once per game and seat). */
  private async mailPairing(t: TournamentRow, round: number, gameId: string, names: string[]): Promise<void> {
    if (!this.mail) return;
    const ids: string[] = [];
    for (const s of await this.mail.seats(gameId)) {
      const message = JSON.stringify({
        subject: `${t.name}, round ${round}: your table`,
        text: [
          `${s.name}, round ${round} of the tournament ${t.name} (${t.game_type}) has begun.`,
          `At your table, in seat order: ${names.join(', ')}; you are seat ${s.seat}.`,
          '',
          `Your game: ${this.link(`/games/${gameId}`)}`,
          `The tournament: ${this.link(`/tournaments/${t.id}`)}`,
        ].join('\n'),
      });
      ids.push(...(await this.store.addMail(gameId, s.seat, -1, s.email, message)));
    }
    await this.mail.enqueue(ids);
  }

  /** Each player with an address: the final standings (on their last game, written once). */
  private async mailStandings(id: string): Promise<void> {
    if (!this.mail) return;
    const view = await this.get(id);
    const lines = view.standings.map((r) => `${r.rank}. ${r.name}: ${r.points} points (Buchholz ${r.buchholz}, ${r.beaten} beaten)`);
    const ids: string[] = [];
    const last = new Map<string, { gameId: string; seat: number }>();
    for (const r of view.roundsPlayed)
      for (const x of r.tables) if (x.gameId) for (const p of x.players) last.set(p.playerId, { gameId: x.gameId, seat: p.seat });
    for (const [playerId, at] of last) {
      const s = (await this.mail.seats(at.gameId)).find((x) => x.seat === at.seat);
      if (!s) continue;
      const mine = view.standings.find((r) => r.playerId === playerId);
      const message = JSON.stringify({
        subject: `${view.name}: final standings`,
        text: [
          `${s.name}, the tournament ${view.name} is over${mine ? `: you are ${mine.rank} of ${view.standings.length}` : ''}.`,
          '',
          ...lines,
          '',
          `The tournament: ${view.page}`,
        ].join('\n'),
      });
      ids.push(...(await this.store.addMail(at.gameId, at.seat, -2, s.email, message)));
    }
    await this.mail.enqueue(ids);
  }

  private async row(id: string): Promise<TournamentRow> {
    const t = isUuid(id) ? await this.store.get(id) : null;
    if (!t) throw AppError.of('NOT_FOUND', 'NOT_FOUND.tournament', { id: id.slice(0, 40) });
    return t;
  }

  /** GET /tournaments/{id}: the tournament, its players, rounds with their tables and games, and the standings. Public. */
  async get(id: string) {
    const t = await this.row(id);
    const entries = await this.store.entries(id);
    const tables = await this.store.tables(id);
    const names = new Map(entries.map((e) => [e.player_id, e.name]));
    const rounds = [...new Set(tables.map((x) => x.round))].map((round) => ({
      round,
      tables: tables
        .filter((x) => x.round === round)
        .map((x) => ({
          table: x.table_no,
          players: x.players.map((p, seat) => ({ seat, playerId: p, name: names.get(p) ?? '' })),
          bye: x.bye,
          gameId: x.game_id,
          status: x.bye ? 'bye' : (x.game_status ?? 'pending'),
          ranks: x.game_status === 'finished' ? (x.outcome?.ranks ?? null) : null,
        })),
    }));
    return {
      id: t.id,
      page: this.link(`/tournaments/${t.id}`),
      name: t.name,
      game: t.game_type,
      format: t.format,
      rounds: totalRounds(t, entries.length),
      seatsPerGame: t.seats_per_game,
      maxPlayers: t.max_players,
      timeControl: t.time_control,
      rated: t.rated,
      startsAt: t.starts_at.toISOString(),
      minReliability: t.min_reliability,
      creatorId: t.creator_id,
      status: t.status,
      players: entries.map((e) => ({ playerId: e.player_id, name: e.name })),
      roundsPlayed: rounds,
      standings: standings(
        entries.map((e) => e.player_id),
        played(tables),
        t.seats_per_game,
      ).map((s) => ({ ...s, name: names.get(s.playerId) ?? '' })),
    };
  }
}

/** The rounds a tournament plays: Swiss, as asked; a round robin, its schedule (at most `rounds`). */
function totalRounds(t: TournamentRow, players: number): number {
  if (t.format === 'swiss') return t.rounds!;
  const all = roundRobinRounds(players);
  return t.rounds === null ? all : Math.min(all, t.rounds);
}

/** The tables as standings read them: a finished game's ranks, else none yet. */
function played(tables: TableRow[]) {
  return tables.map((x) => ({ players: x.players, bye: x.bye, ranks: x.game_status === 'finished' ? (x.outcome?.ranks ?? null) : null }));
}
