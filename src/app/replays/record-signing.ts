/**
 * The server's signature on the records it exports (issue 35): Ed25519 (node:crypto) over the
 * canonical JSON of the record without its `signature` member. The key id is the key's JWK
 * thumbprint (RFC 7638), so a key names itself. The public keys are published as a JWK Set at
 * `/.well-known/citybuilder-record-keys.json` (docs/api.md, "Signed records"): the current key and
 * any retired keys still listed, so records signed before a rotation keep verifying.
 *
 * The private key comes from RECORD_SIGNING_KEY (PKCS#8 PEM), else from RECORD_SIGNING_KEY_FILE
 * (default: `record-signing-key.pem` beside DATA_DIR), generated there on first start when absent
 * (for development; a deployment mounts its own). Tests without either get a key of their own in memory.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { canonicalJson } from '../../engine/index.js';

export const RECORD_KEYS_PATH = '/.well-known/citybuilder-record-keys.json';
export const SIGNATURE_ALG = 'Ed25519';

/** A public key as published (RFC 8037 OKP JWK). */
export interface RecordJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface RecordSignature {
  alg: typeof SIGNATURE_ALG;
  keyId: string;
  /** base64url of the Ed25519 signature of canonicalJson(record without `signature`). */
  value: string;
}

export interface KeyConfig {
  /** PKCS#8 PEM of the current private key. */
  recordSigningKey?: string | undefined;
  /** Where the current private key is kept (read, or generated there when absent). */
  recordSigningKeyFile?: string | undefined;
  /** A JSON file of retired public keys still published: a JWK Set ({ keys: [...] }) or an array of JWKs. */
  recordRetiredKeysFile?: string | undefined;
}

/** The RFC 7638 thumbprint of an Ed25519 public key: its key id. */
export function thumbprint(x: string): string {
  return createHash('sha256')
    .update(canonicalJson({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
}

const isKeyObject = (k: object): k is KeyObject =>
  typeof (k as KeyObject).export === 'function' && typeof (k as KeyObject).type === 'string';

/** A public key (KeyObject, PEM text or JWK) as a published JWK with its key id. */
export function jwkOf(key: KeyObject | string | { kty?: unknown; crv?: unknown; x?: unknown }): RecordJwk {
  const pub =
    typeof key === 'string'
      ? createPublicKey(key)
      : isKeyObject(key)
        ? key.type === 'public'
          ? key
          : createPublicKey(key)
        : createPublicKey({ key: key as never, format: 'jwk' });
  if (pub.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 key (${pub.asymmetricKeyType})`);
  const { x } = pub.export({ format: 'jwk' }) as { x: string };
  return { kty: 'OKP', crv: 'Ed25519', x, kid: thumbprint(x), alg: 'EdDSA', use: 'sig' };
}

/** The bytes a signature covers: the record without its signature, canonical JSON. */
export function signedBytes(record: object): Buffer {
  const { signature: _omitted, ...rest } = record as { signature?: unknown };
  return Buffer.from(canonicalJson(rest), 'utf8');
}

/** The server's keys: the one that signs, and every public key it publishes. */
export class RecordKeys {
  readonly current: RecordJwk;
  constructor(
    private readonly privateKey: KeyObject,
    private readonly retired: RecordJwk[] = [],
  ) {
    this.current = jwkOf(createPublicKey(privateKey));
  }

  /** The JWK Set published at RECORD_KEYS_PATH: the current key first, then retired ones. */
  jwks(): { keys: RecordJwk[] } {
    return { keys: [this.current, ...this.retired.filter((k) => k.kid !== this.current.kid)] };
  }

  /** The record with its signature (replacing any it had). */
  sign<T extends object>(record: T): T & { signature: RecordSignature } {
    const { signature: _old, ...rest } = record as T & { signature?: unknown };
    const value = sign(null, signedBytes(rest), this.privateKey).toString('base64url');
    return { ...(rest as T), signature: { alg: SIGNATURE_ALG, keyId: this.current.kid, value } };
  }
}

/** Why a record's signature does not hold, or ok. */
export type SignatureCheck = { ok: true; keyId: string } | { ok: false; why: 'unsigned' | 'unknownKey' | 'mismatch'; keyId?: string };

/** Checks a record's signature against a set of published keys. */
export function checkSignature(record: object, keys: readonly RecordJwk[]): SignatureCheck {
  const s = (record as { signature?: Partial<RecordSignature> }).signature;
  if (!s || typeof s.value !== 'string' || typeof s.keyId !== 'string') return { ok: false, why: 'unsigned' };
  const key = keys.find((k) => k.kid === s.keyId);
  if (!key) return { ok: false, why: 'unknownKey', keyId: s.keyId };
  // A published key must name itself: a JWK whose kid is not its thumbprint is not the key it says.
  if (thumbprint(key.x) !== key.kid) return { ok: false, why: 'unknownKey', keyId: s.keyId };
  const pub = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' });
  const good = s.alg === SIGNATURE_ALG && verify(null, signedBytes(record), pub, Buffer.from(s.value, 'base64url'));
  return good ? { ok: true, keyId: s.keyId } : { ok: false, why: 'mismatch', keyId: s.keyId };
}

/** Public keys from a file's or an address's text: a JWK Set, one JWK, an array of JWKs, or a PEM public key. */
export function keysFromText(text: string): RecordJwk[] {
  const t = text.trim();
  if (t.startsWith('-----BEGIN')) return [jwkOf(t)];
  const data = JSON.parse(t) as unknown;
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { keys?: unknown }).keys)
      ? (data as { keys: unknown[] }).keys
      : [data];
  return list.map((k) => jwkOf(k as { kty: string; crv: string; x: string }));
}

/** The server's keys from its configuration (see the module comment). */
export async function loadRecordKeys(config: KeyConfig, opts: { ephemeral?: boolean } = {}): Promise<RecordKeys> {
  const retired = config.recordRetiredKeysFile ? keysFromText(await readFile(config.recordRetiredKeysFile, 'utf8')) : [];
  if (config.recordSigningKey) return new RecordKeys(privateEd25519(config.recordSigningKey), retired);
  if (opts.ephemeral && !config.recordSigningKeyFile) return new RecordKeys(generateKeyPairSync('ed25519').privateKey, retired);
  const file = config.recordSigningKeyFile ?? 'record-signing-key.pem';
  try {
    return new RecordKeys(privateEd25519(await readFile(file, 'utf8')), retired);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
  await mkdir(dirname(file), { recursive: true });
  try {
    // wx: two processes starting at once keep one key, the first one written.
    await writeFile(file, pem, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return new RecordKeys(privateEd25519(await readFile(file, 'utf8')), retired);
}

function privateEd25519(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`the record signing key must be an Ed25519 private key, not ${key.asymmetricKeyType}`);
  return key;
}
