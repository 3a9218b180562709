import { refuserOf, type Messages } from '../../engine/index.js';

/**
 * Ma Petite Ville's sentences by id (src/engine/messages.ts), in English and French: every code
 * the engine refuses a move with, and the seat colours a sentence names (`colour.<id>`).
 */
export const messages: Messages = {
  en: {
    TILE_ALREADY_DRAWN: 'you have drawn a tile and must place it before anything else (taking a tile is draw, then place)',
    PILE_EMPTY: 'the draw pile is empty: no tile is left to take',
    NO_TILE_DRAWN: 'a tile is placed only right after drawing it: draw a tile first',
    BAD_ROTATION: 'a tile is turned by 0, 1, 2 or 3 quarter turns clockwise',
    TILE_POSITION_TAKEN: 'a tile may not be placed where a tile already lies',
    TILE_NOT_ADJACENT: 'a new tile must share at least one full edge with a placed tile (diagonal contact is not enough)',
    MUST_PLACE_DRAWN_TILE: 'you have drawn a tile and must place it; a turn is one action, a tile or a silhouette',
    NO_SILHOUETTE_OF_LENGTH: 'you have no silhouette of {length} objects left in hand',
    OUTSIDE_CITY: 'a silhouette must lie entirely on the city: every square it covers must be on a placed tile',
    SQUARE_COVERED: 'a silhouette may not cover a square another silhouette already covers (each square is used once)',
    X_SQUARE_FORBIDDEN: 'in the normal version a silhouette may never cover or cross an X square',
    END_ON_X_SQUARE: 'the first and last objects of a silhouette may never stand on an X square',
    END_NOT_OWN_COLOUR: "the first and last objects of a silhouette must stand on squares of the player's colour ({colour})",
    PASS_NOT_ALLOWED: 'passing is allowed only in the final round, after the last tile; otherwise take a tile or place a silhouette',
    UNKNOWN_MOVE: 'unknown move type "{type}"',
    'colour.blue': 'blue',
    'colour.green': 'green',
    'colour.yellow': 'yellow',
    'colour.red': 'red',
  },
  fr: {
    TILE_ALREADY_DRAWN: "Vous avez tiré une tuile et devez la poser avant toute autre chose (prendre une tuile, c'est la tirer puis la poser).",
    PILE_EMPTY: 'La pioche est vide : il ne reste aucune tuile à prendre.',
    NO_TILE_DRAWN: "Une tuile se pose juste après l'avoir tirée : tirez d'abord une tuile.",
    BAD_ROTATION: 'Une tuile se tourne de 0, 1, 2 ou 3 quarts de tour dans le sens horaire.',
    TILE_POSITION_TAKEN: 'Une tuile ne se pose pas là où une tuile est déjà posée.',
    TILE_NOT_ADJACENT: 'Une nouvelle tuile partage au moins un bord entier avec une tuile posée (un contact en diagonale ne suffit pas).',
    MUST_PLACE_DRAWN_TILE: 'Vous avez tiré une tuile et devez la poser ; un tour est une action, une tuile ou une silhouette.',
    NO_SILHOUETTE_OF_LENGTH: 'Il ne vous reste pas de silhouette de {length} objets en main.',
    OUTSIDE_CITY: "Une silhouette repose entièrement sur la ville : chaque case qu'elle couvre est sur une tuile posée.",
    SQUARE_COVERED: 'Une silhouette ne couvre pas une case déjà couverte par une autre silhouette (chaque case sert une fois).',
    X_SQUARE_FORBIDDEN: 'Dans la version normale, une silhouette ne couvre ni ne traverse jamais une case X.',
    END_ON_X_SQUARE: "Le premier et le dernier objet d'une silhouette ne sont jamais sur une case X.",
    END_NOT_OWN_COLOUR: "Le premier et le dernier objet d'une silhouette sont sur des cases de la couleur du joueur ({colour}).",
    PASS_NOT_ALLOWED: "Passer n'est permis qu'au dernier tour, après la dernière tuile ; sinon prenez une tuile ou posez une silhouette.",
    UNKNOWN_MOVE: 'Type de coup inconnu « {type} »',
    'colour.blue': 'bleu',
    'colour.green': 'vert',
    'colour.yellow': 'jaune',
    'colour.red': 'rouge',
  },
};

/** The engine's refusal by id: code, rule, values. */
export const refuse = refuserOf(messages);
