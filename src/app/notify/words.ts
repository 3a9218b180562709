import { formatMsg, type Messages, type Params } from '../../engine/index.js';
import type { MailLanguage } from './settings.js';

/**
 * The mails' words by id, in English and French (ICU MessageFormat, like every catalogue of
 * src/engine/messages.ts): the notices (messages.ts) and the answers to moves by mail
 * (mail-moves.ts). The mails are built from these only; an error inside an answer comes already
 * in the seat's language (src/app/i18n).
 */
export const MAIL_MESSAGES: Messages = {
  en: {
    'subject.turn': 'Your turn',
    'subject.reminder': 'Reminder: your turn is running out',
    'subject.timeout': 'Your turn timed out',
    'subject.finished': 'Game over',
    'subject.joined': 'A player joined your game',
    'subject.takeback': 'A takeback is asked',
    'subject.conditional': 'Conditional lines dropped',
    subjectLine: '{what}: {game} ({id}, move {version})',
    'opening.turn': '{me}, it is your turn in {game}.',
    'opening.reminder': '{me}, your turn in {game} is running out.',
    'opening.timeout': '{me}, your turn in {game} timed out.',
    'opening.finished': '{me}, the game of {game} is over.',
    'opening.joined': '{me}, a player joined your game of {game}.',
    'opening.takeback': '{me}, {about} asks to take back a move in {game}: accept or decline it on the game page.',
    'opening.conditional':
      '{me}, some of your conditional lines in {game} can no longer be played (the others moved otherwise, a takeback, or an answer illegal then): they were dropped. The lines still waiting are on the game page.',
    fact: '{label}: {value}',
    move: 'Move',
    players: 'Players',
    toMove: 'To move',
    nobody: 'nobody',
    winners: 'Winners: {winners} (scores {scores})',
    deadline: 'Deadline',
    boardAlt: 'The board as you see it',
    boardInHtml: 'The board as you see it is the picture in this mail (its HTML part).',
    legal: 'Your legal moves',
    legalList: 'Your legal moves:',
    more: '... and {n} more (all of them on the game page)',
    howTo: 'To play, reply to this mail with your move on the first line, written as in the list, for example:',
    or: 'or',
    howToEnd: 'Nothing else in the mail is read; you get an answer saying whether the move was played.',
    open: 'Open the game as {me}',
    until: 'This link shows the game as you see it, without your token, until {date}.',
    stop: 'Stop these mails',
    seat: 'seat {n}',
    'refused.subject': 'Move refused: {code}',
    'refused.text':
      'Your mail to game {game} was not played: {message}{rule, select, none {} other { (rule ' +
      '{rule})}}.\n\nReply to this mail with a legal move on the first line.',
    'accepted.subject': 'Move accepted: {move} (move {version})',
    'accepted.text': 'Your move "{move}" is move {version} of game {game}.',
    'accepted.over': 'The game is over.',
    'accepted.again': 'You move again. Your legal moves:\n{moves}',
    'accepted.others': 'Now the others play: you will be told when it is your turn.',
  },
  fr: {
    'subject.turn': 'À vous de jouer',
    'subject.reminder': 'Rappel : votre tour se termine bientôt',
    'subject.timeout': 'Votre tour a expiré',
    'subject.finished': 'Partie terminée',
    'subject.joined': 'Un joueur a rejoint votre partie',
    'subject.takeback': 'Reprise de coup demandée',
    'subject.conditional': 'Lignes conditionnelles abandonnées',
    subjectLine: '{what} : {game} ({id}, coup {version})',
    'opening.turn': "{me}, c''est à vous de jouer dans {game}.",
    'opening.reminder': '{me}, votre tour dans {game} se termine bientôt.',
    'opening.timeout': '{me}, votre tour dans {game} a expiré.',
    'opening.finished': '{me}, la partie de {game} est terminée.',
    'opening.joined': '{me}, un joueur a rejoint votre partie de {game}.',
    'opening.takeback': '{me}, {about} demande à reprendre un coup dans {game} : acceptez ou refusez sur la page de la partie.',
    'opening.conditional':
      '{me}, certaines de vos lignes conditionnelles dans {game} ne peuvent plus être jouées (les autres ont joué autrement, une reprise, ou une réponse alors illégale) : elles sont abandonnées. Les lignes qui attendent encore sont sur la page de la partie.',
    fact: '{label} : {value}',
    move: 'Coup',
    players: 'Joueurs',
    toMove: 'Au tour de',
    nobody: 'personne',
    winners: 'Gagnants : {winners} (scores {scores})',
    deadline: 'Échéance',
    boardAlt: 'Le plateau tel que vous le voyez',
    boardInHtml: "Le plateau tel que vous le voyez est l''image de ce courriel (sa partie HTML).",
    legal: 'Vos coups possibles',
    legalList: 'Vos coups possibles :',
    more: '... et {n} de plus (tous sur la page de la partie)',
    howTo: 'Pour jouer, répondez à ce courriel avec votre coup en première ligne, écrit comme dans la liste, par exemple :',
    or: 'ou',
    howToEnd: "Le reste du courriel n''est pas lu ; une réponse vous dit si le coup a été joué.",
    open: 'Ouvrir la partie en tant que {me}',
    until: "Ce lien montre la partie telle que vous la voyez, sans votre jeton, jusqu''au {date}.",
    stop: 'Ne plus recevoir ces courriels',
    seat: 'place {n}',
    'refused.subject': 'Coup refusé : {code}',
    'refused.text':
      "Votre courriel pour la partie {game} n''a pas été joué : {message}{rule, select, none {} " +
      'other { (règle {rule})}}.\n\nRépondez à ce courriel avec un coup possible en première ' +
      'ligne.',
    'accepted.subject': 'Coup accepté : {move} (coup {version})',
    'accepted.text': 'Votre coup « {move} » est le coup {version} de la partie {game}.',
    'accepted.over': 'La partie est terminée.',
    'accepted.again': 'Vous jouez encore. Vos coups possibles :\n{moves}',
    'accepted.others': 'Les autres jouent maintenant : vous serez prévenu quand ce sera votre tour.',
  },
};

/** One sentence of a mail in the recipient's language. */
export function say(lang: MailLanguage, key: string, params?: Params): string {
  const s = formatMsg((k) => MAIL_MESSAGES[lang][k], lang, { key, ...(params ? { params } : {}) });
  if (s === undefined) throw new Error(`no mail sentence ${key}`);
  return s;
}
