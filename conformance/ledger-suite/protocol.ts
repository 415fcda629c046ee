// The line protocol between the ledger suite and a worker process (any language): one JSON object
// per line each way. A worker opens its store from its command line, says {"event":"ready"}, then
// answers each request with the same `id`. Every execution of the suite tool appends one line,
// the call ID, to the execution log named on the command line (O_APPEND, one write per line).
//
// requests                                          answers
//   {id, op:"execute", callId, delayMs?, hang?}     {id, ok:true, entry, replayed} | {id, ok:false, code, message}
//                                                   (hang: {id, event:"running"} once the tool runs; it never returns)
//   {id, op:"batch", callIds, delayMs?}             {id, ok:true, results:[[callId, sha256(entry) | null, replayed, code?]]}
//   {id, op:"entries", callIds}                     {id, ok:true, entries:{callId: entry | null}}
//   {id, op:"exit"}                                 {id, ok:true}, then the worker closes its store and exits 0
export type Request =
  | { id: number; op: 'execute'; callId: string; delayMs?: number; hang?: boolean }
  | { id: number; op: 'batch'; callIds: string[]; delayMs?: number }
  | { id: number; op: 'entries'; callIds: string[] }
  | { id: number; op: 'exit' };

export type ExecuteReply = { ok: true; entry: string; replayed: boolean } | { ok: false; code: string; message: string };
export type BatchRow = [callId: string, digest: string | null, replayed: boolean, code?: string, message?: string];
