// The page's only way to the server: the public REST API (the same one any client uses), asked
// in the page's language, <html lang> (error details and move words come back in it).
export async function api(path, { token, method = 'GET', body, accept = 'application/json' } = {}) {
  const headers = { Accept: accept, 'Accept-Language': document.documentElement.lang || 'en' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status === 204) return null;
  const type = res.headers.get('content-type') || '';
  const data = type.includes('json') ? await res.json() : await res.text();
  if (!res.ok) throw problemError(res.status, data);
  return data;
}

/** An API refusal as an Error: "CODE: the rule in words" (the problem document's code and detail). */
export function problemError(status, data) {
  const err = new Error(typeof data === 'object' && data ? `${data.code || status}: ${data.detail || data.title}` : `HTTP ${status}`);
  err.status = status;
  err.code = typeof data === 'object' && data ? data.code : undefined;
  err.problem = data;
  return err;
}

/** Creates an element: h('li', { class: 'x' }, 'text', child). */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}

/** The game types (names, seat counts, options), read once per page. */
let types;
export const gameTypes = () => (types ??= api('/game-types'));
