// What a ledger keys an entry by (spec/07-replay.md §7.3): the call, not its ID alone. A call is
// (scope, call ID, fingerprint): the scope names the run or conversation the call belongs to (a
// thread, a session; '' when the caller gives none), the fingerprint the question it asked (the tool
// and its canonical arguments; '' when the caller names no tool). Two calls that share an ID and
// differ in either are two calls, each run and answered on its own.
import { createHash } from 'node:crypto';
import { types } from 'node:util';
import { canonicalize, hasLoneSurrogate } from '../canonical-json/index.ts';
import type { JsonValue } from '../tool-result.ts';

/** The longest call ID a store accepts, in UTF-8 octets (TR-REPLAY-21); a task ID has the same limit (TR-REPLAY-42). */
export const MAX_CALL_ID_OCTETS = 1024;

/** Where a call's entry lives beside its call ID: its scope and fingerprint (each '' when absent). */
export interface CallAt {
  /** The run or conversation the call belongs to (default '': the default scope). */
  readonly scope?: string;
  /** callFingerprint() of the call's tool and arguments (default '': a call that names no tool). */
  readonly fingerprint?: string;
}

/** The longest scope a store accepts, in UTF-8 octets: a call ID's limit (TR-REPLAY-21). */
export const MAX_SCOPE_OCTETS = 1024;

/** Throws a TypeError unless `scope` is a scope a store can keep unchanged ('' allowed); never quotes it. */
export function checkScope(scope: unknown): asserts scope is string {
  if (typeof scope !== 'string') throw new TypeError('a scope must be a string');
  if (hasLoneSurrogate(scope)) throw new TypeError('a scope must be well-formed Unicode (it holds a lone surrogate)');
  if (scope.includes('\u0000')) throw new TypeError('a scope must not contain U+0000');
  if (Buffer.byteLength(scope, 'utf8') > MAX_SCOPE_OCTETS) throw new TypeError(`a scope must be at most ${MAX_SCOPE_OCTETS} UTF-8 octets`);
}

const FINGERPRINT = /^(?:[0-9a-f]{64})?$/;

/** Throws a TypeError unless `fingerprint` is '' or what callFingerprint() returns (64 lowercase hex digits). */
export function checkFingerprint(fingerprint: unknown): asserts fingerprint is string {
  if (typeof fingerprint !== 'string' || !FINGERPRINT.test(fingerprint)) {
    throw new TypeError("a fingerprint must be '' or 64 lowercase hexadecimal digits (what callFingerprint returns)");
  }
}

/** The scope and fingerprint of `at`, checked, each '' when absent. */
export function callAt(at: CallAt | undefined): { readonly scope: string; readonly fingerprint: string } {
  if (at === undefined) return { scope: '', fingerprint: '' };
  if (at === null || typeof at !== 'object') throw new TypeError('the call key must be an object with scope and fingerprint');
  const scope = at.scope ?? '';
  const fingerprint = at.fingerprint ?? '';
  checkScope(scope);
  checkFingerprint(fingerprint);
  return { scope, fingerprint };
}

// Deeper arguments than this are refused: a model's arguments are a few levels deep, and the walk
// below recurses once per level.
const MAX_ARGUMENT_DEPTH = 512;

/**
 * Throws a TypeError unless `v` is JSON data made of plain values only: null, booleans, finite
 * numbers, well-formed strings, arrays, objects whose prototype is Object.prototype or null, no
 * accessor and no proxy (reading those would run the caller's code), no cycle. Never quotes a value.
 */
function checkPlainJson(v: unknown, depth: number, seen: Set<object>): void {
  if (v === null || typeof v === 'boolean') return;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new TypeError('the arguments hold a number that is not finite');
    return;
  }
  if (typeof v === 'string') {
    if (hasLoneSurrogate(v)) throw new TypeError('the arguments hold a string that is not well-formed Unicode');
    return;
  }
  if (typeof v !== 'object') throw new TypeError(`the arguments hold a ${typeof v}, which is not JSON data`);
  if (types.isProxy(v)) throw new TypeError('the arguments hold a proxy, which is not plain JSON data');
  if (depth > MAX_ARGUMENT_DEPTH) throw new TypeError(`the arguments are nested deeper than ${MAX_ARGUMENT_DEPTH} levels`);
  if (seen.has(v)) throw new TypeError('the arguments hold a cycle');
  seen.add(v);
  const isArray = Array.isArray(v);
  const proto = Object.getPrototypeOf(v);
  if (isArray ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) {
    throw new TypeError('the arguments hold an object that is not a plain object or array');
  }
  for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(v))) {
    if (isArray && k === 'length') continue;
    if (!('value' in d)) throw new TypeError('the arguments hold an accessor property, which is not plain JSON data');
    if (!d.enumerable) continue;
    if (hasLoneSurrogate(k)) throw new TypeError('the arguments hold a member name that is not well-formed Unicode');
    checkPlainJson(d.value, depth + 1, seen);
  }
  if (isArray) for (let i = 0; i < (v as unknown[]).length; i++) if (!Object.hasOwn(v, i)) throw new TypeError('the arguments hold an array with a hole');
  seen.delete(v);
}

/** Throws a TypeError unless `tool` names a tool: a non-empty, well-formed string. Never quotes it. */
export function checkToolName(tool: unknown): asserts tool is string {
  if (typeof tool !== 'string' || tool.length === 0) throw new TypeError('a tool name must be a non-empty string');
  if (hasLoneSurrogate(tool)) throw new TypeError('a tool name must be well-formed Unicode (it holds a lone surrogate)');
}

/**
 * The fingerprint of a call (spec/07-replay.md §7.3): the lowercase hex SHA-256 of the UTF-8 octets
 * of the canonical JSON (RFC 8785) of `{"arguments": args, "tool": tool}`. `args` is the call's
 * arguments object (`{}` for a tool that takes none); anything but a plain JSON object is refused
 * with a TypeError that names what is wrong, never a value.
 */
export function callFingerprint(tool: string, args: Readonly<Record<string, unknown>> = {}): string {
  checkToolName(tool);
  if (args === null || typeof args !== 'object' || Array.isArray(args)) throw new TypeError('the arguments of a call must be a JSON object');
  checkPlainJson(args, 0, new Set());
  const text = canonicalize({ arguments: args, tool } as unknown as JsonValue);
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
