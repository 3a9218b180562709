import request from 'supertest';
import { expect } from 'vitest';
import { gameField } from '../../src/http/graphql/index.js';
import type { AnyGame, Json, Move } from '../../src/engine/index.js';

export interface Seat {
  seat: number;
  name: string;
  token: string;
}
export interface Created {
  id: string;
  seats: Seat[];
}
export interface Snapshot {
  version: number;
  status: string;
  toMove: number[];
  view: Json;
  outcome?: Json;
}

/** A REST client over real HTTP, as a third-party frontend would use it. */
export class RestClient {
  constructor(private readonly url: string) {}
  private auth(token?: string) {
    return token ? { Authorization: `Bearer ${token}` } : {};
  }
  async create(type: string, players: number, extra: Record<string, unknown> = {}): Promise<Created> {
    const r = await request(this.url)
      .post('/api/v1/games')
      .send({ type, players: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` })), ...extra });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  }
  async game(id: string, token?: string): Promise<Snapshot> {
    const r = await request(this.url).get(`/api/v1/games/${id}`).set(this.auth(token));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }
  async legal(id: string, token: string): Promise<Move[]> {
    const r = await request(this.url).get(`/api/v1/games/${id}/legal-moves`).set(this.auth(token));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.moves;
  }
  async move(id: string, token: string, move: Move): Promise<{ version: number; status: string; toMove: number[] }> {
    const r = await request(this.url).post(`/api/v1/games/${id}/moves`).set(this.auth(token)).send({ move });
    expect(r.status, `${JSON.stringify(move)} -> ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  }
}

/** A GraphQL client over real HTTP, sending moves as typed @oneOf inputs. */
export class GraphqlClient {
  constructor(private readonly url: string) {}
  async run<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
    const r = await request(this.url)
      .post('/graphql')
      .set(token ? { Authorization: `Bearer ${token}` } : {})
      .send({ query, variables });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data as T;
  }
  async create(type: string, players: number): Promise<Created> {
    const d = await this.run<{ createGame: Created }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { id seats { seat name token } } }`,
      {
        input: { type, players: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` })) },
      },
    );
    return d.createGame;
  }
  async game(id: string, token?: string): Promise<Snapshot & { legalMoves?: Move[] }> {
    const d = await this.run<{ game: Snapshot & { legalMoves?: Move[] } }>(
      `query($id: ID!) { game(id: $id) { version status toMove view outcome { scores ranks winners } ${token ? 'legalMoves' : ''} } }`,
      { id },
      token,
    );
    return d.game;
  }
  async move(game: AnyGame, id: string, token: string, move: Move): Promise<{ version: number; status: string }> {
    const d = await this.run<{ submitMove: { version: number; status: string } }>(
      `mutation($id: ID!, $move: MoveInput!) { submitMove(gameId: $id, move: $move) { version status } }`,
      { id, move: toMoveInput(game, move) },
      token,
    );
    return d.submitMove;
  }
}

/** `{ type: 'placeCube', x: 1 }` -> `{ townCenter: { placeCube: { x: 1 } } }` (the typed GraphQL input). */
export function toMoveInput(game: AnyGame, move: Move): Record<string, unknown> {
  const { type, ...fields } = move as Move & Record<string, unknown>;
  return { [gameField(game)]: { [type]: Object.keys(fields).length === 0 ? true : fields } };
}

/**
 * The round trip every finished game of the end-to-end tests goes through: its text record
 * (GET .../record?format=text) imports (POST /games/import, text/plain) to a new game with the same
 * final state, hidden parts included, as the original (which its JSON record also reaches).
 */
export async function expectTextRoundTrip(url: string, stateHash: (id: string) => Promise<string>, id: string): Promise<string> {
  const text = await request(url).get(`/api/v1/games/${id}/record?format=text`);
  expect(text.status, text.text).toBe(200);
  expect(text.headers['content-type']).toMatch(/^text\/plain/);
  const imported = await request(url).post('/api/v1/games/import').set('Content-Type', 'text/plain').send(text.text);
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  expect(imported.body.id).not.toBe(id);
  expect(await stateHash(imported.body.id)).toBe(await stateHash(id));
  return text.text;
}
