import { refuserOf, type Messages } from '../../engine/index.js';

/**
 * La Ville de Demain's sentences by id (src/engine/messages.ts), in English and French: every code
 * the engine refuses a move with (`CODE.variant` where one code has several sentences), and the
 * steps of a turn a sentence names (`step.<id>`). Card names are the cards' own, in both languages.
 */
const STEP_EN = "A {type} move belongs to {wanted}, but the turn is at {step} (Phase d''actions, order of the steps).";
const STEP_FR = "Un coup {type} appartient à {wanted}, mais le tour en est à {step} (Phase d''actions, ordre des étapes).";
export const messages: Messages = {
  en: {
    UNKNOWN_MOVE: '"{type}" is not a move of La Ville de Demain.',
    NOT_DISCARD_STEP: STEP_EN,
    NOT_REFILL_STEP: STEP_EN,
    NOT_BUILD_STEP: STEP_EN,
    NOT_SPECIAL_STEP: STEP_EN,
    'step.discard': 'step 1 (you may discard one visible card)',
    'step.refill': 'step 2 (draw cards until 3 are visible)',
    'step.build': 'step 3 (buy a visible card, buy a Habitation or take a coin)',
    'step.special': 'step 4 (you may take a special building)',
    'step.over': 'the end of the game',
    UNKNOWN_DECK: 'There are three building decks, numbered 1 to 3, not {deck}.',
    DECK_EXHAUSTED: 'Deck {deck} is empty and has no discard pile to rebuild it from, so it cannot be chosen (V3).',
    UNKNOWN_HABITATION: 'There is no Habitation "{kind}"; the kinds are smallHouse, apartmentBlock and luxuryResidence.',
    HABITATION_SOLD_OUT: 'No {name} is left to buy: each kind has players - 1 copies (Préparation 4).',
    UNKNOWN_SPECIAL: 'There is no special building "{special}".',
    SPECIAL_NOT_ON_OFFER: 'The {name} is not on offer: it was taken by another player or stayed in the box at setup (B.4, Préparation 5).',
    SPECIAL_ALREADY_HELD: 'You already hold a special building: a player takes only one special building in the whole game (V5).',
    SPECIAL_CONDITION_NOT_MET: 'The {name} needs {condition} cards in your city; you have {have} (B.4, V5).',
    NO_VISIBLE_CARD: 'There is no visible card in slot {slot}: no card is visible.',
    'NO_VISIBLE_CARD.slots': 'There is no visible card in slot {slot}: the visible cards are in slots 0 to {last}.',
    CITY_FULL: 'Your city already holds {limit} cards: no 11th card may ever be placed, so you cannot add the {name} (V6).',
    ALREADY_OWNED: 'You already own a {name}: a city never holds two cards of the same name (B.3, V4).',
    NOT_ENOUGH_COINS: 'The {name} costs {cost} coins and you have {coins} (B.3).',
    'NOTATION.noSlot': 'cannot read "{text}": there is no visible card #{slot} (the visible cards are #1 to #{count})',
    'NOTATION.otherCard': 'cannot read "{text}": card #{slot} is {name}',
    'NOTATION.noCard': 'cannot read "{text}": no building card is visible',
    'NOTATION.twins': 'ambiguous "{text}": two {name} cards are visible: write {choices}',
  },
  fr: {
    UNKNOWN_MOVE: "« {type} » n'est pas un coup de La Ville de Demain.",
    NOT_DISCARD_STEP: STEP_FR,
    NOT_REFILL_STEP: STEP_FR,
    NOT_BUILD_STEP: STEP_FR,
    NOT_SPECIAL_STEP: STEP_FR,
    'step.discard': "l'étape 1 (vous pouvez défausser une carte visible)",
    'step.refill': "l'étape 2 (piocher jusqu'à 3 cartes visibles)",
    'step.build': "l'étape 3 (acheter une carte visible, acheter une Habitation ou prendre une pièce)",
    'step.special': "l'étape 4 (vous pouvez prendre un bâtiment spécial)",
    'step.over': 'la fin de la partie',
    UNKNOWN_DECK: 'Il y a trois pioches de bâtiments, numérotées de 1 à 3, pas {deck}.',
    DECK_EXHAUSTED: "La pioche {deck} est vide et n'a pas de défausse pour la reconstituer : elle ne peut pas être choisie (V3).",
    UNKNOWN_HABITATION: "Il n'y a pas d'Habitation « {kind} » ; les sortes sont smallHouse, apartmentBlock et luxuryResidence.",
    HABITATION_SOLD_OUT: 'Il ne reste aucune {name} à acheter : chaque sorte a (joueurs - 1) exemplaires (Préparation 4).',
    UNKNOWN_SPECIAL: "Il n'y a pas de bâtiment spécial « {special} ».",
    SPECIAL_NOT_ON_OFFER: "Le bâtiment {name} n'est pas proposé : un autre joueur l'a pris, ou il est resté dans la boîte à la mise en place (B.4, Préparation 5).",
    SPECIAL_ALREADY_HELD: "Vous avez déjà un bâtiment spécial : un joueur ne prend qu'un bâtiment spécial de toute la partie (V5).",
    SPECIAL_CONDITION_NOT_MET: 'Le bâtiment {name} demande {condition} cartes dans votre ville ; vous en avez {have} (B.4, V5).',
    NO_VISIBLE_CARD: "Il n'y a pas de carte visible à l'emplacement {slot} : aucune carte n'est visible.",
    'NO_VISIBLE_CARD.slots': "Il n'y a pas de carte visible à l'emplacement {slot} : les cartes visibles sont aux emplacements 0 à {last}.",
    CITY_FULL: 'Votre ville a déjà {limit} cartes : aucune 11e carte ne peut y être posée, vous ne pouvez donc pas ajouter {name} (V6).',
    ALREADY_OWNED: "Vous avez déjà un(e) {name} : une ville n'a jamais deux cartes du même nom (B.3, V4).",
    NOT_ENOUGH_COINS: '{name} coûte {cost} pièces et vous en avez {coins} (B.3).',
    'NOTATION.noSlot': "Impossible de lire « {text} » comme un coup : il n'y a pas de carte visible n°{slot} (les cartes visibles vont du n°1 au n°{count})",
    'NOTATION.otherCard': 'Impossible de lire « {text} » comme un coup : la carte n°{slot} est {name}',
    'NOTATION.noCard': "Impossible de lire « {text} » comme un coup : aucune carte de bâtiment n'est visible",
    'NOTATION.twins': 'Impossible de lire « {text} » comme un coup (ambigu) : deux cartes {name} sont visibles ; écrivez {choices}',
  },
};

/** The engine's refusal by id: code, rule, values (and the variant's id where the code has several sentences). */
export const refuse = refuserOf(messages);
