// The default redactor's secret shapes (spec/06-privacy.md §6.3, TR-PRIV-16): every shape of the
// table and its variants — each casing of the bearer scheme word, spaces and tabs, every API-key
// prefix, credentials with and without a password, addresses with subdomains, every credential-named
// parameter in any casing, Authorization headers of any scheme, JWTs, the other AWS key prefixes —
// and near misses that must stay unmasked (a key one character short, a one-letter top-level domain,
// a parameter name that only ends in a credential word, a JWT of two segments, an AWS key with a
// digit outside base32), placed in content, a leaf, a key, a label and a cell. The record at
// `redacted` must be the reference's, byte for byte.
import fc from 'fast-check';
import { Mismatch, defineProperty } from './define.ts';
import { reference } from './reference.ts';
import { firstDifference } from '../core/compare.ts';
import { PARAMETER_PREFIXES, PARAMETER_WORDS } from '../../reference-impl/internal.ts';

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const word = (min: number, max: number, extra = '') =>
  fc
    .array(fc.oneof({ weight: 6, arbitrary: alnum }, { weight: extra ? 1 : 0, arbitrary: fc.constantFrom(...(extra || 'a')) }), {
      minLength: min,
      maxLength: max,
    })
    .map((a) => a.join(''));

/** "bearer" with each letter in either case: all 64 casings are reachable. */
const schemeWord = fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }).map((up) => [...'bearer'].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));

export const PREFIXES = [
  'sk-',
  'sk_',
  'pk_',
  'rk_',
  'ghp_',
  'gho_',
  'ghu_',
  'ghs_',
  'ghr_',
  'github_pat_',
  'glpat-',
  'xoxa-',
  'xoxb-',
  'xoxe-',
  'xoxo-',
  'xoxp-',
  'xoxr-',
  'xoxs-',
  'xapp-',
  'AKIA',
  'AIza',
];

/** A word with each letter in either case. */
const casing = (w: string) =>
  fc.array(fc.boolean(), { minLength: w.length, maxLength: w.length }).map((up) => [...w].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));
const base64url = (min: number, max: number) => word(min, max, '_-');

const shapes: fc.Arbitrary<string> = fc.oneof(
  // 1. credentials in a URL: user only, user:password, odd characters, several in a row
  fc
    .tuple(fc.constantFrom('https', 'http', 'postgres', 'redis', 'x-y'), word(1, 10, ':%.-_!é'), fc.constantFrom('h.example', 'db:5432/x', '[::1]/p'))
    .map(([s, u, h]) => `${s}://${u}@${h}`),
  // 2. bearer token: every casing, spaces and tabs, token characters, padding
  fc
    .tuple(schemeWord, fc.array(fc.constantFrom(' ', '\t'), { minLength: 1, maxLength: 3 }), word(1, 24, '._~+/-'), fc.constantFrom('', '=', '=='))
    .map(([w, sp, t, pad]) => `${w}${sp.join('')}${t}${pad}`),
  // 3. API-key prefixes: each prefix, 8 or more key characters (7: a near miss, kept)
  fc.tuple(fc.constantFrom(...PREFIXES), word(7, 20, '_-')).map(([p, k]) => `${p}${k}`),
  // credential-named parameters: any casing, prefix or none, each separator; near misses: a name that
  // only ends in the word (pageToken), an empty value
  fc
    .tuple(
      fc.constantFrom('?', '&', '#', ';', 'https://h.example/p?a=1&'),
      fc.option(fc.tuple(fc.constantFrom(...PARAMETER_PREFIXES, 'page', 'next'), fc.constantFrom('', '_', '.', '-')), { nil: undefined }),
      fc.constantFrom(...PARAMETER_WORDS, 'tokens', 'keys'),
      fc.oneof(word(0, 12, '%.~:/+=*@'), fc.constantFrom('é€', 'a b', 'x"y', 'x#y', 'x&y=1')),
    )
    .chain(([start, pre, w, value]) =>
      fc.tuple(pre === undefined ? fc.constant('') : casing(pre[0]).map((p) => p + pre[1]), casing(w)).map(([p, c]) => `${start}${p}${c}=${value}`),
    ),
  // an Authorization header: any casing, JSON and Python quoting, any scheme word, a missing credential
  fc
    .tuple(
      casing('authorization'),
      fc.constantFrom('', '"', "'"),
      fc.constantFrom(':', ' : ', '=', ':\t'),
      fc.constantFrom('', '"', "'"),
      fc.constantFrom('Basic', 'bearer', 'Token', 'Digest', ''),
      fc.constantFrom(' ', '\t', ''),
      word(0, 16, '+/=._~-'),
    )
    .map(([a, q1, op, q2, scheme, sp, cred]) => `${a}${q1}${op}${q2}${scheme}${sp}${cred}`),
  // JWTs: header eyJ, two or three segments, an empty signature, something glued before
  fc
    .tuple(base64url(0, 20), base64url(0, 20), fc.option(base64url(0, 20), { nil: undefined }), fc.constantFrom('eyJ', 'eyJ', 'ey', 'EyJ'))
    .map(([h, p, sig, head]) => `${head}${h}.${p}${sig === undefined ? '' : `.${sig}`}`),
  // AWS key IDs of the other prefixes: 16 characters of [A-Z2-7], or a near miss (15, a digit 0, 1, 8 or 9)
  fc
    .tuple(
      fc.constantFrom('ASIA', 'ABIA', 'ACCA', 'A3TX', 'A3T7'),
      fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'), { minLength: 15, maxLength: 17 }),
      fc.constantFrom('', '0', '9', '_X'),
    )
    .map(([p, k, tail]) => `${p}${k.join('')}${tail}`),
  // 4. e-mail addresses: local part characters, subdomains, top-level domains of 1 to 6 letters
  fc
    .tuple(word(1, 10, '._%+-'), fc.array(word(1, 6, '-'), { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[A-Za-z]{1,6}$/))
    .map(([l, d, t]) => `${l}@${d.join('.')}.${t}`),
);

/** Text around a shape: what comes before decides rules 3 and 4 (start of a run or not). */
const around = fc.tuple(fc.constantFrom('', ' ', 'x', '(', '=', 'é', '\n', 'a.', '-', '@'), fc.constantFrom('', ' ', '.', ',', 'x', ')', '@b.cd'));

export const redactorShapes = defineProperty({
  name: 'default-redactor-shapes',
  description:
    'every secret shape of §6.3 and its variants (all casings of the scheme word, every key prefix, near misses) is masked exactly as the pinned redactor masks it, in content, leaves, keys, labels and cells',
  requirements: ['TR-PRIV-16', 'TR-PRIV-7', 'TR-PRIV-8'],
  groups: ['sinks'],
  numRuns: 200,
  arbitrary: () => fc.tuple(fc.array(fc.tuple(around, shapes), { minLength: 1, maxLength: 3 }), fc.constantFrom('content', 'leaf', 'key', 'label', 'cell')),
  async check([parts, where], ask) {
    const s = parts.map(([[before, after], shape]) => `${before}${shape}${after}`).join(' ');
    const result = {
      content: where === 'content' ? s : 'c',
      isError: false,
      structured: where === 'key' ? { [s]: 1 } : where === 'leaf' ? { k: [s] } : null,
      artifacts:
        where === 'label'
          ? [{ type: 'text', label: s, data: { text: 't' } }]
          : where === 'cell'
            ? [{ type: 'table', label: 'l', data: { columns: ['c'], rows: [[s]] } }]
            : [],
    };
    const input = { result, levels: ['redacted'] };
    const want = reference('audit', input);
    const got = await ask.ok('audit', input);
    if (!want.ok) throw new Error(`the reference refused audit: ${want.code}`);
    const d = firstDifference(want.output, got.output);
    if (d !== undefined) throw new Mismatch(`the redacted record of ${JSON.stringify(s)} (in a ${where}) differs at ${d}`, want.output, got.output);
  },
});
