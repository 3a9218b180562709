import { refuserOf, type Messages } from '../../../src/engine/index.js';

/**
 * Toy Street's words by id (src/engine/messages.ts), English and French, ICU MessageFormat: its
 * refusals by code, its notation's forms (`NOTATION.form.*`), its option labels for the page
 * (`option.*`) and its picture's words (`board.*`: the moves in words, the phase names).
 */
const catalogue = {
  en: {
    'NOT_YOUR_TURN.build': 'it is not your turn: the seats build in turn',
    LOT_TAKEN: 'lot {lot} is already built on: choose an empty lot',
    'NOTATION.form.build': 'h<lot 1-6> or s<lot 1-6>',
    'option.rounds': 'Rounds (builds per seat)',
    'board.lot': 'lot {lot}',
    'board.building': '{building, select, shop {shop} other {house}}',
    'board.move.build': 'Build a {building, select, shop {shop} other {house}} (lot {lot})',
    'board.move.built': 'Built a {building, select, shop {shop} other {house}} (lot {lot})',
    'board.phase.build': 'build',
    'board.phase.over': 'over',
  },
  fr: {
    'NOT_YOUR_TURN.build': "Ce n''est pas votre tour : les places construisent chacune à leur tour.",
    LOT_TAKEN: 'Le terrain {lot} est déjà construit : choisissez un terrain vide.',
    'NOTATION.form.build': 'h<terrain 1-6> ou s<terrain 1-6>',
    'option.rounds': 'Manches (constructions par place)',
    'board.lot': 'terrain {lot}',
    'board.building': '{building, select, shop {boutique} other {maison}}',
    'board.move.build': 'Construire une {building, select, shop {boutique} other {maison}} (terrain {lot})',
    'board.move.built': 'A construit une {building, select, shop {boutique} other {maison}} (terrain {lot})',
    'board.phase.build': 'construction',
    'board.phase.over': 'terminée',
  },
} satisfies Messages;
export const messages: Messages = catalogue;

/** The engine's refusal by id: code, rule, values. */
export const refuse = refuserOf(catalogue);
