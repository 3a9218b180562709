import { BlockList, isIPv6 } from 'node:net';

const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * Fastify's trustProxy for one proxy in front (TRUST_PROXY): only the nearest hop is trusted, and
 * only when it is one of the given addresses or CIDRs. The client's address is then the last entry
 * of X-Forwarded-For, the one that proxy added; whatever a client wrote before it is never read.
 * (Fastify refuses a bare hop count, which cannot check who the nearest peer is.)
 */
export function trustNearestProxy(cidrs: string[]): false | ((address: string, hop: number) => boolean) {
  if (cidrs.length === 0) return false;
  const trusted = new BlockList();
  for (const entry of cidrs) {
    const [addr, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (bits === undefined) trusted.addAddress(addr, type);
    else trusted.addSubnet(addr, Number(bits), type);
  }
  return (address, hop) => {
    if (hop !== 0) return false;
    const v4 = MAPPED.exec(address)?.[1];
    return v4 ? trusted.check(v4, 'ipv4') : trusted.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  };
}
