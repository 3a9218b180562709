import type { Notifications } from '../app/notify/index.js';
import { PlayerSettingsBody } from '../app/shapes.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

const settings = closed(
  {
    playerId: { type: 'string', format: 'uuid' },
    mode: {
      type: 'string',
      enum: ['immediate', 'digest'],
      description: 'immediate: a turn mail per move; digest: one mail a day at digestHour listing every game waiting for you',
    },
    digestHour: { type: ['integer', 'null'], minimum: 0, maximum: 23, description: 'The local hour of the digest' },
    timeZone: { type: ['string', 'null'], description: 'The IANA time zone of digestHour (e.g. Europe/Paris)' },
    autoVacation: {
      type: 'boolean',
      description: 'The server spends a vacation day (within the yearly allowance) when one of your timeouts is less than a day away',
    },
    nextDigestAt: { type: ['string', 'null'], format: 'date-time', description: 'When the next digest is due (digest mode only)' },
  },
  ['playerId', 'mode', 'digestHour', 'timeZone', 'autoVacation', 'nextDigestAt'],
);

/** A player's settings (GET and PUT /players/me/settings with the player token): digests, automatic vacation. */
export function playerSettingsRoutes(get: () => Notifications | undefined): Routes {
  const digests = needed(() => get()?.digests, 'notifications');
  return async function routes(app) {
    app.put(
      '/players/me/settings',
      {
        schema: operation({
          operationId: 'putPlayerSettings',
          summary: 'Choose turn mails at once or a daily digest, and automatic vacation days',
          description:
            'With the player token. Fields left out keep their value. In digest mode no turn mail is ' +
            'sent per move; one mail at digestHour (local, in timeZone) lists every game waiting for ' +
            'you, with its position, the time left and its reply address; none when nothing waits. ' +
            'Reminders still come one by one, so a deadline closer than the next digest is still ' +
            'reminded. autoVacation: when a timeout of yours is less than a day away, the server ' +
            'spends one vacation day of your yearly allowance.',
          tags: ['players'],
          access: 'player',
          body: PlayerSettingsBody,
          success: answer('The settings now', settings),
          errors: [400, 401, 413, 415],
        }),
      },
      async (req) => digests().put(tokenOf(req), req.body ?? {}),
    );
    app.get(
      '/players/me/settings',
      {
        schema: operation({
          operationId: 'getPlayerSettings',
          summary: 'Your delivery mode, digest hour and zone, and automatic vacation',
          description: 'With the player token; the defaults (immediate, no automatic vacation) until set.',
          tags: ['players'],
          access: 'player',
          success: answer('The settings now', settings),
          errors: [401],
        }),
      },
      async (req) => digests().get(tokenOf(req)),
    );
  };
}
