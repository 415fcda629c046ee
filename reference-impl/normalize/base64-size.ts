// The decoded size of base64 data without decoding it: the bytes are never copied (TR-NORM-10).
// Follows the WHATWG "forgiving-base64 decode" (what atob does, and so what the MCP TypeScript SDK
// accepts): ASCII whitespace is ignored, one or two "=" may end a length divisible by 4, a
// remainder of 1 is invalid.

const WHITESPACE = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);

function isAlphabet(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f;
}

/** The number of octets `data` decodes to, or undefined when it is not forgiving-base64. */
export function base64DecodedSize(data: string): number | undefined {
  let symbols = 0; // alphabet characters
  let padding = 0; // "=" seen; nothing but whitespace and "=" may follow the first one
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (WHITESPACE.has(c)) continue;
    if (c === 0x3d) {
      padding++;
      if (padding > 2) return undefined;
      continue;
    }
    if (padding > 0 || !isAlphabet(c)) return undefined;
    symbols++;
  }
  if (padding > 0 && (symbols + padding) % 4 !== 0) return undefined;
  if (symbols % 4 === 1) return undefined;
  return Math.floor((symbols * 3) / 4);
}
