import type { FastifyInstance } from 'fastify';
import { AppError } from '../app/errors.js';
import type { Notifications } from '../app/notify/index.js';
import type { PlayerSettingsInput } from '../app/notify/digest.js';
import { bearer } from './rest.js';
import { operation } from './route-schema.js';

const settings = {
  type: 'object',
  additionalProperties: false,
  required: ['playerId', 'mode', 'digestHour', 'timeZone', 'autoVacation', 'nextDigestAt'],
  properties: {
    playerId: { type: 'string', format: 'uuid' },
    mode: { type: 'string', enum: ['immediate', 'digest'], description: 'immediate: a turn mail per move; digest: one mail a day at digestHour listing every game waiting for you' },
    digestHour: { type: ['integer', 'null'], minimum: 0, maximum: 23, description: 'The local hour of the digest' },
    timeZone: { type: ['string', 'null'], description: 'The IANA time zone of digestHour (e.g. Europe/Paris)' },
    autoVacation: { type: 'boolean', description: 'The server spends a vacation day (within the yearly allowance) when one of your timeouts is less than a day away' },
    nextDigestAt: { type: ['string', 'null'], format: 'date-time', description: 'When the next digest is due (digest mode only)' },
  },
} as const;

/** A player's settings (GET and PUT /players/me/settings with the player token): digests, automatic vacation. */
export function playerSettingsRoutes(get: () => Notifications | undefined) {
  const digests = () => {
    const d = get()?.digests;
    if (!d) throw new AppError('UNAVAILABLE', 'player settings are not set up on this server');
    return d;
  };
  return async function routes(app: FastifyInstance) {
    app.put<{ Body: PlayerSettingsInput }>('/players/me/settings', {
      schema: operation({
        operationId: 'putPlayerSettings',
        summary: 'Choose turn mails at once or a daily digest, and automatic vacation days',
        description: 'With the player token. Fields left out keep their value. In digest mode no turn mail is sent per move; one mail at digestHour (local, in timeZone) lists every game waiting for you, with its position, the time left and its reply address; none when nothing waits. Reminders still come one by one, so a deadline closer than the next digest is still reminded. autoVacation: when a timeout of yours is less than a day away, the server spends one vacation day of your yearly allowance.',
        tags: ['players'],
        access: 'player',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            mode: { type: 'string', description: 'immediate | digest' },
            digestHour: { type: 'integer', description: '0 to 23: the local hour of the digest (needed in digest mode)' },
            timeZone: { type: 'string', maxLength: 64, description: 'An IANA time zone name (needed in digest mode)' },
            autoVacation: { type: 'boolean' },
          },
        },
        success: { status: 200, description: 'The settings now', schema: settings },
        errors: [400, 401, 413, 415],
      }),
    }, async (req) => digests().put(bearer(req.headers.authorization), req.body ?? {}));
    app.get('/players/me/settings', {
      schema: operation({
        operationId: 'getPlayerSettings',
        summary: 'Your delivery mode, digest hour and zone, and automatic vacation',
        description: 'With the player token; the defaults (immediate, no automatic vacation) until set.',
        tags: ['players'],
        access: 'player',
        success: { status: 200, description: 'The settings now', schema: settings },
        errors: [401],
      }),
    }, async (req) => digests().get(bearer(req.headers.authorization)));
  };
}
