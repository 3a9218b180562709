import { randomBytes } from 'node:crypto';
import { AppError } from '../errors.js';
import { resolveWebhook, WebhookRefused } from './webhook-target.js';
import { NOTICE_KINDS, type NoticeKind } from '../../store/types.js';
import { isEmail, MAIL_LANGUAGES, MAX_EMAIL_LENGTH, MAX_URL_LENGTH, type MailLanguage } from '../shapes.js';

/** What a seat (or player) asks for: where its notifications go and which kinds it wants. */
export interface NotificationSettingsInput {
  email?: string | null;
  webhookUrl?: string | null;
  events?: NoticeKind[];
  /** The language of the mails (en, fr). */
  language?: MailLanguage;
}

export { type MailLanguage } from '../shapes.js';

export function checkLanguage(language: unknown): MailLanguage {
  if (!MAIL_LANGUAGES.includes(language as MailLanguage))
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.mailLanguage', {
      given: String(language).slice(0, 20),
      languages: MAIL_LANGUAGES.join(', '),
    });
  return language as MailLanguage;
}

// The one e-mail rule (src/app/shapes.ts): deliberately plain; mail servers judge the rest.
export function checkEmail(email: string): string {
  if (!isEmail(email)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.email', { given: email.slice(0, 80), max: MAX_EMAIL_LENGTH });
  return email;
}

/**
 * A webhook URL the server may call: http(s), not too long, no credentials, and (unless
 * allowPrivate) a host whose every address is a public one (webhook-target.ts). Checked when set,
 * and again at each delivery, which connects to the address it checked then.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  if (raw.length > MAX_URL_LENGTH) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.webhookLong', { max: MAX_URL_LENGTH });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.webhookNotUrl', { given: raw.slice(0, 80) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.webhookProtocol', { protocol: url.protocol.slice(0, -1) });
  if (url.username || url.password) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.webhookCredentials');
  try {
    await resolveWebhook(url.toString(), allowPrivate);
  } catch (err) {
    if (err instanceof WebhookRefused) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.webhookTarget', { problem: err.said });
    throw err;
  }
  return url.toString();
}

export function checkEvents(events: unknown[] | undefined): NoticeKind[] {
  if (events === undefined) return [...NOTICE_KINDS];
  for (const e of events)
    if (!NOTICE_KINDS.includes(e as NoticeKind))
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.noticeKind', { given: String(e), kinds: NOTICE_KINDS.join(', ') });
  return [...new Set(events as NoticeKind[])];
}

/** A Standard Webhooks signing secret: whsec_ and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
export const newUnsubscribeToken = () => randomBytes(18).toString('base64url');
