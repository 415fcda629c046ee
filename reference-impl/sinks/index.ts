// Sink builders other than the provider wire (spec/05-sinks.md); the wire is in ../egress/, the
// audit record in ../privacy/, the ledger entry in ../ledger/.
export { liveEvent } from './live-event.ts';
export type { LiveEvent } from './live-event.ts';
export { suspendState } from './suspend-state.ts';
export type { SuspendState } from './suspend-state.ts';
export { assertBounded } from './bounded-only.ts';
export { keylessPointer } from './log-location.ts';
