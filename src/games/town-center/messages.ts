import { reject, type Result } from '../../engine/index.js';

/** Every rejection the engine gives: a stable code, a plain sentence naming the rule, and the rule. */
export const VIOLATIONS: Record<string, [message: string, rule: string]> = {
  WRONG_PHASE: ['this kind of move is not made in the current phase of the round', 'Sequence of play'],
  NO_SUCH_SITE: ['there is no building site at that row and column on this board', 'R1'],
  NOT_DRAWN: ['that colour is not among the drawn cubes left to stack into towers', 'Investment, R24'],
  NO_SUCH_TOWER: ['there is no tower with that number', 'Investment, R24'],
  TOWER_FULL: ['with 2 to 4 players every tower holds exactly 2 cubes', 'Investment, R24'],
  TOWERS_INCOMPLETE: ['with 5 to 8 players each of the 4 towers needs at least 2 cubes, and this cube would leave too few for that', 'Investment, R24'],
  TOWER_EMPTY: ['that tower has no cube left to take', 'Investment, R24'],
  NOT_IN_HAND: ['you do not hold a cube of that colour', 'Construction'],
  STACK_FULL: ['a tower may never exceed a height of 5 cubes', 'Elevator/Parking and heights, R8'],
  SUBURB_NO_TOWER: ['nothing may be stacked on a Suburb site: its maximum height is 1', 'Elevator/Parking and heights, R8'],
  BLACK_ONLY_ON_BLACK: ['an Elevator/Parking cube may not be placed on top of a cube of another colour', 'Elevator/Parking and heights, R7'],
  NOTHING_ON_BLACK: ['no cube of another colour may be placed on top of an Elevator/Parking cube', 'Elevator/Parking and heights, R7'],
  HEIGHT_LIMIT: ["the new cube would be higher than the town's tallest powered Elevator allows (height 1 without one)", 'Elevator/Parking and heights, R8'],
  RESIDENTIAL_SPACING: ['a Residential cube may not be built next to another Residential cube (Construction, spacing rule)', 'R10'],
  COMMERCIAL_SPACING: ['a Commercial cube may not be built next to another Commercial cube (Construction, spacing rule)', 'R10'],
  BOTH_CUBES_RULE: ['both cubes must be placed if possible, and this placement would leave your other cube with no legal site while another choice places both', 'R12'],
  NOT_DEVELOPABLE: ['only Residential and Commercial units develop', 'Development'],
  DEVELOPMENT_SPOT: ['a new cube must go next to a unit that can develop (Residential: Offices >= size + 1; Commercial: Residential units >= size + 1), on a legal spot', 'Development, R13, R14'],
  RESERVE_EMPTY: ['the reserve has no cube of that colour left', 'Development, R16'],
  NOT_FOR_SALE: ['Public Works sells only one Utilities or one Elevator/Parking cube', 'Public Works, R20'],
  NOT_ENOUGH_MONEY: ['the town cannot pay for this purchase: $5 times the number of cubes of that colour already in the town plus one', 'Public Works, R20'],
  FIRST_BLACK_ON_GROUND: ["the town's first Elevator/Parking cube must be placed on an empty site, becoming a Parking lot", 'Public Works, R21'],
  ELEVATOR_ON_BLACK: ['a bought Elevator/Parking cube must go on top of an existing black cube in the Center, to form an Elevator', 'Public Works, R21'],
  SOLO_ONLY: ['only a solo game returns a drawn cube', 'Solo variant, R25'],
};

const PHASE_WORDS: Record<string, string> = {
  cityHall: 'setup (placing City Halls)',
  arrange: 'Phase I, Investment (the first player stacks the towers)',
  pick: 'Phase I, Investment (picking cubes from the towers)',
  soloReturn: 'Phase I, Investment (returning one of the 3 drawn cubes)',
  construction: 'Phase II, Construction',
  development: 'Phase III, Development',
  publicWorks: 'Phase V, Public Works',
  over: 'the end of the game',
};

/** WRONG_PHASE, naming the phase the game is in. */
export function wrongPhase(phase: string): Result<never> {
  return reject('WRONG_PHASE', `This kind of move is not made now: the game is in ${PHASE_WORDS[phase] ?? phase}.`, 'Sequence of play');
}

export function violation(code: string): Result<never> {
  const v = VIOLATIONS[code];
  if (!v) throw new Error(`unknown violation code ${code}`);
  return reject(code, v[0].charAt(0).toUpperCase() + v[0].slice(1) + '.', v[1]);
}
