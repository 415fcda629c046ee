// The replay-ledger entry (spec/07-replay.md): persist writes a bounded result as canonical JSON
// (RFC 8785), restore reads it back and checks it as strictly as bound() would make it.
import { bound } from '../bound/index.ts';
import { MAX_DEPTH } from '../bound/index.ts';
import type { BoundOptions } from '../bound/index.ts';
import { canonicalize, JsonSyntaxError, parseStrict } from '../canonical-json/index.ts';
import { assertBounded } from '../sinks/bounded-only.ts';
import { type BoundedToolResult, sealedRecord, ToolResult, type JsonValue, type WarningCode } from '../tool-result.ts';
import { LedgerError } from './ledger-error.ts';
import { UnreadableEntry } from './unreadable-entry.ts';

export const LEDGER_VERSION = 1;

// The entry object, the result object, then structured at most MAX_DEPTH deep.
const ENTRY_MAX_DEPTH = MAX_DEPTH + 2;
const RESULT_KEYS = new Set(['content', 'isError', 'structured', 'artifacts', 'warnings']);

/** The versioned ledger entry of a bounded result, as canonical JSON text (TR-REPLAY-1, TR-REPLAY-2). */
export function persist(result: BoundedToolResult): string {
  const sealed = assertBounded(result, 'persist');
  return canonicalize({ version: LEDGER_VERSION, result: sealedRecord(sealed) } as unknown as JsonValue);
}

/** An object of parsed JSON text (parseStrict builds only plain objects and arrays, so no prototype test is needed). */
function isJsonObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const malformed = (what: string): LedgerError => new LedgerError('ledger.malformed', `ledger entry is malformed: ${what}`);

/**
 * Restores a ledger entry. Returns the bounded result the entry holds, or throws a LedgerError:
 * `ledger.malformed` (not an entry at all), `ledger.unknown_version`, or `ledger.not_bounded` (the
 * result is not exactly what bound() returns for it with these budgets). Never a partial result.
 */
export function restore(entry: string | UnreadableEntry, options?: BoundOptions): BoundedToolResult {
  if (entry instanceof UnreadableEntry) throw malformed(`unreadable in its store (${entry.why})`);
  if (typeof entry !== 'string') throw malformed('not a string');
  let parsed: unknown;
  try {
    parsed = parseStrict(entry, { maxDepth: ENTRY_MAX_DEPTH });
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw malformed('not a JSON text without duplicate member names');
    throw e;
  }
  // A legacy entry: the JSON string of a text-only result, from before entries were versioned.
  if (typeof parsed === 'string') return bound(ToolResult.text(parsed), options);
  if (!isJsonObject(parsed)) throw malformed('neither an object nor a string');
  const version = parsed.version;
  if (typeof version === 'number' && Number.isInteger(version) && version >= 1 && version !== LEDGER_VERSION) {
    throw new LedgerError('ledger.unknown_version', 'ledger entry has a version this implementation does not know');
  }
  if (version !== LEDGER_VERSION) throw malformed('no valid version');
  const keys = Object.keys(parsed);
  if (keys.length !== 2 || !Object.hasOwn(parsed, 'result')) throw malformed('members other than version and result');
  const raw = readResult(parsed.result);
  const restored = bound(raw.result, options);
  // The fixed-point check: an entry is a bounded result exactly when bounding it changes nothing.
  if (!sameRecord(restored, raw.record)) {
    throw new LedgerError('ledger.not_bounded', 'ledger entry holds a result that is not bounded under these budgets');
  }
  return restored;
}

interface ReadResult {
  readonly result: ToolResult;
  readonly record: Record<string, unknown>;
}

function readResult(r: unknown): ReadResult {
  if (!isJsonObject(r)) throw malformed('result is not an object');
  for (const k of Object.keys(r)) if (!RESULT_KEYS.has(k)) throw malformed('result has an unknown member');
  const { content, isError, artifacts, warnings } = r;
  if (typeof content !== 'string') throw malformed('content is not a string');
  if (typeof isError !== 'boolean') throw malformed('isError is not a boolean');
  if (!Array.isArray(artifacts)) throw malformed('artifacts is not an array');
  if (!Array.isArray(warnings)) throw malformed('warnings is not an array');
  const codes: string[] = [];
  for (const w of warnings) {
    if (!isJsonObject(w) || Object.keys(w).length !== 1 || typeof w.code !== 'string') throw malformed('a warning is not {code}');
    codes.push(w.code);
  }
  const hasStructured = Object.hasOwn(r, 'structured');
  // Artifacts on an error result go to the error constructor as an untyped caller would pass them,
  // so the bounder flags them and the fixed-point check refuses the entry.
  const opts = { ...(hasStructured ? { structured: r.structured } : {}), artifacts, warnings: codes as WarningCode[] };
  const result = isError ? ToolResult.error(content, opts) : ToolResult.text(content, opts);
  return { result, record: r };
}

function sameRecord(b: BoundedToolResult, record: Record<string, unknown>): boolean {
  try {
    return canonicalize(b.toRecord() as unknown as JsonValue) === canonicalize(record as JsonValue);
  } catch {
    // canonicalize refuses ill-formed strings and non-finite numbers: not a bounded result.
    return false;
  }
}
