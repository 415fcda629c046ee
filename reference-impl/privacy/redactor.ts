// The redactor of the `redacted` audit level (spec/06-privacy.md §6.3). A redactor maps one string
// leaf to its redacted form. The default one masks secret shapes and then caps the leaf; its patterns
// are pinned in the spec in a regex subset every language's engine reads alike (no lookaround, ASCII
// classes only, no \s, \b or case-insensitive flag), and each one starts at a fixed text or at the
// start of a run, so that a backtracking engine stays linear on long leaves.

/** A pluggable redactor: one string in, its redacted form out. */
export type Redactor = (leaf: string) => string;

/** What a masked span becomes. */
export const MASK = '***';
/** The most UTF-8 octets a redacted leaf may have, the notice included. */
export const LEAF_CAP = 2000;
/** Appended to a leaf that was cut at LEAF_CAP. */
export const LEAF_CAP_NOTICE = '…[truncated]';

interface Rule {
  readonly pattern: RegExp;
  readonly replace: string;
}

// Order matters: credentials in URLs first (so the e-mail rule cannot take `user@host` out of a URL
// first), then bearer tokens, key prefixes, e-mail addresses.
export const DEFAULT_RULES: readonly Rule[] = [
  {
    pattern: /:\/\/[^\t\n\f\r \/?#@]+@/g,
    replace: `://${MASK}@`,
  },
  {
    pattern: /([Bb][Ee][Aa][Rr][Ee][Rr])[ \t]+[A-Za-z0-9._~+\/-]+=*/g,
    replace: `$1 ${MASK}`,
  },
  {
    pattern: /(^|[^A-Za-z0-9])(?:sk-|sk_|pk_|rk_|ghp_|gho_|ghs_|github_pat_|xoxb-|xoxp-|AKIA|AIza)[A-Za-z0-9_-]{8,}/g,
    replace: `$1${MASK}`,
  },
  {
    pattern: /(^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g,
    replace: `$1${MASK}`,
  },
];

/** Most passes of the rules over one leaf; a leaf still changing after them becomes the mask. */
export const MAX_PASSES = 8;

function onePass(leaf: string): string {
  let s = leaf;
  for (const rule of DEFAULT_RULES) s = s.replace(rule.pattern, rule.replace);
  return s;
}

/**
 * Masks every secret shape of the default rules: one pass applies each rule over the whole leaf, in
 * order; passes repeat until one changes nothing, because a mask can expose a new boundary (an
 * address cut at its top-level domain leaves `***-@…`). Fails closed after MAX_PASSES.
 */
export function maskSecrets(leaf: string): string {
  let s = leaf;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = onePass(s);
    if (next === s) return s;
    s = next;
  }
  return MASK;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** Cuts a well-formed leaf to at most LEAF_CAP octets on a code-point boundary, with the notice. */
export function capLeaf(leaf: string, cap = LEAF_CAP): string {
  // Quick exit: every UTF-16 code unit is at most 3 octets.
  if (leaf.length * 3 <= cap) return leaf;
  const bytes = encoder.encode(leaf);
  if (bytes.length <= cap) return leaf;
  const room = cap - encoder.encode(LEAF_CAP_NOTICE).length;
  let end = room;
  // Step back over continuation octets so the prefix ends on a code-point boundary.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return decoder.decode(bytes.subarray(0, end)) + LEAF_CAP_NOTICE;
}

/** The default redactor: mask the secret shapes, then cap the leaf. */
export const defaultRedactor: Redactor = (leaf) => capLeaf(maskSecrets(leaf));

/**
 * True when a string holds a secret shape that is not masked yet: masking it would change it. A
 * masked span (`://***@`) still matches its own rule, so "matches a rule" is not the test.
 */
export function hasSecretShape(s: string): boolean {
  return maskSecrets(s) !== s;
}
