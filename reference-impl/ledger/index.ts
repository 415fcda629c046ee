// The replay ledger (spec/07-replay.md). The durable stores live in their own modules
// (ledger/sqlite.ts, ledger/postgres.ts) so that importing the package never loads a database driver.
export { persist, restore, LEDGER_VERSION } from './entry.ts';
export { LedgerError } from './ledger-error.ts';
export type { LedgerErrorCode } from './ledger-error.ts';
export { LedgerStoreError, LEDGER_STORE_ERROR_CODES } from './store-error.ts';
export type { LedgerStoreErrorCode } from './store-error.ts';
export { INTERRUPTED_TEXT, INTERRUPTED_ENTRY } from './interrupted.ts';
export { InMemoryLedger } from './memory-ledger.ts';
export { UnreadableEntry } from './unreadable-entry.ts';
export type { StoredEntry } from './unreadable-entry.ts';
export type { ReplayLedger, Claim, CallAt } from './claim.ts';
export { callFingerprint } from './call-key.ts';
export type { LedgerStore, LedgerStoreOptions } from './store.ts';
export { checkTaskId } from './task-entry.ts';
export type { RecordedTask } from './task-entry.ts';
