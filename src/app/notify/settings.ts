import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../errors.js';
import { NOTICE_KINDS, type NoticeKind } from '../../store/types.js';

/** What a seat (or player) asks for: where its notifications go and which kinds it wants. */
export interface NotificationSettingsInput {
  email?: string | null;
  webhookUrl?: string | null;
  events?: NoticeKind[];
}

export const MAX_URL_LENGTH = 2048;
export const MAX_EMAIL_LENGTH = 254;
// Deliberately plain: one @, no spaces or brackets, a dot in the domain. Mail servers judge the rest.
const EMAIL = /^[^\s@<>()[\]",;:\\]+@[^\s@<>()[\]",;:\\.]+(\.[^\s@<>()[\]",;:\\.]+)+$/;

export function checkEmail(email: string): string {
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) throw new AppError('INVALID_INPUT', `email "${email.slice(0, 80)}" is not an email address (name@domain.example, at most ${MAX_EMAIL_LENGTH} characters)`);
  return email;
}

/** Loopback, link-local and unspecified addresses: the server's own, never a webhook receiver. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return a === 127 || a === 0 || (a === 169 && b === 254);
  }
  const low = ip.toLowerCase();
  return low === '::1' || low === '::' || /^fe[89ab]/.test(low);
}

/**
 * A webhook URL the server may call: http(s), not too long, and (unless allowPrivate) not resolving
 * to the server's own loopback or link-local addresses. Checked when set and again before each
 * delivery, as a name can be pointed elsewhere in between.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  if (raw.length > MAX_URL_LENGTH) throw new AppError('INVALID_INPUT', `webhookUrl is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('INVALID_INPUT', `webhookUrl "${raw.slice(0, 80)}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('INVALID_INPUT', `webhookUrl must be http or https, not ${url.protocol.replace(':', '')}`);
  if (url.username || url.password) throw new AppError('INVALID_INPUT', 'webhookUrl must not carry a user name or password');
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new AppError('INVALID_INPUT', `webhookUrl's host "${host}" does not resolve`);
    }
    if (addresses.some(isPrivateAddress)) throw new AppError('INVALID_INPUT', `webhookUrl's host "${host}" is a loopback or link-local address of this server`);
  }
  return url.toString();
}

export function checkEvents(events: unknown[] | undefined): NoticeKind[] {
  if (events === undefined) return [...NOTICE_KINDS];
  for (const e of events) if (!NOTICE_KINDS.includes(e as NoticeKind)) throw new AppError('INVALID_INPUT', `events: "${String(e)}" is not a notification kind (${NOTICE_KINDS.join(', ')})`);
  return [...new Set(events as NoticeKind[])];
}

/** A Standard Webhooks signing secret: whsec_ and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
export const newUnsubscribeToken = () => randomBytes(18).toString('base64url');
