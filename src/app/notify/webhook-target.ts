import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';
import type { Msg } from '../../engine/index.js';
import { sentenceOf } from '../errors.js';
import { en } from '../i18n/en.js';

/** A name's addresses, as dns.lookup({ all: true }) gives them (tests pass their own resolver). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

/** A webhook URL and the one address it will be connected to, checked. */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The addresses of this machine's own interfaces, normalised (read at each check: they may change). */
function ownAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => normalise(i.address.replace(/%.*$/, ''))));
}

const normalise = (address: string): string => {
  const p = ipaddr.parse(address);
  return p.kind() === 'ipv6' ? (p as ipaddr.IPv6).toNormalizedString() : p.toString();
};

/**
 * Why a webhook may not be sent to this address, or null when it may: only globally routable
 * unicast addresses (ipaddr.js's `unicast` range, IPv4 or IPv6) that are not one of this
 * machine's own. Every other range is refused: loopback, private, carrier-grade NAT, link-local,
 * unique-local, multicast, broadcast, unspecified, reserved and documentation ranges, and every
 * IPv6 form that embeds an IPv4 address (IPv4-mapped, IPv4-translated, NAT64, 6to4, Teredo, and
 * the deprecated IPv4-compatible ::/96, which ipaddr.js counts as unicast), whatever the IPv4
 * address inside: a receiver on the public Internet has a plain address of its own.
 */
export function refusalOf(address: string, own: string[] = ownAddresses()): string | null {
  const why = whyRefused(address, own);
  return why ? (sentenceOf('en', en, why) ?? why.key) : null;
}

/** refusalOf's reason as a message by id (src/app/i18n), for the caller's language. */
export function whyRefused(address: string, own: string[] = ownAddresses()): Msg | null {
  if (!ipaddr.isValid(address)) return { key: 'WEBHOOK.notIp', params: { address } };
  const p = ipaddr.parse(address);
  const range = p.range();
  if (p.kind() === 'ipv6') {
    const v6 = p as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return { key: 'WEBHOOK.ipv4Mapped', params: { address, ipv4: v6.toIPv4Address().toString() } };
    if (range === 'unicast' && v6.parts.slice(0, 6).every((x) => x === 0)) return { key: 'WEBHOOK.ipv4Compatible', params: { address } };
  }
  if (range !== 'unicast') return { key: 'WEBHOOK.range', params: { address, range } };
  if (own.includes(normalise(address))) return { key: 'WEBHOOK.own', params: { address } };
  return null;
}

/** A webhook URL refused: its English words as the message, its id and values in `said`. */
export class WebhookRefused extends Error {
  constructor(readonly said: Msg) {
    super(sentenceOf('en', en, said) ?? said.key);
  }
}

/**
 * Parses a webhook URL and resolves its host once, refusing it (with a sentence naming the
 * address and its range) unless every address the name resolves to may be called; the first
 * address is the one the delivery connects to (postWebhook), so no second lookup can change it.
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1, tests) skips the address check, not the resolution.
 */
export async function resolveWebhook(raw: string, allowPrivate: boolean, resolve: Resolve = systemResolve): Promise<WebhookTarget> {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let found: { address: string; family: number }[];
  if (isIP(host)) found = [{ address: host, family: isIP(host) }];
  else {
    try {
      found = await resolve(host);
    } catch {
      found = [];
    }
    if (found.length === 0) throw new WebhookRefused({ key: 'WEBHOOK.noResolve', params: { host } });
  }
  if (!allowPrivate) {
    for (const a of found) {
      const why = whyRefused(a.address);
      if (why) throw new WebhookRefused({ key: 'WEBHOOK.notAllowed', params: { host, why } });
    }
  }
  const first = found[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * POSTs a webhook to the checked address only: the connection's lookup answers with it (TLS still
 * checks the certificate against the URL's host name), no agent pools the socket, and a redirect is
 * an answer like any other (its status is returned, its Location never followed). Resolves with the
 * status once the answer's headers arrive; the body is discarded.
 */
export function postWebhook(t: WebhookTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: t.address, family: t.family }]);
    else cb(null, t.address, t.family);
  };
  const client = t.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      t.url,
      {
        method: 'POST',
        agent: false,
        lookup,
        signal: AbortSignal.timeout(timeoutMs),
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
