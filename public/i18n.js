// The page's words: catalogues keyed by message id (public/i18n/<lang>.json), ICU-style messages
// with {param} placeholders, {n, plural, one {...} other {...}} and {x, select, a {...} other {...}}.
// The language: ?lang=, else the one chosen before (kept in the browser), else the browser's.

export const LANGS = ['en', 'fr'];

function pickLang() {
  const q = new URLSearchParams(location.search).get('lang');
  if (q && LANGS.includes(q)) {
    try {
      localStorage.setItem('cb.lang', q);
    } catch {
      /* private mode */
    }
    return q;
  }
  let saved = null;
  try {
    saved = localStorage.getItem('cb.lang');
  } catch {
    /* private mode */
  }
  if (saved && LANGS.includes(saved)) return saved;
  for (const l of navigator.languages ?? [navigator.language]) {
    const primary = String(l).toLowerCase().split('-')[0];
    if (LANGS.includes(primary)) return primary;
  }
  return 'en';
}

export const lang = pickLang();
document.documentElement.lang = lang;
const catalogue = await (await fetch(`/assets/i18n/${lang}.json`)).json();
const fallback = lang === 'en' ? catalogue : await (await fetch('/assets/i18n/en.json')).json();

/** The text between the braces that open at `i` (nesting counted); returns [inner, index after]. */
function group(s, i) {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    if (s[j] === '{') depth++;
    else if (s[j] === '}' && --depth === 0) return [s.slice(i + 1, j), j + 1];
  }
  return [s.slice(i + 1), s.length];
}

const plural = new Intl.PluralRules(lang);

/** Formats one ICU-style message with its parameters. */
export function format(msg, params = {}) {
  let out = '';
  for (let i = 0; i < msg.length; ) {
    if (msg[i] !== '{') {
      out += msg[i++];
      continue;
    }
    const [inner, next] = group(msg, i);
    i = next;
    const m = /^\s*(\w+)\s*(?:,\s*(plural|select)\s*,([\s\S]*))?$/.exec(inner);
    if (!m) {
      out += `{${inner}}`;
      continue;
    }
    const value = params[m[1]];
    if (!m[2]) {
      out += value === undefined || value === null ? '' : String(value);
      continue;
    }
    // The branches: key {text} key {text} ...
    const branches = {};
    const body = m[3];
    for (let k = 0; k < body.length; ) {
      const key = /^\s*(=?\w+)\s*/.exec(body.slice(k));
      if (!key) break;
      k += key[0].length;
      if (body[k] !== '{') break;
      const [text, after] = group(body, k);
      branches[key[1]] = text;
      k = after;
    }
    let chosen;
    if (m[2] === 'plural') chosen = branches[`=${value}`] ?? branches[plural.select(Number(value))] ?? branches.other ?? '';
    else chosen = branches[String(value)] ?? branches.other ?? '';
    out += format(chosen.replace(/#/g, String(value)), params);
  }
  return out;
}

/** The message `id` in the page's language (English when missing), formatted with `params`. */
export function t(id, params) {
  const msg = catalogue[id] ?? fallback[id];
  if (msg === undefined) return id;
  return format(msg, params);
}

/**
 * Puts the words into the static page: data-i18n="id" sets the text, data-i18n-attr="attr:id;..."
 * sets attributes (aria-label, placeholder, title).
 */
export function translate(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, id] = pair.split(':');
      if (attr && id) el.setAttribute(attr.trim(), t(id.trim()));
    }
  }
}

/** Links to the same page in each language (the current one marked). */
export function languageLinks(box) {
  box.replaceChildren(
    ...LANGS.map((l) => {
      const url = new URL(location.href);
      url.searchParams.set('lang', l);
      const a = document.createElement('a');
      a.href = url.pathname + url.search + url.hash;
      a.textContent = l.toUpperCase();
      a.lang = l;
      a.setAttribute('aria-label', t(`lang.${l}`));
      if (l === lang) a.setAttribute('aria-current', 'true');
      return a;
    }),
  );
}
