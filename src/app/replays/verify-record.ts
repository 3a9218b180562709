/**
 * A signed record checked offline (`citybuilder verify`, issue 35): the record is replayed with the
 * engine version it names, and every entry's events, state hash and chain hash are computed again
 * (record-chain.ts) and compared with what the record carries; then its signature is checked
 * against the trusted public keys (record-signing.ts). The first entry that does not match is named
 * by its version; nothing but the record and the keys is read.
 */
import { applyMove, canonicalHash, canonicalJson, catalogueOf, checkMoveShape, restoredEvent } from '../../engine/index.js';
import type { GameEvent, Json, Move } from '../../engine/index.js';
import type { GameRegistry } from '../../games/registry.js';
import { AppError, saidOf } from '../errors.js';
import { replayJsonRecord, type AnyRecord } from '../text-record.js';
import { chainLink } from './record-chain.js';
import { checkSignature, type RecordJwk, type SignatureCheck } from './record-signing.js';

/** A record as exported, chain members included (all optional here: their absence is a finding). */
export type VerifiableRecord = Omit<AnyRecord, 'moves'> & {
  setupHash?: string;
  moves: (AnyRecord['moves'][number] & { stateHash?: string; chain?: string; events?: Json[] })[];
  signature?: { alg: string; keyId: string; value: string };
};

export interface Verdict {
  /** Every entry replayed and matched, and the signature good (or not asked for: `signature` undefined). */
  ok: boolean;
  /** Entries replayed and matched before the first fault (all of them when none). */
  matched: number;
  /** The first entry that does not match, as an error by id naming its version. */
  fault?: AppError;
  /** The signature against the trusted keys; undefined when no keys were given. */
  signature?: SignatureCheck;
}

const fault = (key: string, params: Record<string, string | number> = {}, version?: number) =>
  AppError.of('IMPORT_INVALID', `IMPORT_INVALID.verify.${key}`, params, version !== undefined ? { version } : {});

/** Replays and checks a record; `keys`: the trusted public keys (none: the signature is not checked). */
export function verifyRecord(registry: GameRegistry, record: VerifiableRecord, keys?: readonly RecordJwk[]): Verdict {
  const signature = keys ? checkSignature(record, keys) : undefined;
  let matched = 0;
  let found: AppError | undefined;
  try {
    matched = replayChain(registry, record);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    found = e;
    matched =
      typeof (e.extra as { version?: unknown }).version === 'number'
        ? (e.extra as { version: number }).version - 1
        : typeof (e.extra as { index?: unknown }).index === 'number'
          ? (e.extra as { index: number }).index
          : 0;
  }
  return {
    ok: found === undefined && (signature === undefined || signature.ok),
    matched,
    ...(found ? { fault: found } : {}),
    ...(signature ? { signature } : {}),
  };
}

/** The number of entries replayed, each matching its events, state hash and chain; throws the first that does not. */
function replayChain(registry: GameRegistry, record: VerifiableRecord): number {
  // The record's header (format, game, engine version, seed, options) checked as any replay checks it.
  const { game, state: setup } = replayJsonRecord(registry, { ...record, moves: [] });
  if (record.setupHash === undefined) throw fault('unchained', { version: 0 }, 0);
  if (canonicalHash(setup) !== record.setupHash) throw fault('setup', {}, 0);
  const after: unknown[] = [setup];
  let state = setup;
  let chain = record.setupHash;
  for (const [i, m] of record.moves.entries()) {
    const version = i + 1;
    if (m.version !== undefined && m.version !== version) throw fault('order', { n: version, version: m.version }, version);
    let events: GameEvent[];
    if (m.origin === 'resign') events = [];
    else if (m.origin === 'takeback') {
      const undo = (m.move as { undo?: unknown } | null)?.undo;
      if (typeof undo !== 'number' || !Number.isInteger(undo) || undo < 1 || undo >= version)
        throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.takebackShape', { n: version }, { version });
      state = after[undo - 1];
      events = [restoredEvent(undo, state)];
    } else {
      if (m.move === null) throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.hidden', { n: version }, { version });
      const shape = checkMoveShape(game, m.move);
      if (shape) throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.moveShape', { n: version, problem: saidOf(shape) }, { version });
      const r = applyMove(game, state, m.move as unknown as Move, m.seat);
      if (!r.ok)
        throw AppError.of(
          'IMPORT_INVALID',
          'IMPORT_INVALID.illegal',
          { n: version, problem: saidOf(r.error) },
          { version, violation: r.error.code, rule: r.error.rule },
          catalogueOf(r.error),
        );
      state = r.value.state;
      events = r.value.events;
    }
    after.push(state);
    if (m.events !== undefined && canonicalJson(m.events) !== canonicalJson(events)) throw fault('events', { version }, version);
    if (m.stateHash === undefined || m.chain === undefined) throw fault('unchained', { version }, version);
    const stateHash = canonicalHash(state);
    if (stateHash !== m.stateHash) throw fault('state', { version }, version);
    chain = chainLink(
      chain,
      { version, seat: m.seat, ...(m.origin ? { origin: m.origin } : {}), move: m.move as Json, events, ...(m.bot ? { bot: m.bot } : {}) },
      stateHash,
    );
    if (chain !== m.chain) throw fault('chain', { version }, version);
  }
  return record.moves.length;
}
