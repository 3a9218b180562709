import { randomBytes } from 'node:crypto';
import { AppError } from '../errors.js';
import { resolveWebhook } from './webhook-target.js';
import { NOTICE_KINDS, type NoticeKind } from '../../store/types.js';

/** What a seat (or player) asks for: where its notifications go and which kinds it wants. */
export interface NotificationSettingsInput {
  email?: string | null;
  webhookUrl?: string | null;
  events?: NoticeKind[];
  /** The language of the mails (en, fr). */
  language?: MailLanguage;
}

/** The languages mails are written in. */
export const MAIL_LANGUAGES = ['en', 'fr'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export function checkLanguage(language: unknown): MailLanguage {
  if (!MAIL_LANGUAGES.includes(language as MailLanguage)) throw new AppError('INVALID_INPUT', `language: "${String(language).slice(0, 20)}" is not a language mails are written in (${MAIL_LANGUAGES.join(', ')})`);
  return language as MailLanguage;
}

export const MAX_URL_LENGTH = 2048;
export const MAX_EMAIL_LENGTH = 254;
// Deliberately plain: one @, no spaces or brackets, a dot in the domain. Mail servers judge the rest.
const EMAIL = /^[^\s@<>()[\]",;:\\]+@[^\s@<>()[\]",;:\\.]+(\.[^\s@<>()[\]",;:\\.]+)+$/;

export function checkEmail(email: string): string {
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) throw new AppError('INVALID_INPUT', `email "${email.slice(0, 80)}" is not an email address (name@domain.example, at most ${MAX_EMAIL_LENGTH} characters)`);
  return email;
}

/**
 * A webhook URL the server may call: http(s), not too long, no credentials, and (unless
 * allowPrivate) a host whose every address is a public one (webhook-target.ts). Checked when set,
 * and again at each delivery, which connects to the address it checked then.
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
  if (url.username || url.password) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.webhookCredentials');
  try {
    await resolveWebhook(url.toString(), allowPrivate);
  } catch (err) {
    throw new AppError('INVALID_INPUT', `webhookUrl: ${(err as Error).message} (webhooks go to public addresses only)`);
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
