// The replay ledger (spec/07-replay.md).
export { persist, restore, LEDGER_VERSION } from './entry.ts';
export { LedgerError } from './ledger-error.ts';
export type { LedgerErrorCode } from './ledger-error.ts';
export { InMemoryLedger } from './memory-ledger.ts';
export type { ReplayLedger, Claim } from './memory-ledger.ts';
