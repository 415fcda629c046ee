// Every text a normalizer writes into `content` by itself (spec/10-normalization.md). Pinned: they
// are bytes on the wire and in the ledger, so every implementation writes exactly these. None holds
// a byte taken from the input except a block type name that passed `echoableType`.

/** Joins model-facing text pieces (TR-NORM-14). */
export const TEXT_SEPARATOR = '\n';

/** Content when the tool gave no text and its structured data could not be kept (TR-NORM-20). */
export const STRUCTURED_OMITTED = '[structured result omitted]';

/** Content of the error result for structured data that failed its schema under `enforce` (TR-NORM-31). */
export const SCHEMA_MISMATCH_ERROR = '[tool output did not match its output schema]';

/** Content of the error result for input that is not a result of its source (TR-NORM-40, TR-NORM-52). */
export const MALFORMED_MCP = '[malformed MCP tool result]';
export const MALFORMED_LANGCHAIN = '[malformed LangChain tool message]';

/** Content of the error result for a local return value of no supported kind (TR-NORM-63). */
export const LOCAL_UNSUPPORTED = '[tool returned a value that is not a supported tool result]';

/** A type name is echoed only if it is this short and plain: it comes from the server (TR-NORM-41). */
const ECHOABLE = /^[a-z][a-z0-9_-]{0,31}$/;

export function echoableType(type: unknown): string | undefined {
  return typeof type === 'string' && ECHOABLE.test(type) ? type : undefined;
}

/** Stands in for a model-facing block whose bytes stay run-only (TR-NORM-12). */
export function omittedBlock(kind: string): string {
  return `[${kind} block omitted]`;
}

/** A block of a type the normalizer does not know (TR-NORM-41). */
export function unsupportedBlock(type: unknown): string {
  const t = echoableType(type);
  return t === undefined ? '[unsupported block]' : `[unsupported ${t} block]`;
}

/** A block of a known type whose members are missing or of the wrong kind (TR-NORM-42). */
export function invalidBlock(kind: string): string {
  return `[invalid ${kind} block]`;
}
