// JSON Pointers (RFC 6901) as the allowlist exposure policy reads them (spec/12-exposure.md §12.3).
// Strict RFC 6901 and nothing more: no wildcards, no relative pointers, so any RFC 6901 library
// resolves a pointer of a policy to the same member.
import { isWellFormed } from '../bound/coerce-utf8.ts';

/** The string form of RFC 6901: empty, or '/'-prefixed tokens where '~' is only '~0' or '~1'. */
const POINTER = /^(?:\/(?:[^/~]|~[01])*)*$/;

/** The reference tokens of a pointer, unescaped; undefined when it is not a JSON Pointer. */
export function parsePointer(pointer: string): string[] | undefined {
  if (!isWellFormed(pointer) || !POINTER.test(pointer)) return undefined;
  if (pointer === '') return [];
  // RFC 6901 §4: '~1' becomes '/' first, then '~0' becomes '~' (so '~01' is '~1', not '/').
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** An array index token: '0' or digits without a leading zero (RFC 6901 §4). '-' never matches. */
const INDEX = /^(?:0|[1-9][0-9]*)$/;

export type Resolution = { readonly found: true; readonly value: unknown } | { readonly found: false };

/**
 * The value the tokens select in a bounded JSON value. A member that is not there, an index that is
 * not a valid index or past the end, and any token applied to a scalar select nothing.
 */
export function resolvePointer(root: unknown, tokens: readonly string[]): Resolution {
  let at: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(at)) {
      if (!INDEX.test(token)) return { found: false };
      const i = Number(token);
      if (i >= at.length) return { found: false };
      at = at[i];
    } else if (at !== null && typeof at === 'object') {
      // Own members only: a bounded object may have a member named "__proto__" or "constructor".
      if (!Object.hasOwn(at, token)) return { found: false };
      at = (at as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: at };
}
