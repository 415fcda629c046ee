// The one error the ledger raises. Its code is stable and its message fixed: never a byte of the
// entry, which holds run-only data (TR-LOG-2).
export type LedgerErrorCode = 'ledger.malformed' | 'ledger.unknown_version' | 'ledger.not_bounded';

export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  constructor(code: LedgerErrorCode, message: string) {
    super(message);
    this.name = 'LedgerError';
    this.code = code;
  }
}
