import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A seat token: shown once at creation, stored only as its SHA-256. 192 random bits. */
export function newSeatToken(): string {
  return `cbs_${randomBytes(24).toString('base64url')}`;
}

/** A player token: one for all of a person's seats, shown once, stored only as its SHA-256. 192 random bits. */
export function newPlayerToken(): string {
  return `cbp_${randomBytes(24).toString('base64url')}`;
}

/** An invitation code: 128 random bits, stored only as its SHA-256. */
export function newInviteCode(): string {
  return `inv_${randomBytes(16).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of a presented token with the configured one. */
export function sameToken(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
