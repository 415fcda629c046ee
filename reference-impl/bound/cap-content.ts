// The content cap (spec/03-bounding.md §3.2, TR-BOUND-3, TR-BOUND-16).
//
// Only the prefix that can be kept is coerced and encoded: a 64 MiB string costs about what a 64 KiB
// one does. Every UTF-16 code unit is 1 to 3 octets (a surrogate pair 4 for 2 units), which bounds
// how much of the input has to be looked at.
import { coerceString } from './coerce-utf8.ts';

/** The pinned truncation notice for budget B. */
export function truncationNotice(budget: number): string {
  return `\n…[tool result truncated at ${budget} bytes]`;
}

export interface CappedContent {
  readonly text: string;
  readonly truncated: boolean;
}

const encoder = new TextEncoder();

/** The largest scratch buffer kept between cuts; a larger cut gets its own, freed with it. */
export const SCRATCH_KEEP = 1 << 20;
let scratch = new Uint8Array(0);

function scratchOf(size: number): Uint8Array {
  // A cut at a 256 MiB budget must not leave 256 MiB allocated for good (issue 10, item 8).
  if (size > SCRATCH_KEEP) return new Uint8Array(size);
  if (scratch.length < size) scratch = new Uint8Array(size);
  return size === scratch.length ? scratch : scratch.subarray(0, size);
}

/** Octets the content cap holds between calls (for tests). */
export function retainedScratchOctets(): number {
  return scratch.length;
}

/** The longest code-point-aligned prefix of well-formed `s` of at most `max` octets. */
export function prefixWithin(s: string, max: number): string {
  // encodeInto writes whole code points only, so `read` ends on a code-point boundary.
  const { read } = encoder.encodeInto(s, scratchOf(max));
  return s.slice(0, read);
}

/** Coerces `s` and caps it at `budget` octets, with the notice when it is cut. */
export function capContent(s: string, budget: number): CappedContent {
  if (s.length * 3 <= budget) return { text: coerceString(s), truncated: false };
  if (s.length <= budget) {
    const whole = coerceString(s);
    if (Buffer.byteLength(whole, 'utf8') <= budget) return { text: whole, truncated: false };
  }
  const notice = truncationNotice(budget);
  const keep = budget - Buffer.byteLength(notice, 'utf8');
  // keep + 1 units: the unit after the kept ones is included so that a surrogate pair straddling
  // the edge stays a pair and is measured as 4 octets, not coerced into a 3-octet U+FFFD. The extra
  // unit itself is never written: reaching it would take keep octets for the keep units before it.
  const head = coerceString(s.slice(0, keep + 1));
  return { text: prefixWithin(head, keep) + notice, truncated: true };
}
