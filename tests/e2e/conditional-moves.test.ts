import { EventSource } from 'eventsource';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMove, canonicalJson, formatMove, resolveOptions, Rng, type AnyGame, type Move, type Seat } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { mailbox, receiver, type Mailbox, type Receiver } from '../support/mail.js';
import { startTestServer, startTwoServers, type TestServer } from '../support/server.js';

/**
 * Conditional moves over real HTTP (issue 34 item 2; docs/api.md, "Conditional moves"), for each
 * hosted game: a seat waiting for another sets two lines ("if they play X1, I play Y1; if X2, Y2");
 * when the other plays X1, Y1 is played at once (origin `conditional`, in the log and the record);
 * when it plays something else, nothing is played, the lines are dropped and the seat is told (a
 * signed webhook `game.conditional` to a real local receiver). The other seats' views and a
 * spectator's stream never show a line. Then the refusals (400 naming the line and the move, 403
 * for another seat's lines, 409 during one's own turn), a takeback dropping the lines set after the
 * entry it undoes, GraphQL, and two processes sharing one database.
 *
 * The positions are found with the engines themselves: the games are created with a chosen seed,
 * so the test replays the same moves locally and knows what each seat may play next.
 */

const registry = defaultRegistry();
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

/** A position where seat `b` moves and seat `a` waits, with two moves of b after each of which a is to move, and a third move of b. */
interface Scenario {
  type: string;
  players: number;
  seed: string;
  prefix: { seat: Seat; move: Move }[];
  a: Seat;
  b: Seat;
  lines: { after: string[]; play: string; x: Move; y: Move }[];
  other: Move;
}

interface Sim {
  game: AnyGame;
  state: unknown;
}

const toMoveOf = (g: AnyGame, state: unknown): Seat[] => {
  if (g.outcome(state)) return [];
  const out: Seat[] = [];
  for (let s = 0; s < 8; s++) if (g.legalMoves(state, s).length > 0) out.push(s);
  return out;
};

/** The text of b's move as seat a reads it in its log (only moves a may see are used here). */
const seenBy = (g: AnyGame, state: unknown, b: Seat, a: Seat, m: Move) =>
  !g.moveView || canonicalJson(g.moveView(m, b, a)) === canonicalJson(m) ? formatMove(g, state, b, m) : null;

/** Plays random moves locally until a position fits a scenario (see `Scenario`). */
function findScenario(type: string, players: number, seed: string): Scenario {
  const game = registry.current(type)!;
  const options = resolveOptions(game, players, {});
  if (!options.ok) throw new Error(options.error.message);
  const sim: Sim = { game, state: game.setup({ players, options: options.value, seed }) };
  const rng = Rng.fromSeed(`${seed}-choices`);
  const prefix: Scenario['prefix'] = [];
  for (let step = 0; step < 400; step++) {
    const toMove = toMoveOf(game, sim.state);
    if (toMove.length === 0) break;
    const b = toMove[0]!;
    if (step >= 2 && toMove.length === 1) {
      const legal = game.legalMoves(sim.state, b);
      // Each candidate: a move of b that a (the seat to move after it, alone) may read in its log.
      const next = legal.flatMap((x) => {
        const r = applyMove(game, sim.state, x, b);
        if (!r.ok) return [];
        const after = toMoveOf(game, r.value.state);
        if (after.length !== 1 || after[0] === b) return [];
        const a = after[0]!;
        const text = seenBy(game, sim.state, b, a, x);
        const y = game.legalMoves(r.value.state, a)[0];
        return text && y ? [{ a, x, text, y: formatMove(game, r.value.state, a, y), yMove: y }] : [];
      });
      const a = next[0]?.a;
      const two = next.filter((n) => n.a === a);
      const texts = new Set(two.map((n) => n.text));
      const other = legal.find((x) => {
        const t = seenBy(game, sim.state, b, a ?? -1, x);
        return a !== undefined && t !== null && !two.slice(0, 2).some((n) => n.text === t);
      });
      if (a !== undefined && two.length >= 2 && texts.size >= 2 && other && !toMove.includes(a)) {
        const [l1, l2] = [two[0]!, two.find((n) => n.text !== two[0]!.text)!];
        return {
          type,
          players,
          seed,
          prefix,
          a,
          b,
          lines: [l1, l2].map((l) => ({ after: [l.text], play: l.y, x: l.x, y: l.yMove })),
          other,
        };
      }
    }
    const legal = game.legalMoves(sim.state, b);
    const move = legal[rng.int(legal.length)]!;
    const r = applyMove(game, sim.state, move, b);
    if (!r.ok) throw new Error(r.error.message);
    prefix.push({ seat: b, move });
    sim.state = r.value.state;
  }
  throw new Error(`${type}: no position for the scenario in 400 moves`);
}

/**
 * A line of several expected moves: from a position where seat `a` waits, the others' moves (each
 * one `a` may read, chosen by the seed) until `a` is to move again, and a's first legal move then.
 */
function findLongLine(type: string, players: number, seed: string) {
  const game = registry.current(type)!;
  const options = resolveOptions(game, players, {});
  if (!options.ok) throw new Error(options.error.message);
  let state = game.setup({ players, options: options.value, seed });
  const rng = Rng.fromSeed(`${seed}-long`);
  const prefix: { seat: Seat; move: Move }[] = [];
  for (let step = 0; step < 400; step++) {
    const toMove = toMoveOf(game, state);
    if (toMove.length !== 1) break;
    const a = (toMove[0]! + players - 1) % players; // the seat that moved last waits longest
    if (step >= 2 && !toMove.includes(a)) {
      let st = state;
      const after: { seat: Seat; move: Move; text: string }[] = [];
      for (let k = 0; k < 12; k++) {
        const now = toMoveOf(game, st);
        if (now.length !== 1) break;
        if (now[0] === a) break;
        const mover = now[0]!;
        const move = game.legalMoves(st, mover)[0]!;
        const text = seenBy(game, st, mover, a, move);
        if (text === null) break;
        after.push({ seat: mover, move, text });
        const r = applyMove(game, st, move, mover);
        if (!r.ok) break;
        st = r.value.state;
      }
      const now = toMoveOf(game, st);
      if (after.length >= 2 && now.length === 1 && now[0] === a) {
        const y = game.legalMoves(st, a)[0]!;
        return { type, players, seed, prefix, a, after, play: formatMove(game, st, a, y), y };
      }
    }
    const b = toMove[0]!;
    const legal = game.legalMoves(state, b);
    const move = legal[rng.int(legal.length)]!;
    const r = applyMove(game, state, move, b);
    if (!r.ok) throw new Error(r.error.message);
    prefix.push({ seat: b, move });
    state = r.value.state;
  }
  throw new Error(`${type}: no position for a line of several moves in 400 moves`);
}

const GAMES: { type: string; players: number }[] = [
  { type: 'ma-petite-ville', players: 2 },
  { type: 'town-center', players: 2 },
  { type: 'city-tycoon', players: 2 },
  { type: 'ville-de-demain', players: 3 },
];

describe('conditional moves (end-to-end)', () => {
  let s: TestServer;
  let hooks: Receiver;
  let mail: Mailbox;
  beforeAll(async () => {
    hooks = await receiver();
    mail = await mailbox();
    s = await startTestServer({
      NOTIFICATIONS: 'on',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      WEBHOOK_ALLOW_PRIVATE: '1',
      NOTIFY_POLL_SECONDS: '0.5',
    });
  });
  afterAll(async () => {
    await s?.stop();
    await hooks?.close();
    await mail?.close();
  });

  /** A game of the scenario, its prefix played over HTTP: at the scenario's position. */
  const startAt = async (url: string, sc: Pick<Scenario, 'type' | 'seed' | 'players' | 'prefix'>, extra: Record<string, unknown> = {}) => {
    const r = await request(url)
      .post('/api/v1/games')
      .send({ type: sc.type, seed: sc.seed, players: Array.from({ length: sc.players }, (_, i) => ({ name: `P${i}` })), ...extra });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const g = { id: r.body.id as string, tokens: (r.body.seats as { token: string }[]).map((x) => x.token) };
    for (const m of sc.prefix) {
      const p = await request(url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[m.seat]!)).send({ move: m.move });
      expect(p.status, JSON.stringify(p.body)).toBe(200);
    }
    return g;
  };
  const linesOf = (sc: Scenario) => sc.lines.map((l) => ({ after: l.after, play: l.play }));
  const put = (url: string, id: string, token: string, lines: unknown, seat: string | number = 'me') =>
    request(url).put(`/api/v1/games/${id}/seats/${seat}/conditional-moves`).set(auth(token)).send({ lines });
  const logOf = async (url: string, id: string) =>
    (await request(url).get(`/api/v1/games/${id}/events?after=0`)).body.moves as {
      version: number;
      seat: number;
      origin?: string;
      move: unknown;
    }[];

  for (const spec of GAMES) {
    describe(spec.type, () => {
      const sc = findScenario(spec.type, spec.players, `conditional-${spec.type}`);

      it('the others play a line: its answer is played at once (origin conditional, in the log and the record); nobody else ever sees a line', async () => {
        const g = await startAt(s.url, sc);
        const v = sc.prefix.length;
        const sse: string[] = [];
        const es = new EventSource(`${s.url}/api/v1/games/${g.id}/stream`);
        es.addEventListener('move', (e) => sse.push((e as unknown as { data: string }).data));
        try {
          const set = await put(s.url, g.id, g.tokens[sc.a]!, linesOf(sc));
          expect(set.status, JSON.stringify(set.body)).toBe(200);
          expect(set.body).toEqual({ seat: sc.a, setVersion: v, lines: linesOf(sc) });
          expect((await request(s.url).get(`/api/v1/games/${g.id}/seats/me/conditional-moves`).set(auth(g.tokens[sc.a]!))).body).toEqual(
            set.body,
          );
          // Seen by their seat only: another seat reads its own (none), and is refused the lines of a.
          const mine = await request(s.url).get(`/api/v1/games/${g.id}/seats/me/conditional-moves`).set(auth(g.tokens[sc.b]!));
          expect(mine.body).toEqual({ seat: sc.b, setVersion: null, lines: [] });
          const theirs = await request(s.url).get(`/api/v1/games/${g.id}/seats/${sc.a}/conditional-moves`).set(auth(g.tokens[sc.b]!));
          expect(theirs.status).toBe(403);
          expect(theirs.body.code).toBe('FORBIDDEN');
          for (let seat = 0; seat < sc.players; seat++) {
            if (seat === sc.a) continue;
            const view = JSON.stringify((await request(s.url).get(`/api/v1/games/${g.id}`).set(auth(g.tokens[seat]!))).body);
            expect(view).not.toContain('conditional');
            expect(view).not.toContain(JSON.stringify(sc.lines[0]!.play));
          }

          const x = await request(s.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[sc.b]!)).send({ move: sc.lines[0]!.x });
          expect(x.status, JSON.stringify(x.body)).toBe(200);
          expect(x.body.version).toBe(v + 1);
          await expect.poll(async () => (await logOf(s.url, g.id)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(v + 2);
          const played = (await logOf(s.url, g.id))[v + 1]!;
          expect(played).toMatchObject({ version: v + 2, seat: sc.a, origin: 'conditional' });
          expect(canonicalJson(played.move)).toBe(canonicalJson(sc.lines[0]!.y));
          const record = (await request(s.url).get(`/api/v1/games/${g.id}/record`).set(auth(g.tokens[sc.a]!))).body;
          expect(record.moves[v + 1]).toMatchObject({ seat: sc.a, origin: 'conditional' });
          const text = await request(s.url).get(`/api/v1/games/${g.id}/record?format=text`).set(auth(g.tokens[sc.a]!));
          expect(text.text).toContain('{conditional}');
          // The lines are used up; the spectator's stream got the answer like any move, and never a line.
          await expect
            .poll(
              async () =>
                (await request(s.url).get(`/api/v1/games/${g.id}/seats/me/conditional-moves`).set(auth(g.tokens[sc.a]!))).body.lines,
            )
            .toEqual([]);
          await expect.poll(() => sse.some((d) => JSON.parse(d).version === v + 2), { timeout: 30_000 }).toBe(true);
          for (const d of sse) {
            expect(d).not.toContain('"lines"');
            if (JSON.parse(d).version !== v + 2) expect(d).not.toContain('conditional');
          }
        } finally {
          es.close();
        }
      });

      it('the others play something else: nothing is played, the lines are dropped and the seat is told (webhook game.conditional)', async () => {
        const g = await startAt(s.url, sc);
        const v = sc.prefix.length;
        const hook = `${hooks.url}/cond/${g.id}`;
        const n = await request(s.url)
          .put(`/api/v1/games/${g.id}/seats/me/notifications`)
          .set(auth(g.tokens[sc.a]!))
          .send({ webhookUrl: hook, events: ['conditional'] });
        expect(n.status, JSON.stringify(n.body)).toBe(200);
        expect((await put(s.url, g.id, g.tokens[sc.a]!, linesOf(sc))).status).toBe(200);
        const z = await request(s.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[sc.b]!)).send({ move: sc.other });
        expect(z.status, JSON.stringify(z.body)).toBe(200);
        await expect
          .poll(() => hooks.calls.filter((c) => c.path === `/cond/${g.id}`).map((c) => JSON.parse(c.raw).type), { timeout: 30_000 })
          .toEqual(['game.conditional']);
        const told = JSON.parse(hooks.calls.find((c) => c.path === `/cond/${g.id}`)!.raw);
        expect(told.data).toMatchObject({ gameId: g.id, seat: sc.a, version: v + 1 });
        expect(
          (await request(s.url).get(`/api/v1/games/${g.id}/seats/me/conditional-moves`).set(auth(g.tokens[sc.a]!))).body.lines,
        ).toEqual([]);
        const log = await logOf(s.url, g.id);
        expect(log.some((m) => m.origin === 'conditional')).toBe(false);
        expect(log.filter((m) => m.version > v + 1).every((m) => m.seat !== sc.a)).toBe(true);
      });
    });
  }

  it('a line of several expected moves (three players): kept while the others play its moves, its answer played after the last', async () => {
    const l = findLongLine('ville-de-demain', 3, 'conditional-long');
    const g = await startAt(s.url, l);
    const v = l.prefix.length;
    const line = { after: l.after.map((m) => m.text), play: l.play };
    const set = await put(s.url, g.id, g.tokens[l.a]!, [line]);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    for (const [i, m] of l.after.entries()) {
      const r = await request(s.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[m.seat]!)).send({ move: m.move });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      if (i < l.after.length - 1)
        expect((await request(s.url).get(`/api/v1/games/${g.id}/seats/me/conditional-moves`).set(auth(g.tokens[l.a]!))).body.lines).toEqual(
          [line],
        );
    }
    const at = v + l.after.length + 1;
    await expect
      .poll(async () => (await logOf(s.url, g.id)).find((m) => m.version === at), { timeout: 30_000 })
      .toMatchObject({ seat: l.a, origin: 'conditional' });
    expect(canonicalJson((await logOf(s.url, g.id)).find((m) => m.version === at)!.move)).toBe(canonicalJson(l.y));
  });

  it('refusals: 400 naming the line and the move, bounds, 401/403 for tokens that are not the seat, 409 during its own turn', async () => {
    const sc = findScenario('ma-petite-ville', 2, 'conditional-ma-petite-ville');
    const g = await startAt(s.url, sc);
    const bad = await put(s.url, g.id, g.tokens[sc.a]!, [
      { after: [sc.lines[0]!.after[0]], play: sc.lines[0]!.play },
      { after: ['tile nowhere'], play: sc.lines[1]!.play },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_INPUT', line: 1, move: 'tile nowhere' });
    expect(bad.body.detail).toContain('line 1');
    const badPlay = await put(s.url, g.id, g.tokens[sc.a]!, [{ after: [sc.lines[0]!.after[0]], play: 'fly away' }]);
    expect(badPlay.status).toBe(400);
    expect(badPlay.body).toMatchObject({ code: 'INVALID_INPUT', line: 0, move: 'fly away' });
    const same = await put(s.url, g.id, g.tokens[sc.a]!, [linesOf(sc)[0], { ...linesOf(sc)[0], play: sc.lines[1]!.play }]);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ code: 'INVALID_INPUT', line: 1 });
    for (const body of [
      [{ after: [], play: 'pass' }],
      [{ after: ['pass'], play: 'x'.repeat(500) }],
      Array.from({ length: 21 }, (_, i) => ({ after: [`tile ${i},0 r0`], play: 'pass' })),
      [{ after: ['pass'], play: 'pass', extra: 1 }],
    ]) {
      const r = await put(s.url, g.id, g.tokens[sc.a]!, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.code).toBe('INVALID_INPUT');
    }
    expect((await put(s.url, g.id, g.tokens[sc.b]!, linesOf(sc), sc.a)).status).toBe(403);
    expect((await request(s.url).delete(`/api/v1/games/${g.id}/seats/${sc.a}/conditional-moves`).set(auth(g.tokens[sc.b]!))).status).toBe(
      403,
    );
    expect((await request(s.url).get(`/api/v1/games/${g.id}/seats/me/conditional-moves`)).status).toBe(401);
    const turn = await put(s.url, g.id, g.tokens[sc.b]!, linesOf(sc));
    expect(turn.status).toBe(409);
    expect(turn.body.code).toBe('CONDITIONAL_NOT_ALLOWED');
    // A seat clears its own lines; an empty list is the same.
    expect((await put(s.url, g.id, g.tokens[sc.a]!, linesOf(sc))).status).toBe(200);
    const cleared = await request(s.url).delete(`/api/v1/games/${g.id}/seats/me/conditional-moves`).set(auth(g.tokens[sc.a]!));
    expect(cleared.body).toEqual({ seat: sc.a, setVersion: null, lines: [] });
  });

  it('an answer illegal when its line matches is dropped, never played, and the seat is told', async () => {
    const sc = findScenario('ma-petite-ville', 2, 'conditional-ma-petite-ville');
    const g = await startAt(s.url, sc);
    const v = sc.prefix.length;
    await request(s.url)
      .put(`/api/v1/games/${g.id}/seats/me/notifications`)
      .set(auth(g.tokens[sc.a]!))
      .send({ webhookUrl: `${hooks.url}/illegal/${g.id}`, events: ['conditional'] });
    // A well-formed move far off the board: legal nowhere.
    const r = await put(s.url, g.id, g.tokens[sc.a]!, [{ after: sc.lines[0]!.after, play: 'tile 40,40 r0' }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await request(s.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[sc.b]!)).send({ move: sc.lines[0]!.x });
    await expect
      .poll(
        async () => (await request(s.url).get(`/api/v1/games/${g.id}/seats/me/conditional-moves`).set(auth(g.tokens[sc.a]!))).body.lines,
        {
          timeout: 30_000,
        },
      )
      .toEqual([]);
    const log = await logOf(s.url, g.id);
    expect(log).toHaveLength(v + 1);
    const game = (await request(s.url).get(`/api/v1/games/${g.id}`)).body;
    expect(game.toMove).toContain(sc.a);
    await expect.poll(() => hooks.calls.filter((c) => c.path === `/illegal/${g.id}`).length, { timeout: 30_000 }).toBe(1);
    expect(JSON.parse(hooks.calls.find((c) => c.path === `/illegal/${g.id}`)!.raw)).toMatchObject({
      type: 'game.conditional',
      data: { seat: sc.a, version: v + 1 },
    });
  });

  it('a takeback drops the lines set after the entry it undoes, and the seat is told', async () => {
    const sc = findScenario('town-center', 2, 'conditional-town-center');
    const g = await startAt(s.url, sc, { takebacks: 'with-consent' });
    const hook = `${hooks.url}/tb/${g.id}`;
    await request(s.url)
      .put(`/api/v1/games/${g.id}/seats/me/notifications`)
      .set(auth(g.tokens[sc.a]!))
      .send({ webhookUrl: hook, events: ['conditional'] });
    // a's last move before the lines: a asks to take it back after setting them; b accepts.
    const last = [...sc.prefix.keys()].reverse().find((i) => sc.prefix[i]!.seat === sc.a);
    expect(last).toBeDefined();
    expect((await put(s.url, g.id, g.tokens[sc.a]!, linesOf(sc))).status).toBe(200);
    const ask = await request(s.url)
      .post(`/api/v1/games/${g.id}/takeback`)
      .set(auth(g.tokens[sc.a]!))
      .send({ undo: last! + 1 });
    expect(ask.status, JSON.stringify(ask.body)).toBe(200);
    const ok = await request(s.url).post(`/api/v1/games/${g.id}/takeback/accept`).set(auth(g.tokens[sc.b]!));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.events[0]).toMatchObject({ type: '@restored', undone: last! + 1 });
    await expect
      .poll(
        async () => (await request(s.url).get(`/api/v1/games/${g.id}/seats/me/conditional-moves`).set(auth(g.tokens[sc.a]!))).body.lines,
        {
          timeout: 30_000,
        },
      )
      .toEqual([]);
    await expect.poll(() => hooks.calls.filter((c) => c.path === `/tb/${g.id}`).length, { timeout: 30_000 }).toBe(1);
  });

  it('GraphQL: set, read and clear the same lines; another seat reads only its own', async () => {
    const sc = findScenario('city-tycoon', 2, 'conditional-city-tycoon');
    const g = await startAt(s.url, sc);
    const gql = (token: string, query: string, variables: Record<string, unknown> = {}) =>
      request(s.url).post('/graphql').set(auth(token)).send({ query, variables });
    const set = await gql(
      g.tokens[sc.a]!,
      'mutation($g: ID!, $l: [ConditionalLineInput!]!) { setConditionalMoves(gameId: $g, lines: $l) { seat setVersion lines { after play } } }',
      { g: g.id, l: linesOf(sc) },
    );
    expect(set.body.errors).toBeUndefined();
    expect(set.body.data.setConditionalMoves).toEqual({ seat: sc.a, setVersion: sc.prefix.length, lines: linesOf(sc) });
    const rest = await request(s.url).get(`/api/v1/games/${g.id}/seats/me/conditional-moves`).set(auth(g.tokens[sc.a]!));
    expect(rest.body).toEqual(set.body.data.setConditionalMoves);
    const other = await gql(g.tokens[sc.b]!, 'query($g: ID!) { conditionalMoves(gameId: $g) { seat lines { play } } }', { g: g.id });
    expect(other.body.data.conditionalMoves).toEqual({ seat: sc.b, lines: [] });
    const bad = await gql(
      g.tokens[sc.a]!,
      'mutation($g: ID!, $l: [ConditionalLineInput!]!) { setConditionalMoves(gameId: $g, lines: $l) { seat } }',
      { g: g.id, l: [{ after: ['buy the moon'], play: sc.lines[0]!.play }] },
    );
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    const cleared = await gql(g.tokens[sc.a]!, 'mutation($g: ID!) { clearConditionalMoves(gameId: $g) { lines { play } } }', { g: g.id });
    expect(cleared.body.data.clearConditionalMoves.lines).toEqual([]);
  });
});

describe('conditional moves on two processes sharing one database', () => {
  let two: Awaited<ReturnType<typeof startTwoServers>>;
  beforeAll(async () => {
    two = await startTwoServers();
  });
  afterAll(async () => {
    await two?.stop();
  });

  it('lines set on one process are played by the other, whose commit brings the seat to move', async () => {
    const sc = findScenario('ville-de-demain', 3, 'conditional-ville-de-demain');
    const r = await request(two.a.url)
      .post('/api/v1/games')
      .send({ type: sc.type, seed: sc.seed, players: Array.from({ length: sc.players }, (_, i) => ({ name: `P${i}` })) });
    const g = { id: r.body.id as string, tokens: (r.body.seats as { token: string }[]).map((x) => x.token) };
    for (const m of sc.prefix)
      expect(
        (await request(two.a.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[m.seat]!)).send({ move: m.move })).status,
      ).toBe(200);
    const set = await request(two.a.url)
      .put(`/api/v1/games/${g.id}/seats/me/conditional-moves`)
      .set(auth(g.tokens[sc.a]!))
      .send({ lines: sc.lines.map((l) => ({ after: l.after, play: l.play })) });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const x = await request(two.b.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[sc.b]!)).send({ move: sc.lines[1]!.x });
    expect(x.status, JSON.stringify(x.body)).toBe(200);
    const v = sc.prefix.length;
    await expect
      .poll(async () => (await request(two.a.url).get(`/api/v1/games/${g.id}/events?after=${v + 1}`)).body.moves, { timeout: 30_000 })
      .toEqual([expect.objectContaining({ version: v + 2, seat: sc.a, origin: 'conditional' })]);
    const log = (await request(two.b.url).get(`/api/v1/games/${g.id}/events?after=${v + 1}`)).body.moves;
    expect(canonicalJson(log[0].move)).toBe(canonicalJson(sc.lines[1]!.y));
    // Played once: no second entry from the other process.
    expect((await request(two.a.url).get(`/api/v1/games/${g.id}`)).body.version).toBeGreaterThanOrEqual(v + 2);
    expect(
      (await request(two.b.url).get(`/api/v1/games/${g.id}/events?after=${v}`)).body.moves.filter(
        (m: { origin?: string }) => m.origin === 'conditional',
      ),
    ).toHaveLength(1);
  });
});
