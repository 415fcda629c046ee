// The error a durable ledger store raises when it cannot do what was asked (TR-REPLAY-30..32). Its
// message names the store and the cause in words (locked, disk full, unreachable, …), never a byte of
// an entry or an audit record.

export type LedgerStoreErrorCode =
  /** The store could not read or write (locked past its timeout, disk full, connection lost, I/O). */
  | 'ledger.store_failed'
  /** The store holds tables of a layout this implementation does not know. */
  | 'ledger.store_layout'
  /** This claim's lease expired and another caller recorded the call as interrupted (TR-REPLAY-24). */
  | 'ledger.lease_lost';

export class LedgerStoreError extends Error {
  readonly code: LedgerStoreErrorCode;
  /** The driver's own code (SQLite's `SQLITE_BUSY`, PostgreSQL's SQLSTATE), when there is one. */
  readonly driverCode: string | undefined;
  constructor(code: LedgerStoreErrorCode, message: string, driverCode?: string) {
    super(message);
    this.name = 'LedgerStoreError';
    this.code = code;
    this.driverCode = driverCode;
  }
}
