// The decoded size of base64 data without decoding it: the bytes are never copied (TR-NORM-10).
// Follows the WHATWG "forgiving-base64 decode" (what atob does, and so what the MCP TypeScript SDK
// accepts): ASCII whitespace is ignored, one or two "=" may end a length divisible by 4, a
// remainder of 1 is invalid. One pass over the string with a lookup table: a 64 MiB image costs
// tens of milliseconds, not a copy.

const OTHER = 0;
const SYMBOL = 1;
const SPACE = 2;
const PAD = 3;

const CLASS = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') CLASS[c.charCodeAt(0)] = SYMBOL;
for (const c of [0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = SPACE;
CLASS[0x3d] = PAD;

// The common case, canonical base64 without whitespace, is checked by one linear regular expression
// (V8 runs it several times faster than a character loop); anything else takes the full rule.
const PLAIN = /^[A-Za-z0-9+/]*(={0,2})$/;

/** The number of octets `data` decodes to, or undefined when it is not forgiving-base64. */
export function base64DecodedSize(data: string): number | undefined {
  const plain = PLAIN.exec(data);
  if (plain !== null) {
    const padding = plain[1]!.length;
    const symbols = data.length - padding;
    if ((padding > 0 && data.length % 4 !== 0) || symbols % 4 === 1) return undefined;
    return Math.floor((symbols * 3) / 4);
  }
  let symbols = 0; // alphabet characters
  let padding = 0; // "=" seen; nothing but whitespace and "=" may follow the first one
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    const k = c < 128 ? CLASS[c] : OTHER;
    if (k === SYMBOL) {
      if (padding > 0) return undefined;
      symbols++;
    } else if (k === PAD) {
      if (++padding > 2) return undefined;
    } else if (k !== SPACE) {
      return undefined;
    }
  }
  if (padding > 0 && (symbols + padding) % 4 !== 0) return undefined;
  if (symbols % 4 === 1) return undefined;
  return Math.floor((symbols * 3) / 4);
}
