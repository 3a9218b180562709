import { refuserOf, type Messages } from '../../engine/index.js';

/**
 * Town Center's sentences by id (src/engine/messages.ts), in English and French: every code the
 * engine refuses a move or a set-up with, and the phases a WRONG_PHASE names (`phase.<id>`, a
 * message given as the `phase` value). ICU MessageFormat; the engine gives ids and values only.
 */
export const messages: Messages = {
  en: {
    WRONG_PHASE: 'This kind of move is not made now: the game is in {phase}.',
    'phase.cityHall': 'setup (placing City Halls)',
    'phase.arrange': 'Phase I, Investment (the first player stacks the towers)',
    'phase.pick': 'Phase I, Investment (picking cubes from the towers)',
    'phase.soloReturn': 'Phase I, Investment (returning one of the 3 drawn cubes)',
    'phase.construction': 'Phase II, Construction',
    'phase.development': 'Phase III, Development',
    'phase.publicWorks': 'Phase V, Public Works',
    'phase.over': 'the end of the game',
    SEAT_SIDES: 'seatSides needs one board side ({sides}) per seat: {players} letters, or empty for all the same.',
    SOLO_VARIANT_NEEDS_ONE_PLAYER: 'The Central Park variant is a solo variant: it needs exactly 1 player.',
    NO_SUCH_SITE: 'There is no building site at that row and column on this board.',
    NOT_DRAWN: 'That colour is not among the drawn cubes left to stack into towers.',
    NO_SUCH_TOWER: 'There is no tower with that number.',
    TOWER_FULL: 'With 2 to 4 players every tower holds exactly 2 cubes.',
    TOWERS_INCOMPLETE: 'With 5 to 8 players each of the 4 towers needs at least 2 cubes, and this cube would leave too few for that.',
    TOWER_EMPTY: 'That tower has no cube left to take.',
    NOT_IN_HAND: 'You do not hold a cube of that colour.',
    STACK_FULL: 'A tower may never exceed a height of 5 cubes.',
    SUBURB_NO_TOWER: 'Nothing may be stacked on a Suburb site: its maximum height is 1.',
    BLACK_ONLY_ON_BLACK: 'An Elevator/Parking cube may not be placed on top of a cube of another colour.',
    NOTHING_ON_BLACK: 'No cube of another colour may be placed on top of an Elevator/Parking cube.',
    RESIDENTIAL_SPACING: 'A Residential cube may not be built next to another Residential cube (Construction, spacing rule).',
    COMMERCIAL_SPACING: 'A Commercial cube may not be built next to another Commercial cube (Construction, spacing rule).',
    BOTH_CUBES_RULE: 'Both cubes must be placed if possible, and this placement would leave your other cube with no legal site while another choice places both.',
    NOT_DEVELOPABLE: 'Only Residential and Commercial units develop.',
    DEVELOPMENT_SPOT: 'A new cube must go next to a unit that can develop (Residential: Offices >= size + 1; Commercial: Residential units >= size + 1), on a legal spot.',
    RESERVE_EMPTY: 'The reserve has no cube of that colour left.',
    NOT_FOR_SALE: 'Public Works sells only one Utilities or one Elevator/Parking cube.',
    NOT_ENOUGH_MONEY: 'The town cannot pay for this purchase: $5 times the number of cubes of that colour already in the town plus one.',
    ELEVATOR_ON_BLACK: 'A bought Elevator/Parking cube must go on top of an existing black cube in the Center, to form an Elevator.',
    SOLO_ONLY: 'Only a solo game returns a drawn cube.',
    HEIGHT_LIMIT: "The new cube would be higher than the town's tallest powered Elevator allows (height 1 without one).",
    FIRST_BLACK_ON_GROUND: "The town's first Elevator/Parking cube must be placed on an empty site, becoming a Parking lot.",
  },
  fr: {
    WRONG_PHASE: 'Ce genre de coup ne se joue pas maintenant : la partie en est à {phase}.',
    'phase.cityHall': 'la mise en place (pose des Mairies)',
    'phase.arrange': 'la Phase I, Investissement (le premier joueur empile les tours)',
    'phase.pick': 'la Phase I, Investissement (choix des cubes dans les tours)',
    'phase.soloReturn': "la Phase I, Investissement (remise d'un des 3 cubes tirés)",
    'phase.construction': 'la Phase II, Construction',
    'phase.development': 'la Phase III, Développement',
    'phase.publicWorks': 'la Phase V, Travaux publics',
    'phase.over': 'la fin de la partie',
    SEAT_SIDES: 'seatSides demande une face de plateau ({sides}) par place : {players} lettres, ou vide pour la même face partout.',
    SOLO_VARIANT_NEEDS_ONE_PLAYER: 'La variante Central Park est une variante solo : elle demande exactement 1 joueur.',
    NO_SUCH_SITE: "Il n'y a pas de terrain à bâtir à cette rangée et cette colonne sur ce plateau.",
    NOT_DRAWN: "Cette couleur n'est pas parmi les cubes tirés qui restent à empiler dans les tours.",
    NO_SUCH_TOWER: "Il n'y a pas de tour de ce numéro.",
    TOWER_FULL: 'De 2 à 4 joueurs, chaque tour compte exactement 2 cubes.',
    TOWERS_INCOMPLETE: 'De 5 à 8 joueurs, chacune des 4 tours demande au moins 2 cubes, et ce cube en laisserait trop peu pour cela.',
    TOWER_EMPTY: "Cette tour n'a plus de cube à prendre.",
    NOT_IN_HAND: "Vous n'avez pas de cube de cette couleur.",
    STACK_FULL: 'Une tour ne dépasse jamais une hauteur de 5 cubes.',
    SUBURB_NO_TOWER: "Rien ne s'empile sur un terrain de Banlieue : sa hauteur maximale est 1.",
    BLACK_ONLY_ON_BLACK: "Un cube Ascenseur/Parking ne se pose pas sur un cube d'une autre couleur.",
    NOTHING_ON_BLACK: "Aucun cube d'une autre couleur ne se pose sur un cube Ascenseur/Parking.",
    RESIDENTIAL_SPACING: "Un cube Résidentiel ne se construit pas à côté d'un autre cube Résidentiel (Construction, règle d'espacement).",
    COMMERCIAL_SPACING: "Un cube Commercial ne se construit pas à côté d'un autre cube Commercial (Construction, règle d'espacement).",
    BOTH_CUBES_RULE: "Les deux cubes doivent être posés si possible, et cette pose ne laisserait aucun terrain légal à votre autre cube alors qu'un autre choix permet de poser les deux.",
    NOT_DEVELOPABLE: 'Seules les unités Résidentielles et Commerciales se développent.',
    DEVELOPMENT_SPOT: "Un nouveau cube va à côté d'une unité qui peut se développer (Résidentiel : Bureaux >= taille + 1 ; Commercial : unités Résidentielles >= taille + 1), sur un emplacement légal.",
    RESERVE_EMPTY: "La réserve n'a plus de cube de cette couleur.",
    NOT_FOR_SALE: "Les Travaux publics ne vendent qu\'un cube Services publics ou un cube Ascenseur/Parking.",
    NOT_ENOUGH_MONEY: 'La ville ne peut pas payer cet achat : 5 $ fois le nombre de cubes de cette couleur déjà dans la ville, plus un.',
    ELEVATOR_ON_BLACK: 'Un cube Ascenseur/Parking acheté se pose sur un cube noir du Centre, pour former un Ascenseur.',
    SOLO_ONLY: 'Seule une partie solo remet un cube tiré.',
    HEIGHT_LIMIT: 'Le nouveau cube serait plus haut que ne le permet le plus haut Ascenseur alimenté de la ville (hauteur 1 sans Ascenseur).',
    FIRST_BLACK_ON_GROUND: 'Le premier cube Ascenseur/Parking de la ville se pose sur un terrain vide, où il devient un Parking.',
  },
};

/** The rule each refusal names (the code's rulebook section or ruling). */
export const RULES: Record<string, string> = {
  WRONG_PHASE: 'Sequence of play',
  NO_SUCH_SITE: 'R1',
  NOT_DRAWN: 'Investment, R24',
  NO_SUCH_TOWER: 'Investment, R24',
  TOWER_FULL: 'Investment, R24',
  TOWERS_INCOMPLETE: 'Investment, R24',
  TOWER_EMPTY: 'Investment, R24',
  NOT_IN_HAND: 'Construction',
  STACK_FULL: 'Elevator/Parking and heights, R8',
  SUBURB_NO_TOWER: 'Elevator/Parking and heights, R8',
  BLACK_ONLY_ON_BLACK: 'Elevator/Parking and heights, R7',
  NOTHING_ON_BLACK: 'Elevator/Parking and heights, R7',
  RESIDENTIAL_SPACING: 'R10',
  COMMERCIAL_SPACING: 'R10',
  BOTH_CUBES_RULE: 'R12',
  NOT_DEVELOPABLE: 'Development',
  DEVELOPMENT_SPOT: 'Development, R13, R14',
  RESERVE_EMPTY: 'Development, R16',
  NOT_FOR_SALE: 'Public Works, R20',
  NOT_ENOUGH_MONEY: 'Public Works, R20',
  ELEVATOR_ON_BLACK: 'Public Works, R21',
  SOLO_ONLY: 'Solo variant, R25',
  HEIGHT_LIMIT: 'Elevator/Parking and heights, R8',
  FIRST_BLACK_ON_GROUND: 'Public Works, R21',
};

const refuse = refuserOf(messages);

/** WRONG_PHASE, naming the phase the game is in (a message of its own, so it is translated too). */
export function wrongPhase(phase: string) {
  return refuse('WRONG_PHASE', RULES.WRONG_PHASE!, { phase: { key: `phase.${phase}` } });
}

export function violation(code: string) {
  const rule = RULES[code];
  if (rule === undefined) throw new Error(`unknown violation code ${code}`);
  return refuse(code, rule);
}
