import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/app/errors.js';
import { FR } from '../../src/app/i18n/fr.js';
import { languageOf, localize } from '../../src/app/i18n/index.js';
import { applyMove, checkMoveShape, randomPlayout, resolveOptions, Rng } from '../../src/engine/index.js';
import type { AnyGame, FieldSchema, Move, ObjectSchema } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';

const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : []));
/** Every violation code the engines and the kernel can give: their string literals shaped like codes. */
const engineCodes = [...new Set(['src/engine', 'src/games'].flatMap(files).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/'([A-Z]+_[A-Z_]+)'/g)].map((m) => m[1]!)))].sort();
const numbers = (s: string) => (s.match(/\d+/g) ?? []).sort();

describe('rule messages in English and French', () => {
  it('picks the language from Accept-Language: French for fr and its regions, English otherwise', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('fr')).toBe('fr');
    expect(languageOf('fr-CA, en;q=0.5')).toBe('fr');
    expect(languageOf('de-DE, fr;q=0.8, en;q=0.9')).toBe('en');
    expect(languageOf('de, fr;q=0.3')).toBe('fr');
    expect(languageOf('*')).toBe('en');
    expect(languageOf('x-klingon')).toBe('en');
  });

  it('every API error code has French, and English is left as it is', () => {
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(FR[code], code).toBeDefined();
      const fr = localize('fr', code, 'some English message nobody translated', undefined);
      expect(fr, code).not.toContain('English');
      expect(localize('en', code, 'an English message', undefined)).toBe('an English message');
    }
  });

  it(`every engine violation code (${engineCodes.length}) has French`, () => {
    expect(engineCodes.length).toBeGreaterThan(80);
    const missing = engineCodes.filter((c) => !FR[c]);
    expect(missing).toEqual([]);
  });

  it('the API\'s own messages come out in French with their values', () => {
    expect(localize('fr', 'NOT_FOUND', 'no game 1234')).toBe('Aucune partie 1234');
    expect(localize('fr', 'VERSION_CONFLICT', 'the game is at version 7, not 5: reload it and decide again')).toBe('La partie est à la version 7, pas 5 : rechargez-la et décidez à nouveau');
    expect(localize('fr', 'INVALID_INPUT', 'body must have required property \'move\'')).toBe('body doit avoir la propriété obligatoire « move »');
    expect(localize('fr', 'RATE_LIMITED', 'rate limit of 600 requests per minute for this address exceeded; retry in 12 s (Retry-After)')).toBe('Limite de 600 requêtes par minute dépassée (address) ; réessayez dans 12 s (Retry-After)');
    expect(localize('fr', 'IMPORT_INVALID', 'move 3 is illegal: It is not seat 1\'s turn to act.', 'NOT_YOUR_TURN')).toBe('Coup 3 : Ce n\'est pas à la place 1 de jouer.');
    expect(localize('fr', 'INVALID_INPUT', 'Town Center is played by 1 to 8 players, not 9.', 'PLAYER_COUNT')).toBe('Town Center se joue de 1 à 8 joueurs, pas 9.');
  });

  /** A value for a move field: sometimes legal-looking, sometimes out of range, from the schema. */
  const fuzz = (f: FieldSchema, rng: Rng): unknown => {
    switch (f.type) {
      case 'integer':
        return [-1, 0, 1, 2, 3, 4, 5, 7, 9, 12, 99][rng.int(11)];
      case 'boolean':
        return rng.int(2) === 1;
      case 'string':
        return f.enum ? f.enum[rng.int(f.enum.length)] : ['a', 'x', 'park'][rng.int(3)];
      case 'array':
        return Array.from({ length: rng.int(4) }, () => fuzz(f.items, rng));
      case 'object':
        return Object.fromEntries(Object.entries(f.properties).map(([k, s]) => [k, fuzz(s, rng)]));
    }
  };

  it('every violation met in random games has a French message carrying the same values; English stays the engine\'s', () => {
    const met = new Map<string, { en: string; fr: string }>();
    const meet = (v: { code: string; message: string } | null | undefined) => {
      if (v && !met.has(v.code)) met.set(v.code, { en: v.message, fr: localize('fr', 'ILLEGAL_MOVE', v.message, v.code) });
    };
    for (const game of defaultRegistry().list() as AnyGame[]) {
      for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
        const options = resolveOptions(game, players, {});
        if (!options.ok) continue;
        const rng = new Rng(Rng.fromSeed(`${game.id}-${players}`).state);
        const { state: end } = randomPlayout(game, { players, options: options.value, seed: `i18n-${game.id}-${players}` } as never, `c-${players}`, {
          beforeMove(state, seat, legal) {
            const tries: unknown[] = [...legal.slice(0, 2).map((m) => ({ ...m }))];
            for (const [type, schema] of Object.entries(game.moveSchemas as Record<string, ObjectSchema>)) {
              for (let i = 0; i < 4; i++) tries.push({ type, ...(fuzz(schema, rng) as object) });
            }
            tries.push({ type: 'teleport' });
            for (const move of tries) {
              const shape = checkMoveShape(game, move);
              meet(shape);
              if (shape) {
                // The engine behind the shape check: values the schema lets through to no one, or would refuse.
                try {
                  const d = game.decide(state, move as Move, seat);
                  if (!d.ok) meet(d.error);
                } catch {
                  // a shape the engine was never meant to see
                }
                continue;
              }
              for (const who of [seat, (seat + 1) % players]) {
                const r = applyMove(game, state, move as Move, who);
                if (!r.ok) meet(r.error);
              }
            }
          },
        });
        const over = applyMove(game, end, { type: Object.keys(game.moveSchemas)[0]! } as Move, 0);
        if (!over.ok) meet(over.error);
      }
    }
    // Game set-ups refused: player counts and options, through the kernel's own check.
    for (const game of defaultRegistry().list() as AnyGame[]) {
      const tooMany = resolveOptions(game, game.maxPlayers + 1, {});
      if (!tooMany.ok) meet(tooMany.error);
      const unknown = resolveOptions(game, game.minPlayers, { nope: 1 });
      if (!unknown.ok) meet(unknown.error);
    }
    const tc = defaultRegistry().current('town-center')!;
    for (const options of [{ seatSides: 'ZZ' }, { soloVariant: 'centralPark' }]) {
      const r = resolveOptions(tc, 2, options);
      if (!r.ok) meet(r.error);
    }
    // The codes random play rarely reaches (City Tycoon's routes, late-game shortages...): their
    // messages as the engines write them (copied from the engines' source), so that every code is
    // checked in both languages.
    const rare: [string, string][] = [
      ['ALREADY_KEPT', 'The player has already kept a tile in this pass of the draft (C3).'],
      ['BOTH_CUBES_RULE', 'Both cubes must be placed if possible, and this placement would leave your other cube with no legal site while another choice places both.'],
      ['CANNOT_AFFORD_SUPPLY', 'Carrying these cubes costs $7, more than the player has (C7, CT7).'],
      ['CITY_FULL', 'Your city already holds 10 cards: no 11th card may ever be placed, so you cannot add the Parc (V6).'],
      ['DECK_EXHAUSTED', 'Deck 2 is empty and has no discard pile to rebuild it from, so it cannot be chosen (V3).'],
      ['END_ON_X_SQUARE', 'the first and last objects of a silhouette may never stand on an X square'],
      ['NOT_DEVELOPABLE', 'Only Residential and Commercial units develop.'],
      ['NOT_ENOUGH_GOODS', 'This option cannot be delivered: the player holds fewer goods than this option needs (C6).'],
      ['NOT_FOR_SALE', 'Public Works sells only one Utilities or one Elevator/Parking cube.'],
      ['NO_CUBES_REACHABLE', 'This option cannot be delivered: the plants a route can reach hold too few cubes for this option (C6).'],
      ['NO_SUCH_SIDE', 'A plant has two sides, a and b (C4).'],
      ['PILE_EMPTY', 'the draw pile is empty: no tile is left to take'],
      ['ROUTES_DO_NOT_MATCH', 'This option needs 2 electricity and 1 water cube(s): give one route per cube, all at once (C6, CT13).'],
      ['ROUTE_LOOPS', 'The route given is not legal: a route may not pass the same tile twice (C8).'],
      ['ROUTE_NOT_FROM_PLANT', 'Each route must start on a power plant or a water station (C6, C8).'],
      ['ROUTE_NOT_ORTHOGONAL', 'The route given is not legal: cubes travel from tile to tile across shared edges only (C6).'],
      ['ROUTE_OFF_MAP', 'The route given is not legal: cubes travel only over placed tiles (C6).'],
      ['ROUTE_THROUGH_WATER', 'The route given is not legal: water tiles stop cubes: no route may cross them (C5).'],
      ['ROUTE_TOO_SHORT', 'The route given is not legal: a route lists at least its source plant and the district it supplies (C8).'],
      ['ROUTE_WRONG_END', 'The route given is not legal: a route must end on the district being supplied (C8).'],
      ['SOLO_VARIANT_NEEDS_ONE_PLAYER', 'The Central Park variant is a solo variant: it needs exactly 1 player.'],
      ['SOURCE_EMPTY', 'The routes take more cubes from a plant than it holds (C6).'],
      ['SPECIAL_ALREADY_HELD', 'You already hold a special building: a player takes only one special building in the whole game (V5).'],
      ['STACK_FULL', 'A tower may never exceed a height of 5 cubes.'],
      ['UNKNOWN_HABITATION', 'There is no Habitation "castle"; the kinds are smallHouse, apartmentBlock and luxuryResidence.'],
      ['UNKNOWN_SPECIAL', 'There is no special building "moonBase".'],
    ];
    for (const [code, message] of rare) meet({ code, message });
    expect(engineCodes.filter((c) => !met.has(c))).toEqual([]);
    const problems: string[] = [];
    for (const [code, { en, fr }] of met) {
      expect(localize('en', 'ILLEGAL_MOVE', en, code)).toBe(en);
      if (fr === en) problems.push(`${code}: not translated`);
      if (numbers(en).some((n) => !fr.includes(n))) problems.push(`${code}: values lost: "${en}" -> "${fr}"`);
      // A code with patterns must recognise its own message (else the French falls back to the generic sentence).
      const entry = FR[code]!;
      if (entry.length > 1 && !entry.some(([p]) => p !== null && p.test(en))) problems.push(`${code}: no pattern knows "${en}"`);
    }
    expect(problems).toEqual([]);
    expect(met.size - rare.length).toBeGreaterThan(60); // most codes come from real play, not from the table
  });
});
