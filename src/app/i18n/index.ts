import Negotiator from 'negotiator';
import { notationProblemFr } from '../notation.js';
import { FR, FR_WORDS } from './fr.js';

/** The languages of the rule messages: the rulebooks' (English and French). English is the default. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language an Accept-Language header asks for, among ours (`fr-CA` is French; none or `*` is English). */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  if (!acceptLanguage) return 'en';
  const best = new Negotiator({ headers: { 'accept-language': Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage } }).language([...LANGUAGES]);
  return best === 'fr' ? 'fr' : 'en';
}

/** Fills a French template with the values of the English message; `{$n}` also translates the value's words. */
function fill(template: string, m: RegExpExecArray): string {
  return template
    .replace(/\{\$(\d)\}/g, (_, i: string) => FR_WORDS[m[Number(i)] ?? ''] ?? m[Number(i)] ?? '')
    .replace(/\$(\d)/g, (_, i: string) => m[Number(i)] ?? '');
}

/**
 * A rejection's message in the caller's language. `code` is the API code; `violation`, when the
 * engine gave one, is the engine's own code, whose catalogue entry is used first. The codes never
 * change: only the words do. A message no pattern knows still gets its code's French sentence.
 * `extra`: the error's values (a notation error's French is made from them alone).
 */
export function localize(lang: Language, code: string, message: string, violation?: string, extra: Record<string, unknown> = {}): string {
  if (lang === 'en') return message;
  // A notation error's French is built from its values (the text, the forms, the legal moves).
  if (code === 'INVALID_INPUT' && violation === 'NOTATION') return notationProblemFr(extra);
  if (code === 'IMPORT_INVALID' && violation) {
    const m = /^move (\d+)(?: is illegal)?: (.*)$/.exec(message);
    if (m) return `Coup ${m[1]} : ${frenchOf(violation, m[2]!) ?? frenchOf(code, message)!}`;
  }
  return (violation ? frenchOf(violation, message) : undefined) ?? frenchOf(code, message) ?? message;
}

/** The French of one code's message: the first matching pattern, else the code's own sentence. */
export function frenchOf(code: string, message: string): string | undefined {
  const entry = FR[code];
  if (!entry) return undefined;
  for (const [pattern, french] of entry) {
    if (pattern === null) return french;
    const m = pattern.exec(message);
    if (m) return fill(french, m);
  }
  return undefined;
}
