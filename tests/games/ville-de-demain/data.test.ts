import { describe, it, expect } from 'vitest';
import { BUILDINGS, DECK_COSTS, HABITATION_KINDS, HABITATIONS, SPECIALS, TOWN_HALL } from '../../../src/games/ville-de-demain/data.js';
import { ALL_BUILDING_REFS, SPECIAL_IDS } from '../../../src/games/ville-de-demain/cards.js';
import { villeDeDemain } from '../../../src/games/ville-de-demain/index.js';

const ENUM = /^[A-Za-z_][A-Za-z0-9_]*$/;

describe('card data (src/games/ville-de-demain/data.ts, from shared/rulings/ville-de-demain.md)', () => {
  it('Matériel: 66 building cards in three decks of 14, 10 and 9 kinds, two copies each', () => {
    expect(ALL_BUILDING_REFS).toHaveLength(66);
    for (const [deck, kinds] of [
      [1, 14],
      [2, 10],
      [3, 9],
    ] as const) {
      const cards = BUILDINGS.filter((b) => b.deck === deck);
      expect(cards).toHaveLength(kinds);
      expect(cards.every((b) => b.copies === 2)).toBe(true);
    }
  });

  it('Préparation 3: each deck\'s costs are those on its back ("entre 1 et 3 pièces pour la 1re pioche")', () => {
    for (const b of BUILDINGS) {
      const [lo, hi] = DECK_COSTS[b.deck].split('-').map(Number) as [number, number];
      expect(b.cost, b.id).toBeGreaterThanOrEqual(lo);
      expect(b.cost, b.id).toBeLessThanOrEqual(hi);
    }
  });

  it('Matériel: 12 Habitations (3 kinds, players - 1 = 4 each at 5 players), 16 specials, 5 Town Halls', () => {
    expect(HABITATION_KINDS.length * (villeDeDemain.maxPlayers - 1)).toBe(12);
    expect(SPECIALS).toHaveLength(16);
    expect(villeDeDemain.maxPlayers).toBe(5);
    expect(TOWN_HALL).toMatchObject({ cost: 0, income: 1, inhabitants: 0, leaves: 0, colour: null });
  });

  it("values match the rulings' table (spot checks across decks)", () => {
    const row = (id: string) => {
      const b = BUILDINGS.find((x) => x.id === id)!;
      return [b.deck, b.colour, b.cost, b.income, b.inhabitants, b.leaves];
    };
    expect(row('factory')).toEqual([1, 'purple', 1, 1, 0, -1]);
    expect(row('hauntedHouse')).toEqual([1, 'orange', 1, 1, -1, 0]);
    expect(row('bakery')).toEqual([1, 'yellow', 3, 1, 0, 1]);
    expect(row('igloo')).toEqual([1, 'green', 3, 1, 1, 0]);
    expect(row('shoppingCentre')).toEqual([2, 'yellow', 5, 1, 0, 2]);
    expect(row('cabin')).toEqual([3, 'green', 8, 0, 3, 0]);
    expect(row('themePark')).toEqual([3, 'orange', 9, 1, 0, 3]);
    expect(Object.values(HABITATIONS).map((h) => [h.cost, h.inhabitants, h.colour])).toEqual([
      [1, 1, 'green'],
      [3, 2, 'green'],
      [6, 3, 'green'],
    ]);
    const harbour = SPECIALS.find((s) => s.id === 'harbour')!;
    expect([harbour.condition, harbour.income, harbour.inhabitants, harbour.leaves]).toEqual([
      { blue: 1, green: 1, orange: 1, purple: 1 },
      1,
      3,
      0,
    ]);
  });

  it('ids are unique, GraphQL-safe, and the move schemas list exactly them', () => {
    const all = [TOWN_HALL.id, ...BUILDINGS.map((b) => b.id), ...HABITATION_KINDS, ...SPECIAL_IDS];
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(ENUM);
    const special = villeDeDemain.moveSchemas.takeSpecial.properties.special;
    expect(special).toMatchObject({ type: 'string', enum: SPECIAL_IDS });
    expect(villeDeDemain.moveSchemas.buyHabitation.properties.kind).toMatchObject({ type: 'string', enum: HABITATION_KINDS });
  });

  it('every move schema is closed and lists its required fields; the game has no options', () => {
    for (const [type, schema] of Object.entries(villeDeDemain.moveSchemas)) {
      expect(type).toMatch(/^[a-z][A-Za-z]*$/);
      expect(schema.additionalProperties).toBe(false);
      expect(schema.required ?? []).toEqual(Object.keys(schema.properties));
    }
    expect(villeDeDemain.optionsSchema.properties).toEqual({});
  });
});
