import type { Colour as ColourSchema, HabitationKind as HabitationKindSchema } from './schema.js';
import type { Static } from '../../engine/index.js';
/**
 * The card data of La Ville de Demain, in one readable table.
 *
 * The rulebook (shared/seeds/004) lists no cards. The values below are those of the published card
 * game Happy City (Toshiki & Airu Sato), which the rulebook matches component for component, with
 * leaves in place of hearts, as given by shared/rulings/ville-de-demain.md. Building and Habitation
 * names are the rulings' English names; the 16 special buildings carry names invented here (their
 * conditions and values are the published ones): they are stand-ins for the printed names.
 *
 * A corrected list needs no code change: edit the rows, the engine reads everything from here.
 * Values: cost in coins, income in coins per income phase, inhabitants, leaves. A negative value is
 * a crossed-out symbol (it subtracts 1 at scoring).
 */

export type Colour = Static<typeof ColourSchema>;
export const COLOURS: readonly Colour[] = ['blue', 'green', 'yellow', 'orange', 'purple'];

export type DeckNumber = 1 | 2 | 3;

export interface CardValues {
  /** Stable identifier, used in moves, events and views (a GraphQL-safe enum value). */
  id: string;
  /** The name printed on the card, used in messages ("you already own a Bakery"). */
  name: string;
  cost: number;
  income: number;
  inhabitants: number;
  leaves: number;
}

export interface BuildingCard extends CardValues {
  colour: Colour;
  deck: DeckNumber;
  /** How many copies the deck holds. */
  copies: number;
}

export interface HabitationCard extends CardValues {
  colour: 'green';
}

export interface TownHallCard extends CardValues {
  /** The Town Hall has no colour (ruling D1). */
  colour: null;
}

/** At least this many cards of each colour in the city (colours not named: none needed). */
export type Condition = Partial<Record<Colour, number>>;

export interface SpecialCard extends CardValues {
  colour: null;
  condition: Condition;
}

const building = (
  deck: DeckNumber,
  id: string,
  name: string,
  colour: Colour,
  cost: number,
  income: number,
  inhabitants: number,
  leaves: number,
): BuildingCard => ({ id, name, colour, deck, copies: 2, cost, income, inhabitants, leaves });

/** The three building decks: 14 + 10 + 9 kinds, two copies each (66 cards). */
export const BUILDINGS: readonly BuildingCard[] = [
  //        deck id                name               colour    cost inc inh leaves
  building(1, 'factory', 'Factory', 'purple', 1, 1, 0, -1),
  building(1, 'steelworks', 'Steelworks', 'purple', 1, 1, 0, -1),
  building(1, 'hauntedHouse', 'Haunted House', 'orange', 1, 1, -1, 0),
  building(1, 'policeStation', 'Police Station', 'blue', 2, 0, 1, 0),
  building(1, 'school', 'School', 'blue', 2, 0, 1, 0),
  building(1, 'square', 'Square', 'blue', 2, 0, 0, 1),
  building(1, 'library', 'Library', 'blue', 2, 0, 0, 1),
  building(1, 'shoeShop', 'Shoe Shop', 'yellow', 2, 1, 0, 0),
  building(1, 'grocery', 'Grocery', 'yellow', 2, 1, 0, 0),
  building(1, 'bakery', 'Bakery', 'yellow', 3, 1, 0, 1),
  building(1, 'florist', 'Florist', 'yellow', 3, 1, 0, 1),
  building(1, 'bookshop', 'Bookshop', 'yellow', 3, 1, 1, 0),
  building(1, 'bank', 'Bank', 'yellow', 3, 1, 1, 0),
  building(1, 'igloo', 'Igloo', 'green', 3, 1, 1, 0),

  building(2, 'hospital', 'Hospital', 'blue', 4, 0, 2, 0),
  building(2, 'museum', 'Museum', 'blue', 4, 0, 0, 2),
  building(2, 'observatory', 'Observatory', 'blue', 4, 0, 0, 2),
  building(2, 'diyStore', 'DIY Store', 'yellow', 4, 2, 0, 0),
  building(2, 'perfumery', 'Perfumery', 'yellow', 4, 2, 0, 0),
  building(2, 'shoppingCentre', 'Shopping Centre', 'yellow', 5, 1, 0, 2),
  building(2, 'palace', 'Palace', 'orange', 5, 2, 0, 1),
  building(2, 'restaurant', 'Restaurant', 'orange', 5, 2, 1, 0),
  building(2, 'offices', 'Offices', 'purple', 5, 2, 1, 0),
  building(2, 'garage', 'Garage', 'purple', 5, 2, 1, 0),

  building(3, 'laboratory', 'Laboratory', 'blue', 6, 1, 2, 0),
  building(3, 'university', 'University', 'blue', 6, 1, 2, 0),
  building(3, 'spa', 'Spa', 'orange', 7, 2, 0, 2),
  building(3, 'casino', 'Casino', 'orange', 7, 2, 0, 2),
  building(3, 'skiResort', 'Ski Resort', 'orange', 8, 0, 0, 3),
  building(3, 'zoo', 'Zoo', 'orange', 8, 0, 0, 3),
  building(3, 'cabin', 'Cabin', 'green', 8, 0, 3, 0),
  building(3, 'themePark', 'Theme Park', 'orange', 9, 1, 0, 3),
  building(3, 'stadium', 'Stadium', 'orange', 9, 1, 0, 3),
];

/** What each deck's back says it costs (rulebook, Préparation 3). */
export const DECK_COSTS: Record<DeckNumber, string> = { 1: '1-3', 2: '4-5', 3: '6-9' };

export type HabitationKind = Static<typeof HabitationKindSchema>;
export const HABITATION_KINDS = ['smallHouse', 'apartmentBlock', 'luxuryResidence'] as const;

/** The Habitations: players - 1 identical copies of each kind, always on offer. */
export const HABITATIONS: Record<HabitationKind, HabitationCard> = {
  smallHouse: { id: 'smallHouse', name: 'Small House', colour: 'green', cost: 1, income: 0, inhabitants: 1, leaves: 0 },
  apartmentBlock: { id: 'apartmentBlock', name: 'Apartment Block', colour: 'green', cost: 3, income: 0, inhabitants: 2, leaves: 0 },
  luxuryResidence: { id: 'luxuryResidence', name: 'Luxury Residence', colour: 'green', cost: 6, income: 0, inhabitants: 3, leaves: 0 },
};

/** Each player's first card. */
export const TOWN_HALL: TownHallCard = { id: 'townHall', name: 'Town Hall', colour: null, cost: 0, income: 1, inhabitants: 0, leaves: 0 };

const special = (id: string, name: string, condition: Condition, income: number, inhabitants: number, leaves: number): SpecialCard => ({
  id,
  name,
  colour: null,
  condition,
  cost: 0,
  income,
  inhabitants,
  leaves,
});

/** The 16 special buildings (players + 2 of them are drawn at random each game). Names invented. */
export const SPECIALS: readonly SpecialCard[] = [
  //      id                    name                    condition                                          inc inh leaves
  special('botanicalGarden', 'Botanical Garden', { blue: 2, green: 1, purple: 1 }, 1, 0, 3),
  special('ecoDistrict', 'Eco-District', { green: 2, orange: 1 }, 0, 1, 2),
  special('greenTower', 'Green Tower', { blue: 2, green: 1, purple: 1, orange: 1 }, 0, 2, 2),
  special('tramLine', 'Tram Line', { blue: 1, orange: 1 }, 2, 0, 1),
  special('gardenVillage', 'Garden Village', { green: 1, orange: 2 }, 0, 2, 1),
  special('solarFarm', 'Solar Farm', { blue: 2, green: 1, orange: 1 }, 3, 0, 1),
  special('conferenceCentre', 'Conference Centre', { blue: 1, green: 2, orange: 1 }, 3, 1, 0),
  special('recyclingCentre', 'Recycling Centre', { blue: 1, green: 1, purple: 1 }, 1, 1, 1),
  special('coveredMarket', 'Covered Market', { blue: 1, green: 1, orange: 1 }, 3, 0, 0),
  special('touristOffice', 'Tourist Office', { blue: 1, green: 1 }, 2, 0, 0),
  special('windFarm', 'Wind Farm', { blue: 2, green: 1 }, 2, 0, 2),
  special('workersHousing', "Workers' Housing", { blue: 1, purple: 1 }, 1, 2, 0),
  special('housingCooperative', 'Housing Cooperative', { blue: 1, green: 2 }, 2, 2, 0),
  special('communityGarden', 'Community Garden', { green: 2 }, 1, 0, 2),
  special('harbour', 'Harbour', { blue: 1, green: 1, orange: 1, purple: 1 }, 1, 3, 0),
  special('culturalCentre', 'Cultural Centre', { blue: 2 }, 2, 1, 0),
];

/** Starting purse and city size limit (rulebook, Préparation 6 and Fin du jeu). */
export const START_COINS = 2;
export const CITY_LIMIT = 10;
export const VISIBLE_LIMIT = 3;
