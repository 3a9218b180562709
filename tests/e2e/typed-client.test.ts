import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, CityBuilderClient } from '../../clients/typescript/src/index.js';
import { isGameType, playGame } from '../../examples/bot.js';
import { hostedGames } from '../../src/games/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('the typed TypeScript client and the example bot, against the real server', () => {
  let s: TestServer;
  let client: CityBuilderClient;
  beforeAll(async () => {
    s = await startTestServer();
    client = new CityBuilderClient({ baseUrl: s.url });
  });
  afterAll(async () => {
    await s?.stop();
  });

  for (const g of hostedGames) {
    it(`the bot plays ${g.id} to the end through the client`, async () => {
      expect(isGameType(g.id)).toBe(true);
      if (!isGameType(g.id)) return;
      const { game, moves } = await playGame(client, g.id, g.minPlayers, `typed-${g.id}`);
      expect(game.type).toBe(g.id);
      expect(game.status).toBe('finished');
      expect(game.version).toBe(moves);
      expect(game.view!.phase).toBe('over');
      expect(game.view!.toMove).toEqual([]);
      expect(game.view!.result).toEqual(game.outcome);
      expect(game.outcome?.scores).toHaveLength(g.minPlayers);
    });
  }

  it('answers are typed by game type: a Town Center session reads its view, events and moves', async () => {
    const { seats } = await client.create({
      type: 'town-center',
      players: [{ name: 'Ann' }, { name: 'Bob' }],
      options: { boardSide: 'A' },
    });
    const ann = seats[0]!;
    const legal = await ann.legalMoves();
    expect(legal.moves.every((m) => m.type === 'placeCityHall')).toBe(true);
    const result = await ann.move(legal.moves[0]!);
    expect(result.events.map((e) => e.type)).toContain('cityHallPlaced');
    const game = await ann.game();
    expect(game.view!.towns[0]!.sites.some((site) => site.stack.includes('cityHall'))).toBe(true);
    const log = await ann.events();
    expect(log.moves[0]!.events[0]!.type).toBe('cityHallPlaced');
  });

  it('an error answer becomes an ApiError with the stable code', async () => {
    const { seats } = await client.create({ type: 'ma-petite-ville', players: [{ name: 'Ann' }, { name: 'Bob' }] });
    const error = await seats[1]!.move({ type: 'drawTile' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && error.problem?.code).toBe('NOT_YOUR_TURN');
  });
});
