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
  /** The rule's name in the table of spec/06-privacy.md §6.3. */
  readonly name: string;
  readonly pattern: RegExp;
  readonly replace: string;
}

/** A word in any ASCII casing: each letter becomes the class of its two cases (`key` → `[Kk][Ee][Yy]`). */
export const anyCase = (word: string): string => word.replace(/[a-z]/g, (c) => `[${c.toUpperCase()}${c}]`);

/**
 * A query or fragment parameter is credential-named when its name is one of these words, in any
 * casing, optionally after one of the prefixes and one separator `_`, `.` or `-` (`access_token`,
 * `apiKey`, `X-Amz-Signature`). A list, not "any name ending in key": a pattern that may end a name
 * anywhere backtracks over the whole name, which PCRE refuses past a million characters, and the list
 * keeps `pageToken` and `sort_key` (cursors, not credentials) unmasked.
 */
export const PARAMETER_PREFIXES = [
  'access',
  'refresh',
  'id',
  'api',
  'auth',
  'client',
  'secret',
  'private',
  'session',
  'app',
  'subscription',
  'x-amz',
  'x-amz-security',
  'x-goog',
];
export const PARAMETER_WORDS = ['token', 'key', 'secret', 'password', 'passwd', 'pwd', 'signature', 'sig', 'credential', 'auth'];

// Order matters (spec/06-privacy.md §6.3) for three pairs: credentials in a URL before e-mail
// addresses (else `pw@host` goes and the user name stays), the Authorization header before bearer
// tokens (it keeps the header's whitespace), and bearer tokens before JWTs, key prefixes, AWS key IDs
// and e-mail addresses (it writes `Bearer ***` with one space, whatever whitespace followed). Each pattern starts
// at a fixed text or at the start of a run and has no repeated group, so a backtracking engine reads
// every character a bounded number of times (TR-PRIV-17).
export const DEFAULT_RULES: readonly Rule[] = [
  {
    name: 'url-credentials',
    pattern: /:\/\/[^\t\n\f\r /?#@]+@/g,
    replace: `://${MASK}@`,
  },
  {
    name: 'credential-parameter',
    pattern: new RegExp(
      `([?&#;](?:(?:${PARAMETER_PREFIXES.map(anyCase).join('|')})[_.-]?)?(?:${PARAMETER_WORDS.map(anyCase).join('|')})=)[^\\t\\n\\f\\r "#&'<>]+`,
      'g',
    ),
    replace: `$1${MASK}`,
  },
  {
    name: 'authorization-header',
    pattern: /([Aa][Uu][Tt][Hh][Oo][Rr][Ii][Zz][Aa][Tt][Ii][Oo][Nn]["']?[ \t]*[:=][ \t]*["']?[A-Za-z]+[ \t]+)[A-Za-z0-9._~+/-]+=*/g,
    replace: `$1${MASK}`,
  },
  {
    name: 'bearer-token',
    pattern: /([Bb][Ee][Aa][Rr][Ee][Rr])[ \t]+[A-Za-z0-9._~+/-]+=*/g,
    replace: `$1 ${MASK}`,
  },
  {
    name: 'jwt',
    pattern: /(^|[^A-Za-z0-9_-])eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
    replace: `$1${MASK}`,
  },
  {
    name: 'key-prefix',
    pattern:
      /(^|[^A-Za-z0-9])(?:sk-|sk_|pk_|rk_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|xoxa-|xoxb-|xoxe-|xoxo-|xoxp-|xoxr-|xoxs-|xapp-|AKIA|AIza)[A-Za-z0-9_-]{8,}/g,
    replace: `$1${MASK}`,
  },
  {
    name: 'aws-key-id',
    pattern: /(^|[^A-Za-z0-9])(?:A3T[A-Z0-9]|ASIA|ABIA|ACCA)[A-Z2-7]{16}/g,
    replace: `$1${MASK}`,
  },
  {
    name: 'email-address',
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
