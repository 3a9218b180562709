/**
 * City Tycoon component data, in one readable file.
 *
 * STAND-INS: the printed game has 168 tiles whose faces no public source lists. Every face below
 * (district names, costs, supply options, icons; plant sides; start tiles) was designed for this
 * server within the economy targets of the shared rulings, and is NOT the printed tile. A corrected
 * list only needs edits to this file: the engine reads every figure from here.
 *
 * Notation (parsed and checked by data.ts when the module loads):
 * - build:     one level "$6" or "$6 +1vp"; several levels "$4 +1vp | $8 +3vp" are a variable
 *              cost (pay one amount, take that level's construction bonus). Bonus tokens: +$N, +Nvp, +Ng.
 * - supply:    "NEEDS>GIVES": NEEDS is one letter per cube (E electricity, W water, G good),
 *              GIVES is space-separated "$N", "Nvp", "Ng". A district offers one to three options.
 * - coop:      "TYPE +$N" and/or "+Nvp": added when an adjacent district of TYPE (anyone's) is supplied.
 * - terrain:   "forest N" or "water N": terrain tiles the builder places next to the new district.
 * - typeCount: "TYPE Nvp": on building, N VP per district of TYPE the builder already owns (round IV only).
 */

/** District types (the five colours). */
export const DISTRICT_TYPES = ['residential', 'commercial', 'downtown', 'industrial', 'special'] as const;

/** Terrain tiles in the box: forest on one face, water on the other. */
export const TERRAIN_TILES = 32;

/**
 * The starting 2x2 block, at map coordinates x 0..1 (west to east), y 0..1 (north to south).
 * The city's plants start with `cubesPerPlayer` x players cubes and recycle `recyclePerPlayer` x
 * players cubes at each cleanup (ruling CT2 of rules.md).
 */
export const START_TILES = [
  { x: 0, y: 0, role: 'power', cubesPerPlayer: 1, recyclePerPlayer: 1 },
  { x: 1, y: 0, role: 'water', cubesPerPlayer: 1, recyclePerPlayer: 1 },
  { x: 0, y: 1, role: 'district', cubesPerPlayer: 0, recyclePerPlayer: 0 },
  { x: 1, y: 1, role: 'district', cubesPerPlayer: 0, recyclePerPlayer: 0 },
] as const;

/**
 * Power plants and water stations, numbered 1-6 (1 on top of its stack). Each tile has two sides;
 * the builder picks one. recycle 0 = no recycling icon.
 */
export const PLANT_ROWS = [
  { kind: 'power', number: 1, a: { cost: 7, cubes: 3, recycle: 0 }, b: { cost: 9, cubes: 2, recycle: 1 } },
  { kind: 'power', number: 2, a: { cost: 9, cubes: 4, recycle: 0 }, b: { cost: 11, cubes: 3, recycle: 1 } },
  { kind: 'power', number: 3, a: { cost: 11, cubes: 5, recycle: 0 }, b: { cost: 13, cubes: 3, recycle: 2 } },
  { kind: 'power', number: 4, a: { cost: 13, cubes: 6, recycle: 0 }, b: { cost: 15, cubes: 4, recycle: 2 } },
  { kind: 'power', number: 5, a: { cost: 15, cubes: 7, recycle: 0 }, b: { cost: 17, cubes: 5, recycle: 2 } },
  { kind: 'power', number: 6, a: { cost: 17, cubes: 8, recycle: 0 }, b: { cost: 19, cubes: 4, recycle: 3 } },
  { kind: 'water', number: 1, a: { cost: 6, cubes: 3, recycle: 0 }, b: { cost: 8, cubes: 2, recycle: 1 } },
  { kind: 'water', number: 2, a: { cost: 8, cubes: 4, recycle: 0 }, b: { cost: 10, cubes: 3, recycle: 1 } },
  { kind: 'water', number: 3, a: { cost: 10, cubes: 5, recycle: 0 }, b: { cost: 12, cubes: 3, recycle: 2 } },
  { kind: 'water', number: 4, a: { cost: 12, cubes: 6, recycle: 0 }, b: { cost: 14, cubes: 4, recycle: 2 } },
  { kind: 'water', number: 5, a: { cost: 14, cubes: 7, recycle: 0 }, b: { cost: 16, cubes: 5, recycle: 2 } },
  { kind: 'water', number: 6, a: { cost: 16, cubes: 8, recycle: 0 }, b: { cost: 18, cubes: 4, recycle: 3 } },
] as const;

export interface DistrictRow {
  id: string;
  type: (typeof DISTRICT_TYPES)[number];
  name: string;
  build: string;
  supply: string[];
  coop?: string;
  terrain?: string;
  typeCount?: string;
}

/** The 120 district tiles, 30 per round (the round is the id's first digit). */
export const DISTRICT_ROWS: DistrictRow[] = [
  { id: 't1_01', type: 'residential', name: 'Row Houses I', build: '$3', supply: ['E>$4', 'W>$4'] },
  { id: 't1_02', type: 'residential', name: 'Garden Homes I', build: '$4', supply: ['EW>$8'], terrain: 'forest 1' },
  { id: 't1_03', type: 'residential', name: 'Apartments I', build: '$4', supply: ['E>$3', 'EW>$7 1vp'] },
  { id: 't1_04', type: 'residential', name: 'Lofts I', build: '$5', supply: ['WW>$9', 'E>$4'] },
  { id: 't1_05', type: 'residential', name: 'Cottages I', build: '$3', supply: ['W>$3'], terrain: 'forest 2' },
  { id: 't1_06', type: 'residential', name: 'Terraces I', build: '$5 +$2', supply: ['EE>$9', 'W>1vp'] },
  { id: 't1_07', type: 'commercial', name: 'Market I', build: '$3', supply: ['G>$6'] },
  { id: 't1_08', type: 'commercial', name: 'Boutiques I', build: '$4', supply: ['G>$5', 'E>$4'] },
  { id: 't1_09', type: 'commercial', name: 'Shopping Arcade I', build: '$5', supply: ['GG>$12', 'EG>$10'], coop: 'residential +$1' },
  { id: 't1_10', type: 'commercial', name: 'Bazaar I', build: '$4', supply: ['G>2vp', 'W>$4'] },
  { id: 't1_11', type: 'commercial', name: 'Mall I', build: '$6 +1vp', supply: ['EWG>$15', 'G>$5'] },
  { id: 't1_12', type: 'commercial', name: 'Trade Plaza I', build: '$3', supply: ['E>$3', 'G>1vp $3'], terrain: 'water 1' },
  { id: 't1_13', type: 'downtown', name: 'Offices I', build: '$4', supply: ['EW>2vp', 'E>$4'] },
  { id: 't1_14', type: 'downtown', name: 'Bank I', build: '$5 +1vp', supply: ['EEW>4vp'] },
  { id: 't1_15', type: 'downtown', name: 'Town Hall I', build: '$4 +1vp | $8 +2vp', supply: ['W>1vp', 'EW>$8'] },
  { id: 't1_16', type: 'downtown', name: 'Tower I', build: '$6 +1vp', supply: ['EWW>3vp $3'], coop: 'downtown +1vp' },
  { id: 't1_17', type: 'downtown', name: 'Hotel I', build: '$5', supply: ['G>1vp $2', 'EW>3vp'] },
  { id: 't1_18', type: 'downtown', name: 'Theatre I', build: '$4', supply: ['E>1vp', 'WG>2vp $2'], terrain: 'forest 1' },
  { id: 't1_19', type: 'industrial', name: 'Factory I', build: '$3', supply: ['E>1g', 'W>$4'] },
  { id: 't1_20', type: 'industrial', name: 'Workshop I', build: '$4 +1g', supply: ['EW>2g'], terrain: 'water 1' },
  { id: 't1_21', type: 'industrial', name: 'Warehouse I', build: '$4', supply: ['E>1g $1'] },
  { id: 't1_22', type: 'industrial', name: 'Sawmill I', build: '$5', supply: ['EE>2g $2', 'W>1g'], terrain: 'forest 1' },
  { id: 't1_23', type: 'industrial', name: 'Refinery I', build: '$3 | $7 +1g', supply: ['W>1g', 'E>$4'], coop: 'industrial +$1' },
  { id: 't1_24', type: 'industrial', name: 'Foundry I', build: '$5', supply: ['EEW>3g', 'E>$4'], terrain: 'water 2' },
  { id: 't1_25', type: 'special', name: 'Park I', build: '$2 +1vp', supply: ['W>2vp'], coop: 'residential +1vp' },
  { id: 't1_26', type: 'special', name: 'Park I', build: '$3', supply: ['EW>3vp'], coop: 'residential +1vp', terrain: 'forest 1' },
  { id: 't1_27', type: 'special', name: 'Stadium I', build: '$6', supply: ['EEWW>$20', 'G>$6'], coop: 'commercial +$2' },
  { id: 't1_28', type: 'special', name: 'Hospital I', build: '$5 +1vp', supply: ['EW>$6 1vp'], coop: 'downtown +1vp' },
  { id: 't1_29', type: 'special', name: 'University I', build: '$5 +1vp | $9 +3vp', supply: ['E>1vp', 'W>1vp'] },
  { id: 't1_30', type: 'special', name: 'Museum I', build: '$6 +2vp', supply: ['G>3vp'], coop: 'special +1vp' },
  { id: 't2_01', type: 'residential', name: 'Row Houses II', build: '$5', supply: ['E>$5', 'W>$5'] },
  { id: 't2_02', type: 'residential', name: 'Garden Homes II', build: '$6', supply: ['EW>$9'], terrain: 'forest 1' },
  { id: 't2_03', type: 'residential', name: 'Apartments II', build: '$6', supply: ['E>$4', 'EW>$8 1vp'] },
  { id: 't2_04', type: 'residential', name: 'Lofts II', build: '$7', supply: ['WW>$10', 'E>$5'], coop: 'commercial +$1' },
  { id: 't2_05', type: 'residential', name: 'Cottages II', build: '$5', supply: ['W>$4'], terrain: 'forest 2' },
  { id: 't2_06', type: 'residential', name: 'Terraces II', build: '$7 +$2', supply: ['EE>$10', 'W>1vp'] },
  { id: 't2_07', type: 'commercial', name: 'Market II', build: '$5', supply: ['G>$7'] },
  { id: 't2_08', type: 'commercial', name: 'Boutiques II', build: '$6', supply: ['G>$6', 'E>$5'] },
  { id: 't2_09', type: 'commercial', name: 'Shopping Arcade II', build: '$7', supply: ['GG>$13', 'EG>$11'], coop: 'residential +$1' },
  { id: 't2_10', type: 'commercial', name: 'Bazaar II', build: '$6', supply: ['G>2vp', 'W>$5'] },
  { id: 't2_11', type: 'commercial', name: 'Mall II', build: '$8 +1vp', supply: ['EWG>$16', 'G>$6'] },
  { id: 't2_12', type: 'commercial', name: 'Trade Plaza II', build: '$5', supply: ['E>$4', 'G>1vp $4'], terrain: 'water 1' },
  { id: 't2_13', type: 'downtown', name: 'Offices II', build: '$6', supply: ['EW>2vp', 'E>$5'] },
  { id: 't2_14', type: 'downtown', name: 'Bank II', build: '$7 +1vp', supply: ['EEW>4vp'] },
  { id: 't2_15', type: 'downtown', name: 'Town Hall II', build: '$6 +1vp | $10 +2vp', supply: ['W>1vp', 'EW>$9'] },
  { id: 't2_16', type: 'downtown', name: 'Tower II', build: '$8 +1vp', supply: ['EWW>3vp $4'], coop: 'downtown +1vp' },
  { id: 't2_17', type: 'downtown', name: 'Hotel II', build: '$7', supply: ['G>1vp $3', 'EW>3vp'] },
  { id: 't2_18', type: 'downtown', name: 'Theatre II', build: '$6', supply: ['E>1vp', 'WG>2vp $3'], terrain: 'forest 1' },
  { id: 't2_19', type: 'industrial', name: 'Factory II', build: '$5', supply: ['E>1g', 'W>$5'] },
  { id: 't2_20', type: 'industrial', name: 'Workshop II', build: '$6 +1g', supply: ['EW>2g'], terrain: 'water 1' },
  { id: 't2_21', type: 'industrial', name: 'Warehouse II', build: '$6', supply: ['E>1g $2'] },
  { id: 't2_22', type: 'industrial', name: 'Sawmill II', build: '$7', supply: ['EE>2g $3', 'W>1g'], terrain: 'forest 1' },
  { id: 't2_23', type: 'industrial', name: 'Refinery II', build: '$5 | $9 +1g', supply: ['W>1g', 'E>$5'], coop: 'industrial +$1' },
  { id: 't2_24', type: 'industrial', name: 'Foundry II', build: '$7', supply: ['EEW>3g', 'E>$5'], terrain: 'water 2' },
  { id: 't2_25', type: 'special', name: 'Park II', build: '$4 +1vp', supply: ['W>2vp'], coop: 'residential +1vp' },
  { id: 't2_26', type: 'special', name: 'Park II', build: '$5', supply: ['EW>3vp'], coop: 'residential +1vp', terrain: 'forest 1' },
  { id: 't2_27', type: 'special', name: 'Stadium II', build: '$8', supply: ['EEWW>$22', 'G>$7'], coop: 'commercial +$2' },
  { id: 't2_28', type: 'special', name: 'Hospital II', build: '$7 +1vp', supply: ['EW>$7 1vp'], coop: 'downtown +1vp' },
  { id: 't2_29', type: 'special', name: 'University II', build: '$7 +1vp | $11 +3vp', supply: ['E>1vp', 'W>1vp'] },
  { id: 't2_30', type: 'special', name: 'Museum II', build: '$8 +2vp', supply: ['G>3vp'], coop: 'special +1vp' },
  { id: 't3_01', type: 'residential', name: 'Row Houses III', build: '$7', supply: ['E>$6', 'W>$6'] },
  { id: 't3_02', type: 'residential', name: 'Garden Homes III', build: '$8', supply: ['EW>$10'], terrain: 'forest 1' },
  { id: 't3_03', type: 'residential', name: 'Apartments III', build: '$8', supply: ['E>$5', 'EW>$9 1vp'] },
  { id: 't3_04', type: 'residential', name: 'Lofts III', build: '$9', supply: ['WW>$11', 'E>$6'], coop: 'commercial +$1' },
  { id: 't3_05', type: 'residential', name: 'Cottages III', build: '$7', supply: ['W>$5'], terrain: 'forest 2' },
  { id: 't3_06', type: 'residential', name: 'Terraces III', build: '$9 +$2', supply: ['EE>$11', 'W>1vp'] },
  { id: 't3_07', type: 'commercial', name: 'Market III', build: '$7', supply: ['G>$8'] },
  { id: 't3_08', type: 'commercial', name: 'Boutiques III', build: '$8', supply: ['G>$7', 'E>$6'] },
  { id: 't3_09', type: 'commercial', name: 'Shopping Arcade III', build: '$9', supply: ['GG>$14', 'EG>$12'], coop: 'residential +$1' },
  { id: 't3_10', type: 'commercial', name: 'Bazaar III', build: '$8', supply: ['G>2vp', 'W>$6'] },
  { id: 't3_11', type: 'commercial', name: 'Mall III', build: '$10 +1vp', supply: ['EWG>$17', 'G>$7'] },
  { id: 't3_12', type: 'commercial', name: 'Trade Plaza III', build: '$7', supply: ['E>$5', 'G>1vp $5'], terrain: 'water 1' },
  { id: 't3_13', type: 'downtown', name: 'Offices III', build: '$8', supply: ['EW>2vp', 'E>$6'] },
  { id: 't3_14', type: 'downtown', name: 'Bank III', build: '$9 +1vp', supply: ['EEW>4vp'] },
  { id: 't3_15', type: 'downtown', name: 'Town Hall III', build: '$8 +1vp | $12 +2vp', supply: ['W>1vp', 'EW>$10'] },
  { id: 't3_16', type: 'downtown', name: 'Tower III', build: '$10 +1vp', supply: ['EWW>3vp $5'], coop: 'downtown +1vp' },
  { id: 't3_17', type: 'downtown', name: 'Hotel III', build: '$9', supply: ['G>1vp $4', 'EW>3vp'] },
  { id: 't3_18', type: 'downtown', name: 'Theatre III', build: '$8', supply: ['E>1vp', 'WG>2vp $4'], terrain: 'forest 1' },
  { id: 't3_19', type: 'industrial', name: 'Factory III', build: '$7', supply: ['E>1g', 'W>$6'] },
  { id: 't3_20', type: 'industrial', name: 'Workshop III', build: '$8 +1g', supply: ['EW>2g'], terrain: 'water 1' },
  { id: 't3_21', type: 'industrial', name: 'Warehouse III', build: '$8', supply: ['E>1g $3'] },
  { id: 't3_22', type: 'industrial', name: 'Sawmill III', build: '$9', supply: ['EE>2g $4', 'W>1g'], terrain: 'forest 1' },
  { id: 't3_23', type: 'industrial', name: 'Refinery III', build: '$7 | $11 +1g', supply: ['W>1g', 'E>$6'], coop: 'industrial +$1' },
  { id: 't3_24', type: 'industrial', name: 'Foundry III', build: '$9', supply: ['EEW>3g', 'E>$6'], terrain: 'water 2' },
  { id: 't3_25', type: 'special', name: 'Park III', build: '$6 +1vp', supply: ['W>2vp'], coop: 'residential +1vp' },
  { id: 't3_26', type: 'special', name: 'Park III', build: '$7', supply: ['EW>3vp'], coop: 'residential +1vp', terrain: 'forest 1' },
  { id: 't3_27', type: 'special', name: 'Stadium III', build: '$10', supply: ['EEWW>$24', 'G>$8'], coop: 'commercial +$2' },
  { id: 't3_28', type: 'special', name: 'Hospital III', build: '$9 +1vp', supply: ['EW>$8 1vp'], coop: 'downtown +1vp' },
  { id: 't3_29', type: 'special', name: 'University III', build: '$9 +1vp | $13 +3vp', supply: ['E>1vp', 'W>1vp'] },
  { id: 't3_30', type: 'special', name: 'Museum III', build: '$10 +2vp', supply: ['G>3vp'], coop: 'special +1vp' },
  { id: 't4_01', type: 'residential', name: 'Row Houses IV', build: '$9 +1vp', supply: ['E>$7', 'W>$7'] },
  { id: 't4_02', type: 'residential', name: 'Garden Homes IV', build: '$10 +1vp', supply: ['EW>$11'], terrain: 'forest 1' },
  { id: 't4_03', type: 'residential', name: 'Apartments IV', build: '$10 +1vp', supply: ['E>$6', 'EW>$10 1vp'] },
  { id: 't4_04', type: 'residential', name: 'Lofts IV', build: '$11 +1vp', supply: ['WW>$12', 'E>$7'], coop: 'commercial +$1' },
  { id: 't4_05', type: 'residential', name: 'Cottages IV', build: '$9 +1vp', supply: ['W>$6'], terrain: 'forest 2' },
  {
    id: 't4_06',
    type: 'residential',
    name: 'Terraces IV',
    build: '$11 +$2 +1vp',
    supply: ['EE>$12', 'W>1vp'],
    typeCount: 'residential 1vp',
  },
  { id: 't4_07', type: 'commercial', name: 'Market IV', build: '$9 +1vp', supply: ['G>$8', 'G>1vp $4'] },
  { id: 't4_08', type: 'commercial', name: 'Boutiques IV', build: '$10 +1vp', supply: ['G>$8', 'E>$7'] },
  { id: 't4_09', type: 'commercial', name: 'Shopping Arcade IV', build: '$11 +1vp', supply: ['GG>$15', 'EG>$13'], coop: 'residential +$1' },
  { id: 't4_10', type: 'commercial', name: 'Bazaar IV', build: '$10 +1vp', supply: ['G>2vp', 'W>$7'] },
  { id: 't4_11', type: 'commercial', name: 'Mall IV', build: '$12 +2vp', supply: ['EWG>$18', 'G>$8'], typeCount: 'commercial 1vp' },
  { id: 't4_12', type: 'commercial', name: 'Trade Plaza IV', build: '$9 +1vp', supply: ['E>$6', 'G>1vp $6'], terrain: 'water 1' },
  { id: 't4_13', type: 'downtown', name: 'Offices IV', build: '$10 +1vp', supply: ['EW>2vp', 'E>$7'] },
  { id: 't4_14', type: 'downtown', name: 'Bank IV', build: '$11 +2vp', supply: ['EEW>4vp'] },
  { id: 't4_15', type: 'downtown', name: 'Town Hall IV', build: '$10 +2vp | $14 +3vp', supply: ['W>1vp', 'EW>$11'] },
  {
    id: 't4_16',
    type: 'downtown',
    name: 'Tower IV',
    build: '$12 +2vp',
    supply: ['EWW>3vp $6'],
    coop: 'downtown +1vp',
    typeCount: 'downtown 1vp',
  },
  { id: 't4_17', type: 'downtown', name: 'Hotel IV', build: '$11 +1vp', supply: ['G>1vp $5', 'EW>3vp'] },
  { id: 't4_18', type: 'downtown', name: 'Theatre IV', build: '$10 +1vp', supply: ['E>1vp', 'WG>2vp $5'], terrain: 'forest 1' },
  { id: 't4_19', type: 'industrial', name: 'Factory IV', build: '$9 +1vp', supply: ['E>1g', 'W>$7'] },
  { id: 't4_20', type: 'industrial', name: 'Workshop IV', build: '$10 +1g +1vp', supply: ['EW>2g'], terrain: 'water 1' },
  { id: 't4_21', type: 'industrial', name: 'Warehouse IV', build: '$10 +1vp', supply: ['E>1g $4'] },
  {
    id: 't4_22',
    type: 'industrial',
    name: 'Sawmill IV',
    build: '$11 +1vp',
    supply: ['EE>2g $5', 'W>1g'],
    terrain: 'forest 1',
    typeCount: 'industrial 1vp',
  },
  {
    id: 't4_23',
    type: 'industrial',
    name: 'Refinery IV',
    build: '$9 +1vp | $13 +1g +1vp',
    supply: ['W>1g', 'E>$7'],
    coop: 'industrial +$1',
  },
  { id: 't4_24', type: 'industrial', name: 'Foundry IV', build: '$11 +1vp', supply: ['EEW>3g', 'E>$7'], terrain: 'water 2' },
  { id: 't4_25', type: 'special', name: 'Park IV', build: '$8 +2vp', supply: ['W>2vp'], coop: 'residential +1vp' },
  { id: 't4_26', type: 'special', name: 'Park IV', build: '$9 +1vp', supply: ['EW>3vp'], coop: 'residential +1vp', terrain: 'forest 1' },
  { id: 't4_27', type: 'special', name: 'Stadium IV', build: '$12 +1vp', supply: ['EEWW>$26', 'G>$8'], coop: 'commercial +$2' },
  { id: 't4_28', type: 'special', name: 'Hospital IV', build: '$11 +2vp', supply: ['EW>$9 1vp'], coop: 'downtown +1vp' },
  {
    id: 't4_29',
    type: 'special',
    name: 'University IV',
    build: '$11 +2vp | $15 +4vp',
    supply: ['E>1vp', 'W>1vp'],
    typeCount: 'special 2vp',
  },
  {
    id: 't4_30',
    type: 'special',
    name: 'Museum IV',
    build: '$12 +3vp',
    supply: ['G>3vp'],
    coop: 'special +1vp',
    typeCount: 'downtown 1vp',
  },
];
