// The measure of a string (spec/03-bounding.md §3.4): 2 quotes, plus its UTF-8 octets, with the
// JSON escapes RFC 8785 writes (`\"`, `\\`, `\b \t \n \f \r`, `\u00XX` for the other controls).

// Printable ASCII other than `"` and `\`: each such code unit is exactly one octet, unescaped.
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * L of a well-formed string. Callers coerce first: an unpaired surrogate here would count 3.
 * It repeats wellFormedStringLength's loop on purpose: routing keys through that function (and its
 * −1 protocol) cost about 15% of bench (b), which has a 1.5× budget against JSON.stringify.
 */
export function jsonStringLength(s: string): number {
  if (PLAIN_ASCII.test(s)) return s.length + 2;
  let n = 2;
  const len = s.length;
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (c >= 0x20) n += c === 0x22 || c === 0x5c ? 2 : 1;
      else n += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    } else if (c < 0x800) {
      n += 2;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
      // A pair (the string is well-formed): one code point of 4 octets.
      n += 4;
      i++;
    } else {
      n += 3;
    }
  }
  return n;
}

/**
 * L of `s` when it is well-formed, or −1 when it has an unpaired surrogate (the caller coerces and
 * measures again). One pass, for the walker's hot path.
 */
export function wellFormedStringLength(s: string): number {
  const len = s.length;
  // Printable ASCII other than `"` and `\` first, in a loop that only compares: table cells and
  // labels are mostly that, and this loop costs about half the general one per code unit.
  let i = 0;
  for (; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) break;
  }
  if (i === len) return len + 2;
  let n = 2 + i;
  for (; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (c >= 0x20) n += c === 0x22 || c === 0x5c ? 2 : 1;
      else n += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    } else if (c < 0x800) {
      n += 2;
    } else if (c < 0xd800 || c > 0xdfff) {
      n += 3;
    } else if (c <= 0xdbff && i + 1 < len && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else {
      return -1;
    }
  }
  return n;
}
