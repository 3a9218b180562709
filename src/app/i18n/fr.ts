import type { Catalogue } from '../../engine/index.js';

/**
 * The app's French sentences by id: the same ids as en.ts, with the same values (ICU
 * MessageFormat). No sentence is made from the English one: each is formatted from the error's
 * id and values (tests/unit/catalogues.test.ts checks both catalogues id by id).
 */
export const fr: Catalogue = {
  // ---- the codes' own sentences ------------------------------------------------------------------
  INVALID_INPUT: 'Requête invalide : une donnée a une forme ou une valeur refusée',
  QUERY_TOO_DEEP: 'La requête GraphQL est trop profonde (GRAPHQL_MAX_DEPTH)',
  TOO_MANY_ALIASES: "La requête GraphQL a trop d''alias (GRAPHQL_MAX_ALIASES)",
  QUERY_TOO_COSTLY: 'La requête GraphQL est trop coûteuse (GRAPHQL_MAX_COST, GRAPHQL_MAX_READ_WEIGHT) : demandez moins à la fois',
  UNAUTHORIZED: 'Un jeton est nécessaire, ou ce jeton ne convient pas',
  FORBIDDEN: "Cette opération n''est pas permise à ce jeton",
  SEED_NOT_ALLOWED:
    "Ce serveur n''accepte pas de graine choisie (CLIENT_SEEDS=off) : qui choisit la graine " +
    'peut prévoir chaque tirage caché ; omettez seed',
  ANALYSIS_NOT_ALLOWED:
    "L''analyse n''est permise que pour les parties terminées, ou créées avec analysis: true " +
    '(jamais une aide en direct dans une partie classée)',
  TOURNAMENT_STARTED: "Ce tournoi a commencé : il ne prend plus d''inscriptions",
  TOURNAMENT_FULL: 'Ce tournoi est complet',
  ALREADY_ENTERED: 'Ce joueur est déjà inscrit à ce tournoi',
  TOO_FEW_PLAYERS: 'Trop peu de joueurs pour commencer ce tournoi',
  RELIABILITY_TOO_LOW: 'Votre fiabilité est sous le minimum que demande cette partie ou ce tournoi',
  BOT_SEAT: 'Cette place est jouée par un robot : aucun jeton de personne ne joue pour elle',
  NOT_FOUND: 'Introuvable',
  REQUEST_TIMEOUT: "La requête (en-têtes et corps) n''est pas arrivée à temps (REQUEST_TIMEOUT_MS)",
  METHOD_NOT_ALLOWED: 'Une mutation GraphQL demande POST ; GET ne fait que des requêtes',
  NOT_YOUR_TURN: "Ce n''est pas à cette place de jouer.",
  CONDITIONAL_NOT_ALLOWED: 'Les lignes conditionnelles ne peuvent pas être posées maintenant',
  VERSION_CONFLICT: 'La partie a changé depuis : rechargez-la et décidez à nouveau',
  GAME_OVER: "La partie est terminée : plus aucun coup n''est accepté.",
  ENGINE_VERSION_UNSUPPORTED: "Ce serveur n''a pas la version du moteur dont cette partie a besoin",
  GAME_NOT_STARTED:
    "La partie n''a pas commencé : une place est encore libre, et les coups sont acceptés une fois toutes les places prises",
  GAME_STARTED: "La partie a commencé : on ne peut plus la quitter ni l''annuler (abandonnez plutôt)",
  GAME_FULL: 'La partie est complète : il ne reste aucune place libre',
  SEAT_TAKEN: "Cette place n''est pas libre",
  ALREADY_SEATED: 'Ce joueur a déjà une place dans cette partie',
  COLOUR_TAKEN: 'Cette couleur est déjà prise : chaque place a sa propre couleur (règle M7)',
  SEAT_RESIGNED: 'Cette place a abandonné : le serveur joue ses coups désormais',
  ALREADY_RESIGNED: 'Cette place a déjà abandonné',
  NOT_RETRYABLE: 'Seules les notifications en attente ou abandonnées sont réessayées',
  PAYLOAD_TOO_LARGE: "Le corps de la requête est plus grand que ce que ce point d''accès accepte",
  UNSUPPORTED_MEDIA_TYPE: 'Envoyez du JSON : Content-Type: application/json',
  ILLEGAL_MOVE: 'Ce coup est refusé par les règles du jeu',
  IDEMPOTENCY_KEY_REUSED: 'Cette clé Idempotency-Key a déjà servi pour un autre coup',
  IMPORT_INVALID: 'Cet enregistrement ne peut pas être rejoué',
  VACATION_TOO_LONG: "Ces vacances dépassent les jours qui restent de l''allocation annuelle (VACATION_DAYS_PER_YEAR)",
  RATE_LIMITED: 'Trop de requêtes : ralentissez (voir Retry-After)',
  TOO_MANY_SUBSCRIPTIONS: "Trop d''abonnements sur cette connexion",
  INTERNAL: 'Erreur interne du serveur',
  NOT_IMPLEMENTED: 'Le serveur ne donne pas cela',
  UNAVAILABLE: 'Service indisponible : la base de données ne répond pas, ou le serveur est trop chargé ; réessayez après Retry-After',
  TAKEBACK_NOT_ALLOWED: 'Ce coup ne peut pas être repris',

  // ---- INVALID_INPUT ---------------------------------------------------------------------------------
  'INVALID_INPUT.malformedJson': 'Corps JSON mal formé : {detail}',
  'INVALID_INPUT.contentLength': "L''en-tête Content-Length ne correspond pas au corps",
  'INVALID_INPUT.unknownGameType': 'Type de jeu inconnu « {type} » ; types connus : {known}',
  'FORBIDDEN.gifSeat':
    'la vue de la place {seat} demande le jeton ou le lien de partie de cette place (tout le ' +
    "monde peut la voir une fois finie une partie qui révèle) ; omettez seat pour la vue d''un " +
    'spectateur',
  'INVALID_INPUT.gifTo': 'to ({to}) dépasse la version de la partie, {max} : un rejeu ne montre aucun coup pas encore joué',
  'INVALID_INPUT.gifFrom': 'from ({from}) ne doit pas être après to ({to})',
  'INVALID_INPUT.gifFrames': 'un GIF de rejeu montre au plus {max} positions ; cet intervalle en a {frames} : resserrez from et to',
  'NOT_IMPLEMENTED.oembedFormat': "oEmbed ne répond qu''avec format=json, pas {format}",
  'NOT_FOUND.oembedUrl': "ce serveur n''intègre que ses pages de partie (/games/<id> ou /embed/games/<id> sur cet hôte), pas {url}",
  'INVALID_INPUT.atVersion': 'at doit être une version entre 0 et {max}',
  'INVALID_INPUT.lastEventId':
    "Last-Event-ID (ou after) doit être un numéro de version, l''id du dernier événement reçu ; reçu « {given} »",
  'INVALID_INPUT.resumeAhead':
    "Reprise après la version {after}, mais la partie est à la version {version} : ce n''est pas une version envoyée par cette partie",
  'INVALID_INPUT.graphqlMoveField':
    "Cette partie est de type {game} : envoyez le coup sous la forme '{ '{field}: '{ <typeDeCoup>: ... } }'",
  'INVALID_INPUT.oneMoveType': 'Un coup a exactement un champ, nommé par son type',
  'INVALID_INPUT.beforeCursor': "before n''est pas un curseur rendu par cette liste",
  'INVALID_INPUT.afterCursor': "after n''est pas un curseur rendu par cette liste",
  'INVALID_INPUT.seatRange': "La place {seat} n''existe pas : cette partie a les places 0 à {last}",
  'INVALID_INPUT.notation':
    "{problem}{count, plural, =0 { ; cette place n''a aucun coup légal maintenant} other { ; " +
    'coups légaux maintenant : {legal}{more, plural, =0 {} other {, et # de plus}}}}',
  'INVALID_INPUT.mailNoMove':
    "Le courriel n''a pas de coup : écrivez-le sur la première ligne, dans la notation du jeu " +
    '(vos coups légaux : {count, plural, =0 {aucun maintenant} other {{legal}}})',
  'INVALID_INPUT.mailNotAMove':
    "« {line} » n''est pas un coup ici : {problem} (vos coups légaux : {count, plural, =0 {aucun maintenant} other {{legal}}})",
  'INVALID_INPUT.required': '{where} doit avoir la propriété obligatoire « {field} »',
  'INVALID_INPUT.additionalProperties': '{where} ne doit pas avoir de propriété supplémentaire (« {field} »)',
  'INVALID_INPUT.type': '{where} doit être de type {type}',
  'INVALID_INPUT.fewer':
    '{where} ne doit pas avoir moins de {limit} {unit, select, items {éléments} properties {propriétés} other {caractères}}',
  'INVALID_INPUT.more':
    '{where} ne doit pas avoir plus de {limit} {unit, select, items {éléments} properties {propriétés} other {caractères}}',
  'INVALID_INPUT.minimum': '{where} doit être >= {limit}',
  'INVALID_INPUT.maximum': '{where} doit être <= {limit}',
  'INVALID_INPUT.enum': '{where} doit être une des valeurs permises ({values})',
  'QUERY_TOO_DEEP.limit': 'La requête GraphQL dépasse sa limite de profondeur de {limit} (GRAPHQL_MAX_DEPTH)',
  'TOO_MANY_ALIASES.limit': "La requête GraphQL a plus d''alias que sa limite de {limit} (GRAPHQL_MAX_ALIASES)",
  'QUERY_TOO_COSTLY.limit': 'La requête GraphQL coûte plus que sa limite de {limit} (GRAPHQL_MAX_COST) : demandez moins à la fois',
  'QUERY_TOO_COSTLY.weight':
    "l''opération lit trop à la fois (poids au-delà de {limit} : un enregistrement pèse 20, " +
    'une relecture 10, 20 événements 1, les coups légaux 5, une vue 2) ; découpez-la en ' +
    'plusieurs requêtes',
  'INVALID_INPUT.pattern':
    '{where} doit être {rule, select, uuid {un UUID} email {une adresse électronique ' +
    '(nom@domaine.example)} other {de la forme documentée}}',

  // ---- UNAUTHORIZED, FORBIDDEN ---------------------------------------------------------------------------
  'UNAUTHORIZED.bearerFormat': "L''en-tête Authorization doit être « Bearer <jeton> »",
  'UNAUTHORIZED.neitherToken': "Ce jeton n''est ni le jeton d''une place de cette partie, ni un jeton de joueur",
  'UNAUTHORIZED.seatTokenNeeded': "Les coups et les coups légaux demandent le jeton d''une place (Authorization: Bearer <jeton>)",
  'UNAUTHORIZED.operatorTokenNeeded': "Cette opération demande le jeton de l''opérateur (Authorization: Bearer)",
  'UNAUTHORIZED.playerTokenNeeded': 'Il faut un jeton de joueur (Authorization: Bearer <jeton reçu de POST /api/v1/players>)',
  'UNAUTHORIZED.notPlayerToken': "Ce jeton n''est pas un jeton de joueur",
  'FORBIDDEN.operatorCannotPlay': "L''opérateur ne joue pas : un coup demande le jeton de la place qui le joue",
  'FORBIDDEN.operatorOnly': "Cette opération est réservée à l''opérateur",
  'FORBIDDEN.noSeat': "Ce jeton n''a aucune place dans cette partie",

  // ---- NOT_FOUND -------------------------------------------------------------------------------------------
  'NOT_FOUND.game': 'Aucune partie {id}',
  'NOT_FOUND.route': 'Aucune route {method} {path}',
  'NOT_FOUND.player': 'Aucun joueur {id}',
  'NOT_FOUND.gameType': 'Aucun type de jeu « {type} » ; types connus : {known}',
  'NOT_FOUND.notification': 'Aucune notification {id}',

  // ---- game state ----------------------------------------------------------------------------------------
  'VERSION_CONFLICT.stale': 'La partie est à la version {version}, pas {expected} : rechargez-la et décidez à nouveau',
  'VERSION_CONFLICT.tooBusy': 'La partie est trop sollicitée : le coup a perdu trop de fois la course à la version ; renvoyez-le',
  'VERSION_CONFLICT.movedOn': 'La partie a avancé entre-temps : renvoyez le coup',
  'ENGINE_VERSION_UNSUPPORTED.game':
    "La partie {id} a commencé avec la version {version} du moteur {type}, que ce serveur n''a " +
    'plus (il a : {count, plural, =0 {aucune} other {{versions}}})',
  'ENGINE_VERSION_UNSUPPORTED.record':
    "Ce serveur n''a pas la version {version} du moteur {type} (il a : {versions}) : " +
    "l''enregistrement ne peut être rejoué selon ses propres règles",
  'ENGINE_VERSION_UNSUPPORTED.server': "Ce serveur n''a pas la version {version} du moteur {type} (il a : {versions})",
  'ENGINE_VERSION_UNSUPPORTED.noVersion': "Ce serveur n''a pas la version {version} du moteur {type}",
  'IDEMPOTENCY_KEY_REUSED.key':
    'La clé Idempotency-Key « {key} » a déjà servi à cette place pour un autre coup ({move}) ; ' +
    'prenez une nouvelle clé pour un nouveau coup',
  'SEAT_RESIGNED.seat': 'La place {seat} a abandonné : le serveur joue ses coups désormais',
  'ALREADY_RESIGNED.seat': 'La place {seat} a déjà abandonné',
  'BOT_SEAT.seat': 'La place {seat} est jouée par le robot « {bot} » : aucun jeton de personne ne joue pour elle',
  'NOT_RETRYABLE.status':
    "La notification {id} est à l''état {status} : seules les notifications en attente (pending) ou abandonnées (dead) sont réessayées",

  // ---- the lobby's refusals (src/app/lobby/lobby.ts) -----------------------------------------------------
  'LOBBY.NEEDS_CODE': "Cette partie n''est pas publique : la rejoindre demande son code d''invitation (inviteCode)",
  'LOBBY.WRONG_CODE': "Ce code d''invitation n''est pas celui de cette partie",
  'LOBBY.FINISHED': 'La partie est terminée',
  'LOBBY.FULL': "Toutes les places de la partie sont prises (elle a commencé) : l''invitation n''admet plus personne",
  'LOBBY.STARTED':
    "La partie a commencé : on ne quitte une place et on n''annule une partie que tant qu''elle attend des joueurs (abandonnez plutôt)",
  'LOBBY.ALREADY_SEATED': 'Ce joueur a déjà une place dans cette partie',
  'LOBBY.COLOUR_TAKEN': 'Une autre place de cette partie a déjà choisi cette couleur (règle M7 : toutes différentes)',
  'LOBBY.SEAT_TAKEN': "La place demandée n''est pas libre ; omettez « seat » pour prendre la première place libre",
  'LOBBY.NOT_SEATED': 'Cette place est libre : personne ne la tient',
  'LOBBY.BOT_SEAT': "Cette place est jouée par un robot : elle n''a pas de jeton, et on ne lui en donne pas",
  'LOBBY.RATED':
    'Cette partie a été créée avec rated: true : ses places ne se prennent que par des ' +
    'identités de joueur ; rejoignez-la avec un jeton de joueur (POST /api/v1/players)',

  // ---- records (import) ------------------------------------------------------------------------------------
  'IMPORT_INVALID.format': "Format d''enregistrement inconnu « {format} » ; attendu : {expected}",
  'IMPORT_INVALID.unknownGameType': 'Type de jeu inconnu « {type} »',
  'IMPORT_INVALID.noSeed': "L''enregistrement n''a pas de graine : celui d''une partie en cours l''omet, il ne peut donc pas être rejoué",
  'IMPORT_INVALID.hidden': 'Le coup {n} est caché dans cet enregistrement ; exportez-le une fois la partie terminée',
  'IMPORT_INVALID.notASeat': "Coup {n} : la place {seat} n''est pas une place de cette partie",
  'IMPORT_INVALID.takebackShape': 'Coup {n} : une reprise s\'\'écrit \'{ "type": "takeback", "undo": <une version antérieure> }\'',
  'IMPORT_INVALID.takebackEntry':
    'Coup {n} : une reprise a l\'\'origine « takeback » et le coup \'{ "type": "takeback", "undo": <version> }\'',
  'IMPORT_INVALID.takebackTarget': "Coup {n} : la version {undo} n''est pas un coup en vigueur qu''on puisse reprendre",
  'IMPORT_INVALID.takebackNotOwn': "Coup {n} : la version {undo} n''est pas un coup de la place {seat}",
  'IMPORT_INVALID.takebackBlocked':
    'Coup {n} : la version {version} ne peut pas être reprise (un abandon, un tirage au hasard ou une information cachée révélée)',
  'IMPORT_INVALID.moveShape': 'Coup {n} : {problem}',
  'IMPORT_INVALID.verify.order': "l''entrée {n} porte la version {version} : une entrée a été déplacée, retirée ou ajoutée",
  'IMPORT_INVALID.verify.setup':
    "l''état mis en place par la graine, les options et les joueurs de l''enregistrement n''est pas celui que nomme son setupHash",
  'IMPORT_INVALID.verify.events': "version {version} : les événements de l''enregistrement ne sont pas ceux que donne son coup",
  'IMPORT_INVALID.verify.state': "version {version} : l''état qui la suit n''est pas celui que nomme son stateHash",
  'IMPORT_INVALID.verify.chain': 'version {version} : son hachage de chaîne ne découle pas des entrées qui la précèdent',
  'IMPORT_INVALID.verify.unchained':
    "la version {version} ne porte ni hachage d''état ni hachage de chaîne : exportez de nouveau l''enregistrement depuis le serveur",
  'IMPORT_INVALID.alternative': 'coup {n}, variante {k} : {problem}',
  'RECORD.alternative': "une variante s''écrit (<coup> [marque] [un commentaire entre accolades]), pas {got}",
  'RECORD.annotationPlace': 'un commentaire ou une variante se place sous un coup : aucun ne le précède',
  'IMPORT_INVALID.illegal': 'Coup {n} : {problem}',
  'IMPORT_INVALID.illegalText': 'Coup {n} ({text}) : {problem}',
  'IMPORT_INVALID.textShape': '« {text} » : {problem}',
  'RECORD.line': 'Ligne {line} : {problem}',

  // ---- limits ------------------------------------------------------------------------------------------------
  'RATE_LIMITED.limit':
    'Limite de {max} requêtes par minute dépassée ({scope, select, token {jeton} other ' +
    '{adresse}}) ; réessayez dans {retry} s (Retry-After)',
  'RATE_LIMITED.graphql': 'Limite de {max} requêtes par minute dépassée ; réessayez dans {retry} s',
  'TOO_MANY_SUBSCRIPTIONS.max': "Une connexion tient au plus {max} abonnements ; terminez-en un d''abord",
  // ---- more errors by id ----
  'ALREADY_SEATED.twoSeats': "Un joueur ne prend pas deux places : donnez '{ me: true }' une seule fois",
  'COLOUR_TAKEN.twice': 'Deux places ont choisi la même couleur ; chaque place a sa propre couleur (règle M7)',
  'UNAUTHORIZED.joinToken': 'Rejoindre une partie demande un jeton de joueur, ou aucun jeton',
  'UNAUTHORIZED.reliabilityNeedsPlayer':
    "{what, select, game {Cette partie} other {Ce tournoi}} demande une fiabilité d''au moins " +
    '{min} : rejoignez-le avec un jeton de joueur, dont le bilan donne le chiffre',
  'NOT_FOUND.tournament': "aucun tournoi n''a l''identifiant ''{id}''",
  'TOURNAMENT_STARTED.join': "le tournoi est {status} : on s''y inscrit seulement jusqu''à son début",
  'TOURNAMENT_STARTED.start': 'le tournoi est {status} : seul un tournoi ouvert peut commencer',
  'TOURNAMENT_FULL.join': 'le tournoi est complet : il prend au plus {max} joueurs',
  'ALREADY_ENTERED.join': "ce joueur est déjà inscrit au tournoi : on s''inscrit une fois",
  'TOO_FEW_PLAYERS.start': 'le tournoi a {entries} joueurs : il en faut au moins {seats}, une table',
  'FORBIDDEN.tournamentCreatorOnly': "seul le créateur d''un tournoi (ou l''opérateur) peut le commencer avant l''heure",
  'INVALID_INPUT.tournamentGame': "le jeu ''{type}'' n''est pas hébergé ici ; connus : {known}",
  'INVALID_INPUT.tournamentSeats': 'seatsPerGame {seats} est hors de ce que {type} accueille : {min} à {max} (et au moins 2)',
  'INVALID_INPUT.roundRobinSeats':
    'un tournoi toutes rondes place 2 joueurs par partie (chaque paire se rencontre une fois), ' +
    'pas {seats} : utilisez le format swiss pour des tables plus grandes',
  'INVALID_INPUT.swissRounds': 'un tournoi suisse demande rounds : le nombre de rondes à jouer',
  'INVALID_INPUT.tournamentMaxPlayers': "maxPlayers {max} est moins qu''une table de {seats}",
  'INVALID_INPUT.tournamentStartsAt': "startsAt ''{given}'' n''est pas une date et une heure (RFC 3339)",
  'RELIABILITY_TOO_LOW.below':
    "{what, select, game {Cette partie} other {Ce tournoi}} demande une fiabilité d''au moins " +
    '{min} ; la vôtre est de {figure} (parties terminées / (terminées + abandonnées + hors ' +
    'délai) sur les 90 derniers jours)',
  'INVALID_INPUT.minReliability':
    'minReliability est un chiffre de 0 à 1 (terminées / (terminées + abandonnées + hors délai)), pas {given}',
  'INVALID_INPUT.joinName': 'name est obligatoire pour rejoindre sans jeton de joueur',
  'FORBIDDEN.fillCreatorOnly':
    "Seul le créateur d''une partie en attente (la place créée avec '{ me: true }') peut donner ses places libres à des robots",
  'UNAUTHORIZED.seatOrPlayerToken': 'Il faut le jeton de votre place, ou votre jeton de joueur (Authorization: Bearer)',
  'FORBIDDEN.creatorLeaves': "Le créateur ne quitte pas une partie en attente : il l''annule",
  'UNAUTHORIZED.cancelToken': "Annuler demande le jeton du créateur (de sa place ou de joueur) ou celui de l''opérateur",
  'FORBIDDEN.cancelCreatorOnly': "Seuls le créateur (la place créée avec '{ me: true }') et l''opérateur peuvent annuler une partie",
  'UNAUTHORIZED.resignToken': 'Abandonner demande le jeton de votre place, ou votre jeton de joueur (Authorization: Bearer)',
  'GAME_NOT_STARTED.resign': "La partie n''a pas commencé : quittez-la au lieu d''abandonner",
  'GAME_OVER.resign': "La partie est terminée : il n''y a rien à abandonner",
  'UNAUTHORIZED.noLinks': "Ce serveur n''accepte pas de liens de partie",
  'FORBIDDEN.linkReadOnly':
    'Un lien de partie reçu par courriel ne montre que la vue de la place : jouez en répondant ' +
    'au courriel avec le coup, ou avec le jeton de la place',
  'SEED_NOT_ALLOWED.create':
    "Ce serveur n''accepte pas de graine choisie (CLIENT_SEEDS=off) : qui choisit la graine " +
    'peut prévoir chaque tirage caché ; omettez seed',
  'INVALID_INPUT.analysisRated':
    "analysis: true est réservé aux parties non classées : une partie classée n''est jamais " +
    "analysée pendant qu''elle se joue ; omettez rated ou mettez-le à false",
  'GAME_NOT_STARTED.seatOpen':
    "La partie n''a pas commencé : une place est encore libre, et les coups sont acceptés une fois toutes les places prises",
  'ANALYSIS_NOT_ALLOWED.setting':
    "L''analyse n''est permise que pour les parties terminées, ou créées avec analysis: true (jamais une aide en direct sinon)",
  'UNAVAILABLE.analysis': "L''analyse demande le groupe de robots (BOTS=on)",
  'SEED_NOT_ALLOWED.import':
    "Ce serveur n''accepte pas de graine choisie (CLIENT_SEEDS=off) : seuls les " +
    "enregistrements de parties terminées s''importent, car la graine d''une partie en cours " +
    'en prédit la suite',
  'INVALID_INPUT.untilPast': 'until doit être dans le futur',
  'INVALID_INPUT.webhookCredentials': "webhookUrl ne doit pas porter de nom d''utilisateur ni de mot de passe",
  'UNAVAILABLE.players': 'Les joueurs ne sont pas en place sur ce serveur',
  'NOT_FOUND.unsubscribe': "Aucun réglage de notification n''a ce jeton de désabonnement",
  'INVALID_INPUT.deadlineOrControl':
    "turnDeadlineSeconds : donnez turnDeadlineSeconds ou timeControl, pas les deux (turnDeadlineSeconds d vaut timeControl '{ d, d, d }')",
  'INVALID_INPUT.timeoutActionAlone': 'timeoutAction : demande turnDeadlineSeconds ou timeControl',
  'INVALID_INPUT.incrementOverMax': 'timeControl.incrementSeconds ne doit pas dépasser timeControl.maxSeconds',
  'INVALID_INPUT.initialOverMax':
    'timeControl.initialSeconds ne doit pas dépasser timeControl.maxSeconds (une banque ne dépasse jamais le maximum)',
  'UNAUTHORIZED.linkMalformed': 'Ce lien de partie est mal formé : ouvrez le lien du courriel le plus récent de la partie',
  'UNAUTHORIZED.linkForged': 'Ce lien de partie est falsifié ou modifié (sa signature ne correspond pas)',
  'UNAUTHORIZED.linkOtherGame': 'Ce lien de partie ouvre une autre partie',
  'UNAUTHORIZED.linkExpired':
    "Ce lien de partie a expiré : ouvrez le lien d''un courriel plus récent de la partie, ou utilisez le jeton de la place",
  'UNAUTHORIZED.linkNoSeat': "Ce lien de partie nomme une place que la partie n''a pas",
  'UNAUTHORIZED.linkRevoked': "Le jeton de cette place a été réémis depuis l''envoi de ce lien : le lien est révoqué",
  'UNAVAILABLE.notifications': 'Les notifications ne sont pas en place sur ce serveur',
  'UNAVAILABLE.tournaments': 'Les tournois ne sont pas en place sur ce serveur',
  'UNAVAILABLE.conditionalMoves': 'Les coups conditionnels ne sont pas en place sur ce serveur',
  'UNAVAILABLE.ratings': 'Les classements ne sont pas en place sur ce serveur',
  'UNAVAILABLE.gameBusy': 'La partie a avancé {reads} fois pendant la lecture de cette requête ; réessayez dans un instant',
  'UNAVAILABLE.lobby': 'Le salon demande la base de données',
  'UNAVAILABLE.vacations': 'Les vacances ne sont pas en place sur ce serveur',
  'INVALID_INPUT.gqlQuery': 'Une requête GraphQL demande une chaîne « query »',
  'INVALID_INPUT.gqlQueryString': '« query » doit être une chaîne contenant un document GraphQL',
  'INVALID_INPUT.gqlOperationName': '« operationName » doit être une chaîne',
  'INVALID_INPUT.gqlVariables': '« variables » doit être un objet JSON',
  'INVALID_INPUT.gqlSubscriptionHttp': 'Les abonnements passent par WebSocket (protocole graphql-transport-ws) sur /graphql, pas par HTTP',
  'INVALID_INPUT.gqlMoveId': "moveId n''est pas l''id d''un coup listé par typedLegalMoves",
  'UNAUTHORIZED.gqlAuthorization': 'authorization doit être une chaîne',
  'FORBIDDEN.operatorResigns': "L''opérateur n''abandonne pas pour une place",
  'GAME_OVER.resigned': "La partie est terminée (les abandons n''ont laissé qu''une place), aucun coup n''est accepté",
  'GAME_OVER.over': "La partie est terminée, aucun coup n''est accepté",
  'NOTIFY.settingsToken': 'Les réglages de notification demandent le jeton de la place (ou de son joueur)',
  'BOT_SEAT.me': "players/{i} : une place de robot n''a pas de jeton, elle ne peut donc pas être la place de l''appelant ('{ me: true }')",
  'INVALID_INPUT.playerKind': "players/{i} doit être exactement un de '{ name }', '{ open: true }', '{ me: true }', '{ bot }'",
  'INVALID_INPUT.botLevel': '{field} : niveau de robot inconnu « {level} » ; niveaux connus : {known}',
  'INVALID_INPUT.openColour': "players/{i} : la couleur d''une place libre est choisie par qui la rejoint",
  'INVALID_INPUT.noColours': "{type} n''a pas de couleur à choisir : omettez « colour »",
  'INVALID_INPUT.notAColour': "« {colour} » n''est pas une couleur de {type} ; choisissez parmi {offered} (règle {rule})",
  'ANALYSIS_NOT_ALLOWED.otherSeat': 'Pendant la partie, seul le jeton de la place {seat} peut analyser ses positions',
  'INVALID_INPUT.untilDate': 'until doit être une date et une heure (ISO 8601, par exemple 2026-12-24T18:00:00Z), pas « {given} »',
  'VACATION_TOO_LONG.days':
    "Des vacances jusqu''au {until} prennent {days} jours, plus que les {left} qui restent des {perYear} de cette année",
  'INVALID_INPUT.mailLanguage': "language : « {given} » n''est pas une langue des courriels ({languages})",
  'INVALID_INPUT.email': "email « {given} » n''est pas une adresse électronique (nom@domaine.example, au plus {max} caractères)",
  'INVALID_INPUT.webhookLong': 'webhookUrl dépasse {max} caractères',
  'INVALID_INPUT.webhookNotUrl': "webhookUrl « {given} » n''est pas une URL",
  'INVALID_INPUT.webhookProtocol': 'webhookUrl doit être en http ou https, pas {protocol}',
  'CONDITIONAL_NOT_ALLOWED.yourTurn':
    "C''est votre tour : jouez d''abord votre coup ; les lignes conditionnelles répondent aux coups des autres pendant que vous attendez",
  'FORBIDDEN.otherSeatLines': 'Les lignes conditionnelles de la place {seat} sont à elle seule : ce jeton est celui de la place {own}',
  'FORBIDDEN.linesNeedSeat': "Les lignes conditionnelles appartiennent à une place : ce jeton n''a aucune place dans cette partie",
  'UNAUTHORIZED.linesToken': 'Les lignes conditionnelles demandent le jeton de la place (ou celui de son joueur) : Authorization: Bearer',
  'INVALID_INPUT.conditionalCount': 'Au plus {max} lignes conditionnelles ; reçu {count}',
  'INVALID_INPUT.conditionalAfter': 'Ligne {line} : « after » liste de 1 à {max} coups des autres ; reçu {count}',
  'INVALID_INPUT.conditionalLength': 'Ligne {line} : un coup en notation a de 1 à {max} caractères',
  'INVALID_INPUT.conditionalNotation': 'Ligne {line}, coup « {move} » : {problem}',
  'INVALID_INPUT.conditionalSame': 'La ligne {line} attend les mêmes coups que la ligne {other} : une seule réponse par suite de coups',
  'INVALID_INPUT.noticeKind': "events : « {given} » n''est pas une sorte de notification ({kinds})",
  'INVALID_INPUT.notificationId': 'id doit être un id de notification (un UUID) ; reçu « {given} »',
  'INVALID_INPUT.controlChar':
    '{field} contient un caractère de contrôle (U+{char}) : les noms et autres textes ne ' +
    'prennent que des caractères imprimables, sur une ligne',
  'INVALID_INPUT.nulChar': "{where} contient un caractère NUL ou une demi-paire de substitution, qu''aucun champ de texte n''accepte",
  'NOT_FOUND.boardPicture': "Les parties de type {type} n''ont pas d''image de plateau",
  'INVALID_INPUT.seconds': '{field} doit être un nombre entier de secondes de 1 à {max} (90 jours)',
  'INVALID_INPUT.intRange': '{name} doit être un entier de {min} à {max}',
  'RATE_LIMITED.creation':
    'Cette adresse crée au plus {max} parties, joueurs et imports par minute ; réessayez dans {retry} s (Retry-After)',
  'RATE_LIMITED.liveToken': "Ce jeton tient déjà {max} flux en direct et abonnements ; fermez-en un d''abord",
  'RATE_LIMITED.liveAddress': "Cette adresse tient déjà {max} flux en direct et abonnements ; fermez-en un d''abord",
  'METHOD_NOT_ALLOWED.get': 'Une opération {operation} demande POST ; GET ne fait que des requêtes',
  'RECORD.header': `Un en-tête s''écrit [Nom "valeur"], la valeur en chaîne JSON ; reçu {got}`,
  'RECORD.headerTwice': "L''en-tête {name} est donné deux fois",
  'RECORD.missingHeader':
    'En-tête manquant [{name} "..."] : un enregistrement texte commence par les en-têtes ' +
    'Format, Game, EngineVersion, Options, Seat0, Seat1... et, une fois la partie terminée, ' +
    'Seed',
  'RECORD.format': 'Format inconnu « {format} » ; attendu : {expected}',
  'RECORD.engineVersion': 'EngineVersion doit être un nombre entier, pas « {given} »',
  'RECORD.optionsJson': `Options doit contenir les options en objet JSON, par exemple [Options "'{\\"boardSide\\":\\"A\\"}'"]`,
  'RECORD.optionsObject': 'Options doit contenir un objet JSON',
  'RECORD.botLevel': '{name} doit nommer un niveau de robot (random, greedy, ismcts, ismcts-strong), pas « {given} »',
  'RECORD.seatGap': '{stray} est donné mais Seat{missing} manque : les places sont numérotées à partir de 0 sans trou',
  'RECORD.noSeed': "L''enregistrement n''a pas d''en-tête Seed : celui d''une partie en cours l''omet, il ne peut donc pas être rejoué",
  'RECORD.afterResult': 'Rien ne peut suivre le résultat {result}',
  'RECORD.moveNumber': 'Mauvais numéro de coup {version} : attendu {expected} (les coups sont numérotés 1, 2, 3... sans trou)',
  'RECORD.seat': "La place {seat} n''est pas une place de cette partie (places 0 à {last})",
  'RECORD.hidden': 'Le coup est caché dans cet enregistrement ; exportez-le une fois la partie terminée',
  'RECORD.annotation':
    "Annotation inconnue '{'{note}'}' ; attendu : '{hidden}, {mail}, {resign}, {resigned}, " +
    "{timeout}, {conditional}, {bot <niveau>}' ou '{takeback <version>}'",
  'RECORD.botAnnotation': "Le coup d''une place de robot s''annote '{bot <niveau>}', par exemple '{bot greedy}'",
  'RECORD.resignation': `Un abandon s''écrit "<numéro>. <place> : '{resign}'", sans coup`,
  'IMPORT_INVALID.sameColour': "Deux joueurs de l''enregistrement ont la même couleur",
  'IMPORT_INVALID.afterEnd': 'Le coup {n} vient après la fin de la partie',
  'IMPORT_INVALID.resignEntry': `Coup {n} : un abandon s''écrit '{ "type": "resign" }', une fois par place`,
  'IMPORT_INVALID.hadResigned': 'Coup {n} : la place {seat} avait abandonné ; ses coups sont joués par le serveur (origin « resigned »)',
  'IMPORT_INVALID.notResigned': "Coup {n} : origin « resigned » mais la place {seat} n''a pas abandonné",
  'IMPORT_INVALID.botOrigin': 'Coup {n} : la place {seat} est une place de robot ; ses coups ont origin « bot »',
  'IMPORT_INVALID.notBot': "Coup {n} : origin « bot » mais la place {seat} n''est pas une place de robot",
  'IMPORT_INVALID.botName': 'Coup {n} : seuls les coups dont origin est bot, resigned ou timeout nomment un robot',
  'INVALID_INPUT.gqlNoSuchOperation':
    "Le document n''a pas d''opération nommée « {name} » (il a : {count, plural, =0 {aucune} other {{names}}})",
  'INVALID_INPUT.gqlWhichOperation':
    "{count, plural, =0 {Le document n''a aucune opération} other {Le document a {count} " +
    'opérations ({names}) : nommez celle à exécuter avec « operationName »}}',

  // ---- TAKEBACK_NOT_ALLOWED (src/app/takeback.ts) --------------------------------------------------
  'TAKEBACK_NOT_ALLOWED.none': 'Cette partie a été créée avec takebacks: none : aucun coup ne peut être repris',
  'TAKEBACK_NOT_ALLOWED.otherActed':
    'La place {seat} a joué après le coup {undo} (version {at}) : cette partie ne permet de ' +
    'reprendre un coup que pendant son propre tour (takebacks: {setting})',
  'TAKEBACK_NOT_ALLOWED.turnEnded':
    "Votre tour s''est terminé avec le coup {undo} : cette partie ne permet de reprendre un " +
    'coup que pendant son propre tour (takebacks: {setting}) ; les parties with-consent ' +
    "demandent l''accord des autres places",
  'TAKEBACK_NOT_ALLOWED.pending':
    'La reprise du coup {undo} demandée par la place {seat} attend les autres places : elle ' +
    "doit d''abord être acceptée, refusée ou annulée par le coup suivant",
  'TAKEBACK_NOT_ALLOWED.noMove': "La place {seat} n''a aucun coup en vigueur à reprendre",
  'TAKEBACK_NOT_ALLOWED.notInEffect':
    "La version {undo} n''est pas un coup en vigueur : elle n''existe pas, est un abandon ou une reprise, ou a déjà été reprise",
  'TAKEBACK_NOT_ALLOWED.notOwn': "La version {undo} n''est pas un coup de la place {seat} : une place ne reprend que ses propres coups",
  'TAKEBACK_NOT_ALLOWED.resigned': 'La place {seat} a abandonné à la version {at} : rien avant ne peut être repris',
  'TAKEBACK_NOT_ALLOWED.randomDraw':
    "Le coup {at} a tiré au hasard (une carte, une tuile ou un cube d''une réserve cachée) : le reprendre permettrait de tirer à nouveau",
  'TAKEBACK_NOT_ALLOWED.hiddenReveal':
    "Le coup {at} a montré à une place ce qu''elle ne pouvait pas voir (une main, une tuile " +
    'gardée) : le reprendre ne le lui ferait pas oublier',
  'TAKEBACK_NOT_ALLOWED.noRequest': "Aucune demande de reprise n''attend dans cette partie (un coup joué depuis l''annule)",

  // ---- whole-game analysis, stand-ins after missed deadlines, digests, takebacks -----------------------
  'ANALYSIS_NOT_ALLOWED.wholeUnfinished':
    "Une partie entière s''analyse une fois terminée (en cours, elle montrerait à chaque place " +
    'la position des autres) ; analysez vos propres positions une à une avec GET ' +
    "/games/'{id}'/analysis quand la partie a été créée avec analysis: true",
  'NOT_FOUND.wholeAnalysisUnderWay': "Aucune analyse de cette partie entière n''est en attente ou en cours",
  'NOT_FOUND.wholeAnalysis': "Cette partie n''a pas été analysée : demandez-le avec POST /games/'{id}'/analysis/whole",
  'INVALID_INPUT.standInAfterTimeouts': 'standInAfterTimeouts doit être un nombre entier de 1 à {max}, pas {given}',
  'INVALID_INPUT.standInNeedsClock': 'standInAfterTimeouts demande des délais : donnez turnDeadlineSeconds ou timeControl',
  'INVALID_INPUT.timeZoneShape': "timeZone doit être le nom d''un fuseau horaire IANA, par exemple Europe/Paris",
  'INVALID_INPUT.timeZoneUnknown':
    "timeZone : « {zone} » n''est pas le nom d''un fuseau horaire IANA (par exemple Europe/Paris, America/New_York, UTC)",
  'INVALID_INPUT.digestHour': 'digestHour doit être une heure entière de 0 à 23, pas {given}',
  'INVALID_INPUT.deliveryMode': "mode : « {mode} » n''est pas un mode d''envoi ({modes})",
  'INVALID_INPUT.autoVacation': 'autoVacation vaut true ou false',
  'INVALID_INPUT.digestNeedsHour': "digestHour : le mode digest demande l''heure (0-23) d''envoi du récapitulatif",
  'INVALID_INPUT.digestNeedsZone':
    "timeZone : le mode digest demande le fuseau horaire de l''heure d''envoi (un nom IANA, par exemple Europe/Paris)",
  'INVALID_INPUT.takebacks': "takebacks vaut l''une de ces valeurs : {settings} ; reçu {given}",
  'INVALID_INPUT.spectators': "spectators vaut l''une de ces valeurs : {settings} ; reçu {given}",
  'INVALID_INPUT.spectatorDelay': 'spectatorDelay est un nombre entier de coups de 1 à {max} ; reçu {given}',
  'INVALID_INPUT.reveal': 'reveal vaut true ou false ; reçu {given}',
  'FORBIDDEN.spectatorsHidden':
    "Cette partie se cache des spectateurs jusqu''à sa fin (spectators: hidden) : seul son " +
    "en-tête est montré ; le jeton d''une place montre ce que voit cette place",
  'UNAUTHORIZED.takeback': 'Les reprises demandent le jeton de votre place, ou votre jeton de joueur (Authorization: Bearer)',
  'FORBIDDEN.operatorTakeback': "L''opérateur ne prend pas part aux reprises : elles demandent le jeton d''une place",
  'GAME_NOT_STARTED.takeback': "La partie n''a pas commencé : il n''y a aucun coup à reprendre",
  'GAME_OVER.takeback': 'La partie est terminée : ses coups ne peuvent plus être repris',
  'SEAT_RESIGNED.takeback': 'La place {seat} a abandonné : elle ne reprend rien',
  'FORBIDDEN.ownTakeback': 'La place qui a demandé la reprise ne répond pas à sa propre demande : les autres places le font',
  'FORBIDDEN.notAsked':
    "La place {seat} n''est pas consultée pour cette reprise (les robots et les places qui ont abandonné ne le sont pas)",
  'VERSION_CONFLICT.takeback': 'La partie a avancé entre-temps : regardez-la à nouveau',

  // ---- the last refusals made from English words, by id now (issue 22) -------------------------------
  'INVALID_INPUT.format': '{where} doit avoir le format « {format} »',
  'INVALID_INPUT.patternRaw': '{where} doit suivre le motif « {pattern} »',
  'INVALID_INPUT.compare': '{where} doit être {comparison} {limit}',
  'INVALID_INPUT.multipleOf': '{where} doit être un multiple de {limit}',
  'INVALID_INPUT.uniqueItems': '{where} ne doit pas avoir de doublons (les éléments {j} et {i} sont identiques)',
  'INVALID_INPUT.exactlyOne': '{where} doit avoir exactement un de ces champs : {fields}',
  'INVALID_INPUT.oneOf': '{where} doit avoir exactement une des formes permises',
  'INVALID_INPUT.anyOf': '{where} doit avoir une des formes permises',
  'INVALID_INPUT.schemaRule': '{where} enfreint la règle « {keyword} » du schéma : {detail}',
  'INVALID_INPUT.invalid': "{where} n''est pas valide",
  'INVALID_INPUT.noMoveWords': "Les parties de type {type} n''ont pas de coups en mots : retirez include=labels",
  'INVALID_INPUT.ratedSeedChosen':
    "rated : une partie classée n''est pas permise ici : la graine a été choisie, donc ses tirages cachés peuvent être prévus",
  'INVALID_INPUT.ratedSeatNotPlayer':
    "rated : une partie classée n''est pas permise ici : une place n''est pas une identité de " +
    "joueur (chaque place doit être '{ me: true }' ou '{ open: true }' rejointe avec un jeton " +
    'de joueur ; ni noms, ni robots)',
  'INVALID_INPUT.webhookTarget': 'webhookUrl : {problem} (les webhooks ne vont qu’à des adresses publiques)',
  'WEBHOOK.noResolve': "l''hôte « {host} » ne se résout pas",
  'WEBHOOK.notAllowed': "l''hôte « {host} » n''est pas permis : {why}",
  'WEBHOOK.notIp': "« {address} » n''est pas une adresse IP",
  'WEBHOOK.ipv4Mapped': '{address} est une adresse IPv4 mappée (de {ipv4})',
  'WEBHOOK.ipv4Compatible': '{address} est une adresse compatible IPv4 (::/96)',
  'WEBHOOK.range': '{address} est dans une plage {range}',
  'WEBHOOK.own': '{address} est une des adresses de ce serveur',
  'INVALID_INPUT.gqlSyntax': "La requête n''est pas un document GraphQL : {detail}",
  'INVALID_INPUT.gqlNotDocument': "La requête n''est pas un document GraphQL",
  'INVALID_INPUT.graphqlRule': 'La requête GraphQL ne suit pas le schéma : {detail}',
  'INVALID_INPUT.httpRefused': 'Requête refusée : {detail}',
  'INVALID_INPUT.fileJson': "Le fichier n''est pas du JSON valide : {detail}",
  'RATE_LIMITED.said': 'Trop de requêtes : {detail}',
  'UNAVAILABLE.said': 'Le serveur est indisponible pour le moment ({detail}) ; réessayez dans un instant',
  'UNAVAILABLE.server': 'Le serveur est indisponible pour le moment ; réessayez dans un instant',
  'UNAVAILABLE.busy': 'Le serveur est occupé par {count} {what, select, imports {importations} other {{what}}} ; réessayez dans {retry} s',
  'UNAVAILABLE.noAnswerWithin': "La base de données n''a pas répondu en {ms} ms ; réessayez dans un instant",
  'UNAVAILABLE.notReady': 'La base de données ne répond pas',
  'UNAVAILABLE.noAnswer': 'La base de données ne répond pas ; réessayez dans un instant',
  'UNAVAILABLE.overloaded': 'Le serveur est surchargé ; réessayez dans un instant',
  'UNAVAILABLE.analysisQueue':
    'La file des analyses est pleine ({running} en cours, {waiting} en attente) ; réessayez ' +
    "dans {retry} s (Retry-After). Les parties n''attendent jamais les analyses : robots et " +
    'remplaçants ont leurs propres fils',
  'UNAVAILABLE.analysisFailed':
    "L''analyse a échoué ({detail} ; un fil qui échoue est essayé deux fois, chaque fois sur un nouveau fil) ; réessayez plus tard",
  'INVALID_INPUT.analysisIterations': 'iterations vaut au plus {max} sur ce serveur (ANALYSIS_MAX_ITERATIONS)',
  'RATE_LIMITED.analysisBudget':
    "Budget d''analyse : au plus {max} itérations de recherche par minute pour {scope, select, " +
    'token {ce jeton} other {cette adresse}} ; {iterations} demandées, réessayez dans {retry} ' +
    's (Retry-After)',
  'INVALID_INPUT.analysisOverBudget':
    "Budget d''analyse : {iterations} itérations demandées, plus que les {max} par minute " +
    'permises à {scope, select, token {ce jeton} other {cette adresse}} ; demandez-en au plus ' +
    '{max}',
  'RATE_LIMITED.wholeAnalysisQueued':
    '{scope, select, token {Ce jeton} other {Cette adresse}} a déjà une analyse de partie ' +
    'entière en attente ou en cours (partie {gameId}) ; redemandez une fois celle-ci finie ' +
    '(Retry-After)',
  'UNAVAILABLE.wholeAnalysis': "L''analyse de parties entières demande le groupe de robots (BOTS=on)",
  'UNAVAILABLE.playerSettings': 'Les réglages des joueurs ne sont pas en place sur ce serveur',
  'RECORD.moveLine': 'Attendu : un coup "<numéro>. <place> : <coup>" (p. ex. "{example}") ou le résultat ; reçu "{got}"',
  'RECORD.takeback':
    `Une reprise s''écrit "<numéro>. <place> : '{takeback <version reprise>}'", sans coup, et ` + `reprend une version antérieure`,
  'RECORD.botNote':
    "'{'{note} {bot}'}' : seuls '{bot}, {resigned}' et '{timeout}' nomment un niveau de robot, parmi random, greedy, ismcts, ismcts-strong",
  'RECORD.resultMismatch':
    '{what, select, header {L’en-tête Result} other {La ligne de résultat}} dit {claimed}, mais les coups donnent {result}',
  // ---- the embedded player's words (src/http/embed-routes.ts) ----
  'EMBED.open': 'Ouvrir',
  'EMBED.slider': 'Coup',
  'EMBED.hidden': "Cette partie est cachée aux spectateurs jusqu''à sa fin.",
};
