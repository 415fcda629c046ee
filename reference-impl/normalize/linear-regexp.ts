// `pattern` and `patternProperties` of an output schema, run in linear time (spec/10-normalization.md
// §10.5, TR-NORM-65). The schema comes from a server, and with a backtracking engine a pattern such
// as `^(\w+\s?)*$` takes minutes on 33 characters the same server chose. RE2JS (a pure JavaScript
// port of RE2, no native code) runs every pattern it accepts in time linear in the subject.
//
// Which patterns run is the one pattern rule (pattern-rule.ts, TR-NORM-65 item 1); a pattern that
// runs keeps its ECMAScript meaning (with the `u` flag, as Ajv runs it):
// - RE2JS.translateRegExp rewrites ECMAScript escapes (`\u00e9`, `\u{1F600}`, `\cA`, named groups);
// - `\s`, `\S` and `.` are Unicode-aware in ECMAScript and ASCII or narrower in RE2: spelled out.
import { RE2JS } from 're2js';
import { readPattern, UnsupportedPattern } from './pattern-rule.ts';

export { UnsupportedPattern };

// ECMAScript's WhiteSpace and LineTerminator, which `\s` matches, in RE2 syntax and as characters.
const WS = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
const WS_POINTS = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029,
  0x202f, 0x205f, 0x3000, 0xfeff,
];
// `.` without the s flag: anything but a line terminator.
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
const NOTHING = '[^\\x{0}-\\x{10FFFF}]';

/** The index of the `]` that closes the RE2 class opened at `i`. */
function classEnd(re2: string, i: number): number {
  let j = i + 1;
  if (re2[j] === '^') j++;
  if (re2[j] === ']') j++; // a `]` right after the opening bracket is a literal in RE2
  while (j < re2.length && re2[j] !== ']') j += re2[j] === '\\' ? 2 : 1;
  return j;
}

/**
 * An RE2 class with ECMAScript's `\s` and `\S` inside. RE2 has no class inside a class, so
 * `[x\S]` becomes `(?:[x]|[^WS])`, and `[^x\S]` (whitespace that is not x) lists those characters.
 */
function unicodeClass(body: string, negated: boolean): string {
  let text = '';
  let nonSpace = false;
  for (let j = 0; j < body.length; j++) {
    if (body[j] !== '\\') {
      text += body[j] === '[' ? '\\[' : body[j]; // a literal in ECMAScript; RE2 reads [:alpha:] as POSIX
      continue;
    }
    const n = body[++j] ?? '';
    if (n === 's') text += WS;
    else if (n === 'S') nonSpace = true;
    else text += `\\${n}`;
  }
  if (!nonSpace) return `[${negated ? '^' : ''}${text}]`;
  if (!negated) return text === '' ? `[^${WS}]` : `(?:[${text}]|[^${WS}])`;
  const rest = text === '' ? undefined : RE2JS.compile(`[${text}]`);
  const kept = WS_POINTS.filter((p) => rest === undefined || !rest.test(String.fromCodePoint(p)));
  return kept.length === 0 ? NOTHING : `[${kept.map((p) => `\\x{${p.toString(16)}}`).join('')}]`;
}

/** Gives `\s`, `\S` and `.` of translated RE2 syntax their ECMAScript meaning. */
function unicodeClasses(re2: string): string {
  let out = '';
  for (let i = 0; i < re2.length; i++) {
    const c = re2[i]!;
    if (c === '\\') {
      const n = re2[i + 1] ?? '';
      if (n === 's') out += `[${WS}]`;
      else if (n === 'S') out += `[^${WS}]`;
      else out += c + n;
      i++;
    } else if (c === '[') {
      const end = classEnd(re2, i);
      const negated = re2[i + 1] === '^';
      out += unicodeClass(re2.slice(i + (negated ? 2 : 1), end), negated);
      i = end;
    } else {
      out += c === '.' ? DOT : c;
    }
  }
  return out;
}

type Linear = { test(s: string): boolean; toString(): string };

/** Compiled patterns by source (every new Ajv instance compiles its meta-schema's patterns again). */
const cache = new Map<string, Linear>();
const CACHE_SIZE = 512;

/** Compiles an ECMAScript (`u`) pattern for linear-time search; throws UnsupportedPattern when it cannot run. */
export function linearRegExp(source: string): Linear {
  let hit = cache.get(source);
  if (hit === undefined) {
    hit = compileLinear(source);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(source, hit);
  }
  return hit;
}

function compileLinear(source: string): Linear {
  const shape = readPattern(source); // throws when the pattern cannot run
  const re = RE2JS.compile(unicodeClasses(RE2JS.translateRegExp(shape.source)));
  // Ajv calls test() for an unanchored search, as ECMAScript's RegExp.prototype.test does, and keys
  // its compiled patterns by toString(): it must differ per pattern, as a RegExp's `/…/u` does.
  const text = `/${source}/u`;
  return { test: (s: string) => re.test(s), toString: () => text };
}
