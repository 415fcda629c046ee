// Coercion to well-formed Unicode (spec/03-bounding.md §3.1, TR-BOUND-1, TR-BOUND-2).
//
// JavaScript strings are UTF-16 code units: each unpaired surrogate becomes one U+FFFD and nothing
// else changes. Octets (a Uint8Array) are decoded as UTF-8 with one U+FFFD per maximal subpart, the
// WHATWG decoder's behaviour; `ignoreBOM` keeps a leading U+FEFF, which is text (TR-BOUND-2).

// lib es2023 does not declare the ES2024 well-formed string methods Node 20 has.
interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

const octetDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** True when `s` has no unpaired surrogate. */
export function isWellFormed(s: string): boolean {
  return (s as unknown as WellFormedString).isWellFormed();
}

/** `s` with each unpaired surrogate replaced by one U+FFFD; the same string when already well-formed. */
export function coerceString(s: string): string {
  const w = s as unknown as WellFormedString;
  return w.isWellFormed() ? s : w.toWellFormed();
}

/** Octets decoded as UTF-8, each maximal subpart of an ill-formed sequence replaced by one U+FFFD. */
export function coerceOctets(bytes: Uint8Array): string {
  return octetDecoder.decode(bytes);
}
