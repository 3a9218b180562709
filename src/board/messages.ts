import type { Messages } from '../engine/index.js';

/**
 * The words of every board picture's frame, by id in English and French (ICU, like every
 * catalogue; tests/unit/catalogues.test.ts checks both languages): the header, the players and
 * their scores (`label.<key>`, read through `ctx.t`), and the log entries every game shares
 * (`move.<key>`: a pass, a resignation, a takeback, a move the game does not word). No game's
 * own words are here: each game's phase names, labels and moves in words are in its folder
 * (src/games/<game>/messages.ts, `board.*`).
 */
export const BOARD_MESSAGES: Messages = {
  en: {
    'label.version': 'version',
    'label.toMove': 'to move',
    'label.over': 'game over',
    'label.winner': 'winner',
    'label.score': 'score',
    'label.you': 'you',
    'label.spectator': 'spectator view',
    'label.seatView': 'as seen by',
    'label.round': 'round',
    'label.phase': 'phase',
    'move.pass': 'Pass',
    'move.other': 'A move',
    'move.resign': 'Resigned',
    'move.takeback': 'Took back move {undo}',
  },
  fr: {
    'label.version': 'version',
    'label.toMove': 'au tour de',
    'label.over': 'partie terminée',
    'label.winner': 'vainqueur',
    'label.score': 'score',
    'label.you': 'vous',
    'label.spectator': 'vue spectateur',
    'label.seatView': 'vu par',
    'label.round': 'manche',
    'label.phase': 'phase',
    'move.pass': 'Passer',
    'move.other': 'Un coup',
    'move.resign': 'Abandon',
    'move.takeback': 'Reprise du coup {undo}',
  },
};
