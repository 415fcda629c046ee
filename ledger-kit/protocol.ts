// The line protocol between the ledger suite and a worker process (any language). Its one source is
// two schemas, schemas/conformance/ledger-worker-request.schema.json (what the suite writes) and
// ledger-worker-message.schema.json (what a worker writes); these are the types `npm run generate`
// makes of them (generated/conformance.ts), with the batch rows' tuples spelled out (the generator
// types a tuple's items as unknown; a digest is 64 lowercase hex digits) and checked against them.
//
// requests                                          answers
//   {id, op:"execute", callId, delayMs?, hang?,     {id, ok:true, entry, replayed} | {id, ok:false, code, message}
//    scope?, tool?, arguments?}                     (hang: {id, event:"running"} once the tool runs; it never returns)
//   {id, op:"batch", callIds, delayMs?}             {id, ok:true, results:[[callId, sha256(entry) | null, replayed, code?, message?]]}
//   {id, op:"entries", callIds,                     {id, ok:true, entries:{callId: entry | null}}
//    scope?, tool?, arguments?}
//   {id, op:"claim", callId}                        {id, ok:true, status, task?:{taskId}, entry?} (the store's claim, once;
//                                                    claimed leaves the claim open in the worker until a finish)
//   {id, op:"recordTask", callId, taskId}           {id, ok:true} | {id, ok:false, code, message}
//   {id, op:"finish", callId, entry}                {id, ok:true} | {id, ok:false, code, message}
//   {id, op:"exit"}                                 {id, ok:true}, then the worker closes its store and exits 0
//
// scope, tool and arguments go to the seam as they are (the call's key: spec/07-replay.md §7.3). The
// execution log's line is the call ID when a request has neither scope nor tool, else
// `${callId}\t${scope ?? ''}\t${fingerprint}` (fingerprint '' without a tool).
import type { BatchRow as GeneratedBatchRow, CallId, ErrorCode, ExecuteAnswer, ExecuteFailure, LedgerWorkerRequest } from '../generated/conformance.ts';

export type {
  BatchAnswer,
  ClaimReply,
  EntriesAnswer,
  ExecuteAnswer,
  ExecuteFailure,
  FatalEvent,
  LedgerWorkerMessage,
  ReadyEvent,
  RunningEvent,
} from '../generated/conformance.ts';

export type Request = LedgerWorkerRequest;

/** A claim's answer without its id. */
export type ClaimOutcome = Omit<import('../generated/conformance.ts').ClaimReply, 'id'> | Omit<ExecuteFailure, 'id'>;

/** A recordTask's or a finish's answer without its id. */
export type DoneReply = { ok: true } | Omit<ExecuteFailure, 'id'>;

/** An execute's answer without its id. */
export type ExecuteReply = Omit<ExecuteAnswer, 'id'> | Omit<ExecuteFailure, 'id'>;

export type BatchRow = [callId: CallId, digest: string, replayed: boolean] | [callId: CallId, digest: null, replayed: false, code: ErrorCode, message: string];

// The spelled-out rows are the schema's rows: a change of either fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rowsMatch: Same<BatchRow extends GeneratedBatchRow ? true : false, true> = true;
void rowsMatch;
