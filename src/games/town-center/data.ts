import type { ColorName as ColorNameSchema } from './schema.js';
import type { Static } from '../../engine/index.js';
/**
 * Town Center components, as data.
 *
 * Cube colours are written as one letter in the state (a stack is a string, bottom first):
 *   O = red Office, R = green Residential, C = blue Commercial, U = yellow Utilities,
 *   E = black Elevator/Parking, H = purple City Hall (counts as an Office).
 * Counts per colour are arrays in the order of COLOR_LETTERS.
 *
 * Boards are grids of characters: 'C' a Center site, 'S' a Suburb site, '.' no site. Side A is the
 * layout of ruling R6; side B and the Central Park solo map are stand-ins (the printed layouts are
 * not described by any available source). Adding a board here needs no code change.
 */

export const COLOR_LETTERS = ['O', 'R', 'C', 'U', 'E', 'H'] as const;
export type Letter = (typeof COLOR_LETTERS)[number];

export const COLOR_NAMES = ['office', 'residential', 'commercial', 'utility', 'elevator', 'cityHall'] as const;
export type ColorName = Static<typeof ColorNameSchema>;
/** The colour of a cube a seat can hold, stack or build (the City Hall is placed, never drawn). */
export type CubeColor = Exclude<ColorName, 'cityHall'>;

/** Index of each colour in count arrays. */
export const OFFICE = 0,
  RESIDENTIAL = 1,
  COMMERCIAL = 2,
  UTILITY = 3,
  ELEVATOR = 4; // and the City Hall, 5

export const letterOf: Record<ColorName, Letter> = {
  office: 'O',
  residential: 'R',
  commercial: 'C',
  utility: 'U',
  elevator: 'E',
  cityHall: 'H',
};
export const nameOf: Record<Letter, ColorName> = {
  O: 'office',
  R: 'residential',
  C: 'commercial',
  U: 'utility',
  E: 'elevator',
  H: 'cityHall',
};
export const indexOfLetter: Record<Letter, number> = { O: 0, R: 1, C: 2, U: 3, E: 4, H: 5 };

/** One box: 12 Offices, 42 Residential, 25 Commercial, 20 Utilities, 20 Elevator/Parking, 4 City Halls = 123 cubes. */
export const BOX = [12, 42, 25, 20, 20, 4] as const;
export const CUBES_PER_BOX = 123;

/** The bag holds, per player: 3 Office, 6 Residential, 3 Commercial, 4 Utilities, 4 Elevator/Parking. */
export const BAG_PER_PLAYER = [3, 6, 3, 4, 4, 0] as const;

export const STARTING_MONEY = 3;
export const OFFICE_COST = 5;
export const MAX_LEVEL = 5;
export const ROUNDS = 10;
export const CENTRAL_PARK_ROW = 20;

export interface BoardData {
  id: string;
  name: string;
  /** True when the layout is a stand-in for a printed board nobody has described. */
  standIn: boolean;
  rows: string[];
}

export const BOARDS: Record<string, BoardData> = {
  A: {
    id: 'A',
    name: 'Side A (easier)',
    standIn: false,
    rows: ['.SSS.', 'SCCCS', 'SCCCS', 'SCCCS', '.SSS.'],
  },
  B: {
    id: 'B',
    name: 'Side B (harder, stand-in layout)',
    standIn: true,
    rows: ['.SSS.', 'SCCSS', 'SCCCS', 'SSCCS', '.SSS.'],
  },
  centralPark: {
    id: 'centralPark',
    name: 'Central Park solo map (stand-in layout: the park in the middle holds no building)',
    standIn: true,
    rows: ['SSSSS', 'SCCCS', 'SC.CS', 'SCCCS', 'SSSSS'],
  },
};

/** Player boards a multi-player game may use (the Central Park map is only for the solo variant). */
export const PLAYER_BOARD_SIDES = ['A', 'B'] as const;

/** The solo score level table of both rulebooks. */
export const SOLO_LEVELS: { min: number; en: string; fr: string }[] = [
  { min: 100, en: 'Megalopolis', fr: 'Mégalopole' },
  { min: 95, en: 'Capital', fr: 'Capitale' },
  { min: 90, en: 'Metropolis', fr: 'Métropole' },
  { min: 85, en: 'City', fr: 'Agglomération' },
  { min: 80, en: 'Suburb', fr: 'Ville' },
  { min: 70, en: 'Town', fr: 'Commune' },
  { min: 60, en: 'Neighborhood', fr: 'Bourg' },
  { min: 50, en: 'Village', fr: 'Village' },
  { min: 40, en: 'Hamlet', fr: 'Hameau' },
  { min: -Infinity, en: 'Homestead', fr: 'Lieu Dit' },
];

export function soloLevel(score: number): { en: string; fr: string } {
  const l = SOLO_LEVELS.find((x) => score >= x.min)!;
  return { en: l.en, fr: l.fr };
}

/** The colour name of a drawable cube's letter; the City Hall's letter is not one. */
export function cubeName(letter: string): CubeColor {
  const name = nameOf[letter as Letter];
  if (name === undefined || name === 'cityHall') throw new Error(`town-center: "${letter}" is not a drawable cube`);
  return name;
}
