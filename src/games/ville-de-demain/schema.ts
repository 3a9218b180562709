import {
  Ev,
  eventUnion,
  moveUnion,
  Nullable,
  Obj,
  outcomeSchema,
  SeatSchema,
  StringEnum,
  Type,
  viewHeader,
  type MoveOf,
  type Static,
} from '../../engine/schema.js';
import { SPECIAL_IDS } from './cards.js';
import { HABITATION_KINDS } from './data.js';

/** La Ville de Demain's shapes as JSON Schema (TypeBox): moves, the view and the public events. The TypeScript types derive from them. */

const slot = Type.Integer({ minimum: 0, maximum: 2, description: 'Slot of the visible card (0-based, as in the view).' });
export const HabitationKind = StringEnum([...HABITATION_KINDS], 'smallHouse (1 coin), apartmentBlock (3) or luxuryResidence (6).');

/** One schema per move type: the fields besides `type`. */
export const moveSchemas = {
  discardCard: Obj({ slot }, "Step 1 (optional): put one visible card face down on its deck's discard pile."),
  skipDiscard: Obj({}, 'Step 1: keep the visible cards as they are.'),
  drawCard: Obj(
    { deck: Type.Integer({ minimum: 1, maximum: 3, description: 'Deck 1 (costs 1-3), 2 (4-5) or 3 (6-9).' }) },
    'Step 2: turn the top card of a building deck face up (repeat until 3 cards are visible).',
  ),
  buyCard: Obj({ slot }, 'Step 3: buy a visible building card and place it in your city.'),
  buyHabitation: Obj({ kind: HabitationKind }, 'Step 3: buy a Habitation and place it in your city.'),
  takeCoin: Obj({}, 'Step 3: buy nothing and take 1 coin from the bank.'),
  takeSpecial: Obj(
    { special: StringEnum([...SPECIAL_IDS], 'Id of a special building on offer.') },
    'Step 4 (optional): take a special building whose condition your city meets (one per game).',
  ),
  skipSpecial: Obj({}, 'Step 4: take no special building this turn.'),
};
export const MoveSchema = moveUnion(moveSchemas);
export type VilleMove = MoveOf<typeof moveSchemas>;

const int = () => Type.Integer();
const nat = () => Type.Integer({ minimum: 0 });
export const Colour = StringEnum(['blue', 'green', 'yellow', 'orange', 'purple']);
const deck = Type.Integer({ minimum: 1, maximum: 3 });
/** A card as a frontend draws it (never its copy number). */
const card = {
  card: Type.String({ description: 'Card id' }),
  name: Type.String({ description: 'Printed name' }),
  colour: Nullable(Colour),
  cost: nat(),
  income: int(),
  inhabitants: Type.Integer({ description: 'Inhabitants (negative for some buildings)' }),
  leaves: Type.Integer({ description: 'Leaves (negative for polluting buildings)' }),
};
const colourCounts = Obj({ blue: nat(), green: nat(), yellow: nat(), orange: nat(), purple: nat() });
const Phase = StringEnum(
  ['discard', 'refill', 'build', 'special', 'over'],
  'The step of the turn (B.1 to B.4): discard, refill, build, special; over once the game has ended',
);

export const OutcomeDetailSchema = Type.Array(
  Obj({ seat: SeatSchema, inhabitants: int(), leaves: int(), score: int(), coins: nat(), cards: Type.Array(Type.String()) }),
  { description: "Each seat's city figures and cards" },
);

/** The result once over (the kernel's Outcome, typed). */
export const OutcomeSchema = outcomeSchema(OutcomeDetailSchema);

export const ViewSchema = Obj(
  {
    ...viewHeader(Phase, OutcomeSchema),
    viewer: Nullable(SeatSchema),
    players: Type.Integer({ minimum: 2 }),
    firstPlayer: SeatSchema,
    lastPlayer: SeatSchema,
    cityLimit: nat(),
    endTriggeredBy: Nullable(SeatSchema),
    finalRound: Type.Boolean(),
    visible: Type.Array(Obj({ slot: nat(), deck: Nullable(deck), ...card }), { description: 'The visible building cards, in slot order' }),
    decks: Type.Array(Obj({ deck, costs: Type.String(), remaining: nat(), canDraw: Type.Boolean() })),
    habitations: Type.Array(Obj({ ...card, remaining: nat() })),
    specials: Type.Array(
      Obj({
        ...card,
        condition: Obj(
          {
            blue: Type.Optional(nat()),
            green: Type.Optional(nat()),
            yellow: Type.Optional(nat()),
            orange: Type.Optional(nat()),
            purple: Type.Optional(nat()),
          },
          'Cards of each colour the city needs',
        ),
        conditionText: Type.String(),
        eligibleSeats: Type.Array(SeatSchema),
      }),
    ),
    cities: Type.Array(
      Obj({
        seat: SeatSchema,
        coins: nat(),
        cards: Type.Array(Obj(card)),
        cardCount: nat(),
        hasSpecial: Type.Boolean(),
        colours: colourCounts,
        income: int(),
        inhabitants: int(),
        leaves: int(),
        score: int(),
      }),
    ),
  },
  "A La Ville de Demain game as a seat or a spectator sees it (everything is public but the decks' order and the discard piles)",
);
export type VilleView = Static<typeof ViewSchema>;

const seat = SeatSchema;
export const EventSchema = eventUnion([
  Ev('roundBegan', { round: int(), income: Type.Array(int()) }),
  Ev('stepBegan', { seat, step: StringEnum(['discard', 'refill', 'build', 'special']) }),
  Ev('cardDiscarded', { seat, slot, deck }),
  Ev('discardSkipped', { seat }),
  Ev('deckRebuilt', { deck, size: nat() }, 'An empty deck rebuilt from its discard pile (V3); its order stays secret'),
  Ev('cardDrawn', { seat, deck, card: Type.String() }),
  Ev('cardBought', { seat, slot, card: Type.String(), cost: nat() }),
  Ev('habitationBought', { seat, kind: HabitationKind, cost: nat() }),
  Ev('coinTaken', { seat }),
  Ev('specialTaken', { seat, special: Type.String() }),
  Ev('specialSkipped', { seat }),
  Ev('endTriggered', { seat, round: int() }),
  Ev('gameEnded', { scores: Type.Array(int()) }),
]);
export type VilleEventView = Static<typeof EventSchema>;

export const schemas = { view: ViewSchema, event: EventSchema, move: MoveSchema, outcome: OutcomeSchema };
