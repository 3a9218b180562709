import Negotiator from 'negotiator';
import type { Catalogue } from '../../engine/index.js';
import { sentenceOf, type AppError } from '../errors.js';
import { en } from './en.js';
import { fr } from './fr.js';

/** The languages of the rule messages: the rulebooks' (English and French). English is the default. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The app's own catalogues by language (the games' are in their folders, the kernel's in src/engine/messages.ts). */
export const APP_MESSAGES: Record<Language, Catalogue> = { en, fr };

/** The language an Accept-Language header asks for, among ours (`fr-CA` is French; none or `*` is English). */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  if (!acceptLanguage) return 'en';
  const best = new Negotiator({
    headers: { 'accept-language': Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage },
  }).language([...LANGUAGES]);
  return best === 'fr' ? 'fr' : 'en';
}

/**
 * An error's message in the caller's language, from its message id and values (`err.said`: the
 * game's catalogue, the kernel's, the app's), never from its English words. An error made without
 * an id gets its code's own sentence (English keeps the error's own message). The codes never
 * change: only the words do.
 */
export function localize(lang: Language, err: Pick<AppError, 'code' | 'message' | 'said'>): string {
  if (lang === 'en') return err.message;
  return (err.said ? sentenceOf(lang, APP_MESSAGES[lang], err.said) : undefined) ?? APP_MESSAGES[lang][err.code] ?? err.message;
}
