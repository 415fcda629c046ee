// The error a durable ledger store raises when it cannot do what was asked (TR-REPLAY-30..33, -37).
// Its message names the store, the cause in words (locked, disk full, unreachable, …) and the
// driver's own code, never a byte of an entry or an audit record. A program tells the cases apart by
// `code`; each code is documented once, in LEDGER_STORE_ERROR_CODES (and spec/07-replay.md §7.8).

/** Every code a LedgerStoreError can carry, with what it means. */
export const LEDGER_STORE_ERROR_CODES = {
  'ledger.store_failed':
    'the store could not read or write (locked past its timeout, disk full, connection lost, I/O error, a file or folder that cannot be opened)',
  'ledger.store_layout': "the store's tables have a layout version this implementation does not know",
  'ledger.store_no_layout': 'the ledger meta table exists but holds no layout row: the tables were not made by a ledger store, or were damaged',
  'ledger.store_conflict': "a table with one of the ledger's names exists with other columns (another application's table, or a damaged ledger)",
  'ledger.store_foreign': "the database holds tables and none of the ledger's: it is another application's database, and opening it would change it",
  'ledger.store_empty_file':
    'the ledger file is empty (0 bytes) and the caller did not ask to create a ledger: a ledger that held entries may have been truncated',
  'ledger.store_missing': 'the ledger does not exist and the caller asked to open an existing one only (create: false)',
  'ledger.lease_lost': "this claim's lease expired and another caller recorded the call as interrupted (TR-REPLAY-24) or took it over (TR-REPLAY-43)",
} as const;

export type LedgerStoreErrorCode = keyof typeof LEDGER_STORE_ERROR_CODES;

export class LedgerStoreError extends Error {
  readonly code: LedgerStoreErrorCode;
  /** The driver's own code (SQLite's `SQLITE_BUSY`, PostgreSQL's SQLSTATE, Node's `ECONNRESET`), when there is one. */
  readonly driverCode: string | undefined;
  constructor(code: LedgerStoreErrorCode, message: string, driverCode?: string) {
    super(message);
    this.name = 'LedgerStoreError';
    this.code = code;
    this.driverCode = driverCode;
  }
}
