// RFC 8785 (JCS) serialization of a JSON value: members sorted by the UTF-16 code units of their
// names, numbers in ECMAScript Number::toString form, no whitespace. The replay ledger writes its
// entries with it, so equal results give equal bytes in every language (spec/07-replay.md).
import { isWellFormed } from '../bound/coerce-utf8.ts';
import type { JsonValue } from '../tool-result.ts';

/** Compares two member names by UTF-16 code units, as RFC 8785 §3.2.3 sorts them. */
export function compareCodeUnits(a: string, b: string): number {
  // JavaScript's relational operators on strings compare code units: exactly the JCS order.
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The JCS text of a value. The value must be JSON data as the bounder outputs it: well-formed
 * strings, finite numbers, plain objects and arrays, no cycles (bounded values are at most 64 deep,
 * so recursion is safe here). Anything else is a programming error and throws a TypeError that
 * names the kind of node only, never its bytes.
 */
export function canonicalize(value: JsonValue): string {
  const out: string[] = [];
  write(value, out);
  return out.join('');
}

function write(v: unknown, out: string[]): void {
  if (v === null) {
    out.push('null');
    return;
  }
  switch (typeof v) {
    case 'boolean':
      out.push(v ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(v)) throw new TypeError('canonicalize: a number is not finite');
      // String(-0) is "0", as RFC 8785 requires.
      out.push(String(v));
      return;
    case 'string':
      if (hasLoneSurrogate(v)) throw new TypeError('canonicalize: a string is not well-formed');
      out.push(quote(v));
      return;
    case 'object': {
      if (Array.isArray(v)) {
        out.push('[');
        for (let i = 0; i < v.length; i++) {
          if (i > 0) out.push(',');
          write(v[i], out);
        }
        out.push(']');
        return;
      }
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj).sort(compareCodeUnits);
      out.push('{');
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        if (i > 0) out.push(',');
        if (hasLoneSurrogate(k)) throw new TypeError('canonicalize: a member name is not well-formed');
        out.push(quote(k), ':');
        write(obj[k], out);
      }
      out.push('}');
      return;
    }
    default:
      throw new TypeError(`canonicalize: a ${typeof v} is not JSON data`);
  }
}

// A string with nothing RFC 8785 escapes: no quotation mark, reverse solidus or control character.
const NOTHING_TO_ESCAPE = /^[^"\\\x00-\x1f]*$/;

/** The JSON string literal of a well-formed string, with exactly the RFC 8785 escapes. */
function quote(s: string): string {
  // JSON.stringify writes those escapes too, but costs several times a regular-expression test for
  // the short strings that are most of an entry; most strings need no escape at all.
  return NOTHING_TO_ESCAPE.test(s) ? `"${s}"` : JSON.stringify(s);
}

/** True when the string holds an unpaired surrogate (the bounder's own well-formedness test). */
export function hasLoneSurrogate(s: string): boolean {
  return !isWellFormed(s);
}
