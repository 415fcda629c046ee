// The pinned entry a call gets when its claimant's lease expired before it finished
// (TR-REPLAY-23): the call is not run again, and every later call of its ID replays this failure.

/** The content of the interrupted-call error result. */
export const INTERRUPTED_TEXT = 'The tool call was interrupted before its result was stored and is not run again; whether its action took effect is unknown.';

/** The ledger entry of that error result: persist(bound(ToolResult.error(INTERRUPTED_TEXT))), byte for byte. */
export const INTERRUPTED_ENTRY = `{"result":{"artifacts":[],"content":${JSON.stringify(INTERRUPTED_TEXT)},"isError":true,"warnings":[]},"version":1}`;
