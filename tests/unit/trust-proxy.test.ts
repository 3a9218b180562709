import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { trustNearestProxy } from '../../src/http/trust-proxy.js';

describe('TRUST_PROXY: the one proxy in front whose X-Forwarded-For is believed', () => {
  it("is off unless set: the peer's own address counts", () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(trustNearestProxy([])).toBe(false);
  });

  it('trusts only the nearest hop, and only from a listed address or range (IPv4, IPv6, IPv4-mapped)', () => {
    const trust = trustNearestProxy(loadConfig({ TRUST_PROXY: '172.16.0.0/12, 10.1.2.3,fd00::/8' }).trustProxy);
    expect(trust).not.toBe(false);
    const t = trust as (a: string, hop: number) => boolean;
    expect(t('172.18.0.5', 0)).toBe(true);
    expect(t('::ffff:172.18.0.5', 0)).toBe(true);
    expect(t('10.1.2.3', 0)).toBe(true);
    expect(t('fd00::7', 0)).toBe(true);
    expect(t('10.1.2.4', 0)).toBe(false);
    expect(t('203.0.113.1', 0)).toBe(false);
    // The address the proxy added is the client, even when it lies in a trusted range.
    expect(t('172.18.0.9', 1)).toBe(false);
  });

  it('refuses a value that is not a list of addresses or CIDRs, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY .* got "1"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.local' })).toThrow(/got "proxy.local"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/got "10.0.0.0\/33"/);
  });
});
