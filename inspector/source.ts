// What the inspector reads from a durable ledger (spec/07-replay.md §7.7): the calls as rows, one
// call's entry and audit records. Read only, by construction: SQLite is opened with the driver's
// read-only flag (no journal, no layout row, no WAL checkpoint is ever written), PostgreSQL runs
// every statement in a READ ONLY transaction. Every language writes the same tables, so a ledger
// written from Python, PHP or Go opens here the same way.

/** A call's state as a person reads it (§7.7's row states). */
export type CallState = 'finished' | 'interrupted' | 'pending';
export const CALL_STATES: readonly CallState[] = ['finished', 'interrupted', 'pending'];

export interface CallRow {
  readonly callId: string;
  /** The call's scope (§7.3); '' for the default scope, and for every call of a layout-1 ledger. */
  readonly scope: string;
  /** The call's fingerprint; '' for a call that named no tool. With scope and call ID, the call's key. */
  readonly fingerprint: string;
  readonly state: CallState;
  /** ms since the Unix epoch. */
  readonly claimedAt: number;
  readonly finishedAt: number | null;
  /** The warning codes of the stored result; empty for a pending call or an entry that is not readable. */
  readonly warnings: readonly string[];
  /** The privacy levels of the call's audit records, in the order they were written. */
  readonly auditLevels: readonly string[];
}

export interface CallQuery {
  /** A substring of the call ID. */
  readonly callId?: string;
  readonly state?: CallState;
  /** A warning code the stored result carries. */
  readonly warning?: string;
  readonly offset: number;
  readonly limit: number;
}

export interface CallPage {
  /** How many calls match the query (all pages). */
  readonly total: number;
  readonly calls: readonly CallRow[];
}

export interface CallRecord {
  readonly row: CallRow;
  /** The entry's text (canonical JSON), or null for a pending call. Never sent to a page without --full. */
  readonly entry: string | null;
  /** The audit records' texts with the level each was stored at. */
  readonly audits: readonly { readonly level: string; readonly record: string }[];
}

/** A marker that changes whenever a call is claimed or finished (the live mode polls it). */
export interface LedgerMark {
  readonly calls: number;
  readonly lastChange: number;
}

export interface LedgerSource {
  /** What was opened, for the page header (a path, or a connection string without its password). */
  readonly label: string;
  page(query: CallQuery): Promise<CallPage>;
  /** One call by its key (scope and fingerprint '' when absent). */
  call(callId: string, at?: CallKey): Promise<CallRecord | undefined>;
  mark(): Promise<LedgerMark>;
  close(): Promise<void>;
}

/** The rest of a call's key beside its call ID (§7.3). */
export interface CallKey {
  readonly scope?: string;
  readonly fingerprint?: string;
}

/**
 * The columns the inspector needs, by table: layout 1's (spec §7.7), which layout 2 has too. A
 * ledger whose tables also have scope and fingerprint is read by the whole key; one of layout 1 (not
 * yet opened by a store of layout 2, which migrates it) is read with both '' (the inspector writes nothing).
 */
export function keyedLayout(columns: (table: string) => ReadonlySet<string>): boolean {
  return ['toolresult_ledger', 'toolresult_audit'].every((t) => columns(t).has('scope') && columns(t).has('fingerprint'));
}

/** The problem a ledger that cannot be read has, in one line (a missing file, not a ledger, …). */
export class SourceError extends Error {}

export const MAX_PAGE = 200;

/** The call states of §7.7 from a row's columns. */
export function stateOf(state: string, interrupted: boolean): CallState {
  if (state === 'claimed') return 'pending';
  return interrupted ? 'interrupted' : 'finished';
}
