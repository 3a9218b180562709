import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mailPicture } from '../../src/app/notify/mail-picture.js';
import { emailMessage, replyExamples, type NoticeContext } from '../../src/app/notify/messages.js';
import { games, pictureOf, randomPositions } from '../support/positions.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A notification's context for a position seen by a seat (what the delivery job builds). */
function contextOf(p: ReturnType<typeof randomPositions>[number], lang: 'en' | 'fr'): NoticeContext {
  const seat = p.input.viewerSeat!;
  return {
    kind: 'turn',
    gameId: '00000000-0000-4000-8000-000000000000',
    gameType: p.input.type,
    gameName: p.input.type,
    version: p.input.version,
    seat,
    players: p.input.players,
    toMove: p.input.toMove,
    status: p.input.outcome ? 'finished' : 'active',
    view: p.input.view,
    outcome: p.input.outcome,
    legalMoves: p.legal.map((m) => m.notation),
    moves: p.legal.map((m) => m.move),
    lang,
    gameUrl: 'https://games.example/games/00000000-0000-4000-8000-000000000000#link=gl1.x',
    linkExpiresAt: new Date('2030-01-01T00:00:00Z'),
    unsubscribeUrl: 'https://games.example/u',
  };
}

/**
 * The relative modules a source file imports (static imports and re-exports), resolved to .ts
 * files. Type-only ones (`import type`, `export type`) are left out: they are erased, nothing of
 * them runs (a game's plug-in type names its picture's type).
 */
function importsOf(file: string): { local: string[]; packages: string[] } {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
  return {
    local: specs.filter((s) => s.startsWith('.')).map((s) => join(dirname(file), s.replace(/\.js$/, '.ts'))),
    packages: specs.filter((s) => !s.startsWith('.')),
  };
}

describe('the board picture of a mail (unit)', () => {
  it("is a PNG of the seat's position, 900 px wide, with the seat's moves in words, for every game and both languages", async () => {
    const timings: number[] = [];
    for (const g of games) {
      const positions = randomPositions(g, 12, `mail-${g.id}`)
        .filter((p) => p.input.viewerSeat !== null)
        .slice(0, 3);
      expect(positions.length).toBeGreaterThan(0);
      for (const p of positions) {
        for (const lang of ['en', 'fr'] as const) {
          const started = performance.now();
          const r = await mailPicture(contextOf(p, lang), pictureOf(g.id));
          timings.push(performance.now() - started);
          expect(r, g.id).not.toBeNull();
          expect(r!.png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
          expect(r!.png.readUInt32BE(16)).toBe(900); // IHDR width
          expect(r!.labels).toHaveLength(p.legal.length);
          for (const label of r!.labels) expect(label).not.toMatch(/\bt\d+_\d+\b/); // names, never internal ids
        }
      }
    }
    timings.sort((a, b) => a - b);
    // Measured here, not on the move path; generous, for a shared machine.
    expect(timings[Math.floor(timings.length / 2)]!).toBeLessThan(2_000);
  }, 120_000);

  it('the mail gives two distinct legal notations as reply examples, in its language', () => {
    const p = randomPositions(games.find((g) => g.id === 'town-center')!, 20, 'mail-examples').find((x) => x.legal.length >= 2)!;
    const c = contextOf(p, 'fr');
    const m = emailMessage(c, { picture: true, canReply: true });
    const examples = replyExamples(c.legalMoves);
    expect(examples).toHaveLength(2);
    expect(new Set(examples).size).toBe(2);
    for (const e of examples) expect(c.legalMoves).toContain(e);
    expect(m.text).toContain('Pour jouer, répondez à ce courriel');
    expect(m.html).toContain('src="cid:board@citybuilder"');
    // Without moves by mail, no reply instructions.
    expect(emailMessage(c, { picture: false, canReply: false }).text).not.toContain('répondez');
  });

  it('the move path renders nothing: neither the service nor the store reaches resvg or the mail picture', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const stack = [join(root, 'src/app/game-service.ts'), join(root, 'src/store/prisma-store.ts')];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const { local, packages: p } = importsOf(file);
      for (const x of p) packages.add(x);
      stack.push(...local);
    }
    expect(seen.size).toBeGreaterThan(10);
    // (notify/notices.ts, the kinds the append writes to the outbox, is data only.)
    expect([...seen].filter((f) => /mail-picture|notify\/(messages|notifier)|\/board\//.test(f))).toEqual([]);
    expect([...packages].filter((x) => x.startsWith('@resvg'))).toEqual([]);
  });
});
