// The one error the ledger raises. Its code is stable and its message fixed: never a byte of the
// entry, which holds run-only data (TR-LOG-2).
/** The codes of `LedgerError`. */
export type LedgerErrorCode = 'ledger.malformed' | 'ledger.unknown_version' | 'ledger.not_bounded';

/** The error `persist` and `restore` raise: a stable `code` and a fixed message that never holds a byte of the entry (TR-LOG-2). */
export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  constructor(code: LedgerErrorCode, message: string) {
    super(message);
    this.name = 'LedgerError';
    this.code = code;
  }
}
