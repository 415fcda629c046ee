// Numbers as JSON data (spec/03-bounding.md §3.3, §3.4).
//
// RFC 8785 writes a number with ECMAScript Number::toString, which in JavaScript is String(n), so
// its length is the length of that string (ASCII only). Elsewhere an implementation needs a port of
// that algorithm: Python's repr and PHP's json_encode differ for 1e21, 1e-7, -0 and 1.0.

/** The largest magnitude a JSON number may have to count as data: 2^53 − 1. */
export const MAX_JSON_INTEGER = Number.MAX_SAFE_INTEGER;

/** A number that is a JSON data node: finite, |n| ≤ 2^53 − 1 (TR-BOUND-6). */
export function isJsonNumber(n: number): boolean {
  return !Number.isNaN(n) && n <= MAX_JSON_INTEGER && n >= -MAX_JSON_INTEGER;
}

/** Octets of the RFC 8785 form of a JSON number (−0 is written "0"). */
export function jsonNumberLength(n: number): number {
  // Small integers are the common case; skip the string allocation for them.
  if (n >= 0 && n < 1e9 && (n | 0) === n) {
    if (n < 10) return 1;
    if (n < 100) return 2;
    if (n < 1000) return 3;
    if (n < 10000) return 4;
    if (n < 100000) return 5;
    if (n < 1000000) return 6;
    if (n < 10000000) return 7;
    if (n < 100000000) return 8;
    return 9;
  }
  return String(n).length;
}
