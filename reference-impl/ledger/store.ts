// What a durable ledger store offers beyond the seam's claim (spec/07-replay.md §7.5–7.7), and the
// pieces every backend shares: the call-ID check, the audit-record row, the lease renewal.
import { canonicalize, hasLoneSurrogate } from '../canonical-json/index.ts';
import { PRIVACY_LEVELS } from '../privacy/levels.ts';
import type { AuditRecord } from '../privacy/audit-record.ts';
import type { JsonValue } from '../tool-result.ts';
import type { CallAt } from './call-key.ts';
import type { Claim, ReplayLedger } from './claim.ts';
import { UnreadableEntry, type StoredEntry } from './unreadable-entry.ts';

/** The layout of the tables (toolresult_ledger, toolresult_audit, toolresult_meta); see spec §7.7. */
export const LAYOUT_VERSION = 2;

/** The columns of each table of that layout, in every backend and every language's store (§7.7). */
export const LEDGER_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  toolresult_meta: ['key', 'value'],
  toolresult_ledger: ['scope', 'call_id', 'fingerprint', 'state', 'token', 'lease_until', 'entry', 'interrupted', 'claimed_at', 'finished_at'],
  toolresult_audit: ['seq', 'scope', 'call_id', 'fingerprint', 'level', 'record', 'written_at'],
};

/**
 * The columns of layout 1, keyed by the call ID alone: a ledger that has them and layout '1' is
 * recognised and migrated to layout 2 when a store opens it, never reported as a conflict (§7.7).
 */
export const LEDGER_COLUMNS_LAYOUT_1: Readonly<Record<string, readonly string[]>> = {
  toolresult_meta: ['key', 'value'],
  toolresult_ledger: ['call_id', 'state', 'token', 'lease_until', 'entry', 'interrupted', 'claimed_at', 'finished_at'],
  toolresult_audit: ['seq', 'call_id', 'level', 'record', 'written_at'],
};

/** The column sets a store knows, by the layout row's value. */
export const LEDGER_COLUMNS_BY_LAYOUT: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  '1': LEDGER_COLUMNS_LAYOUT_1,
  [String(LAYOUT_VERSION)]: LEDGER_COLUMNS,
};

/** Whether a table has exactly these columns, in any order (the open-time check is by set). */
export function sameColumns(have: readonly string[] | undefined, want: readonly string[]): boolean {
  return have !== undefined && have.length === want.length && want.every((c) => have.includes(c));
}
export const DEFAULT_LEASE_MS = 30_000;
import { MAX_CALL_ID_OCTETS } from './call-key.ts';
export { MAX_CALL_ID_OCTETS };

/** Options every durable store takes: the lease of a claim. */
export interface LedgerStoreOptions {
  /**
   * How long a claim holds its call ID without a renewal, in ms (default 30,000). The store renews
   * it every third of that while the claimant's process lives (TR-REPLAY-22).
   */
  readonly leaseMs?: number;
}

/**
 * A replay ledger that keeps its entries across restarts and processes. Every method takes the call
 * as its call ID and `at` (its scope and fingerprint, each '' when absent): a row belongs to the
 * call (scope, call ID, fingerprint), never to another call that shares its ID.
 */
export interface LedgerStore extends ReplayLedger {
  claim(callId: string, at?: CallAt): Promise<Claim>;
  /** The stored entry of a call, byte for byte as finished; undefined while claimed or unknown. */
  entry(callId: string, at?: CallAt): Promise<StoredEntry | undefined>;
  /** Appends the audit record of a call (TR-REPLAY-34); several per call are kept in order. */
  appendAudit(callId: string, record: AuditRecord, at?: CallAt): Promise<void>;
  /** The audit records of a call as stored (canonical JSON), oldest first. */
  auditRecords(callId: string, at?: CallAt): Promise<string[]>;
  /** Deletes stored entries finished more than `olderThanMs` ago; never a live claim (TR-REPLAY-29). */
  prune(olderThanMs: number): Promise<number>;
  close(): Promise<void>;
}

/** Throws a TypeError unless `callId` is a call ID a store can keep unchanged (TR-REPLAY-21). */
export function checkCallId(callId: unknown): asserts callId is string {
  if (typeof callId !== 'string' || callId.length === 0) throw new TypeError('a call ID must be a non-empty string');
  if (hasLoneSurrogate(callId)) throw new TypeError('a call ID must be well-formed Unicode (it holds a lone surrogate)');
  if (callId.includes('\u0000')) throw new TypeError('a call ID must not contain U+0000');
  if (Buffer.byteLength(callId, 'utf8') > MAX_CALL_ID_OCTETS) throw new TypeError(`a call ID must be at most ${MAX_CALL_ID_OCTETS} UTF-8 octets`);
}

export function checkLeaseMs(leaseMs: unknown): number {
  if (leaseMs === undefined) return DEFAULT_LEASE_MS;
  if (typeof leaseMs !== 'number' || !Number.isInteger(leaseMs) || leaseMs < 50 || leaseMs > 86_400_000) {
    throw new RangeError('leaseMs must be an integer from 50 to 86,400,000');
  }
  return leaseMs;
}

const LEVEL_MEMBERS: Record<string, readonly string[]> = {
  none: ['level', 'version'],
  metadata: ['level', 'summary', 'version'],
  redacted: ['level', 'result', 'summary', 'version'],
  full: ['level', 'result', 'summary', 'version'],
};

/**
 * The text stored for an audit record: its canonical JSON. Refuses a record with members its level
 * does not allow, so run-only data never lands in a metadata-level row (TR-REPLAY-34).
 */
export function auditText(record: AuditRecord): string {
  const r = record as unknown as Record<string, unknown>;
  if (r === null || typeof r !== 'object' || r.version !== 1 || !(PRIVACY_LEVELS as readonly unknown[]).includes(r.level)) {
    throw new TypeError('an audit record must be what auditRecord() returns (version 1 and a privacy level)');
  }
  const allowed = LEVEL_MEMBERS[r.level as string]!;
  const members = Object.keys(r).sort();
  if (members.length !== allowed.length || members.some((m, i) => m !== allowed[i])) {
    throw new TypeError(`an audit record at level ${String(r.level)} has exactly the members ${allowed.join(', ')}`);
  }
  return canonicalize(r as JsonValue);
}

/** The UTF-8 octets of an entry, as stored. */
export function entryBytes(entry: string): Uint8Array {
  return Buffer.from(entry, 'utf8');
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export { UnreadableEntry, type StoredEntry } from './unreadable-entry.ts';

/** An entry read back from a store: its text, or why there is none (a stored row without octets reads `null`). */
export function entryText(bytes: Uint8Array | null): StoredEntry {
  if (bytes === null) return new UnreadableEntry('no entry');
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return new UnreadableEntry('not UTF-8');
  }
}

const lossyUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** An audit record read back for a listing: its text, an ill-formed octet shown as U+FFFD (§3.1). */
export function recordText(bytes: Uint8Array): string {
  return lossyUtf8.decode(bytes);
}

/**
 * Renews a claim's lease every third of its length until stopped. A renewal that finds the claim
 * gone stops the timer; one that fails is retried at the next tick (the lease may then run out).
 * `stop` resolves once no renewal is in flight: a finish that waits for it never queues behind its
 * own renewal's row lock (a slow commit under load would otherwise time the finish out).
 */
export function renewEvery(leaseMs: number, renew: () => Promise<boolean> | boolean): () => Promise<void> {
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  let busy = false;
  const timer = setInterval(
    () => {
      if (stopped || busy) return;
      busy = true;
      inFlight = Promise.resolve()
        .then(renew)
        .then((held) => {
          if (!held) void stop();
        })
        .catch(() => {})
        .finally(() => (busy = false));
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  const stop = (): Promise<void> => {
    stopped = true;
    clearInterval(timer);
    return inFlight;
  };
  return stop;
}

/**
 * Whether a claim's lease has run out (spec §7.7, the row states): a lease that is not a number
 * (NULL, text, a blob, NaN, an operator's "release") has run out like one in the past, so the claim
 * becomes the interrupted entry instead of a state no caller can leave.
 */
export function leaseRanOut(leaseUntil: unknown, now: number): boolean {
  // An infinite lease (SQLite REAL 9e999) is decades away like any far one: pending, as the store's
  // own statements read it; only a lease that is not a number at all has run out without a time.
  return typeof leaseUntil !== 'number' || Number.isNaN(leaseUntil) || leaseUntil <= now;
}

/**
 * How many times a claim re-reads a row that changed under it before it answers *pending* and lets
 * the caller sleep: no state a row can be put in makes a claim loop without a pause (TR-REPLAY-36).
 */
export const CLAIM_TRIES = 3;

/** Sleeps without keeping a busy loop: the delay doubles from 2 ms up to `maxMs`. */
export function backoff(maxMs: number): () => Promise<void> {
  let delay = 2;
  return () =>
    new Promise((resolve) => {
      setTimeout(resolve, delay);
      delay = Math.min(maxMs, delay * 2);
    });
}
