// `pattern` and `patternProperties` of an output schema, run in linear time (spec/10-normalization.md
// §10.5, TR-NORM-65). The schema comes from a server, and with a backtracking engine a pattern such
// as `^(\w+\s?)*$` takes minutes on 33 characters the same server chose. RE2JS (a pure JavaScript
// port of RE2, no native code) runs every pattern it accepts in time linear in the subject.
//
// The pattern keeps its ECMAScript meaning (with the `u` flag, as Ajv runs it) or is refused:
// - backreferences and lookaround have no linear-time algorithm: refused (the check cannot run);
// - RE2JS.translateRegExp rewrites ECMAScript escapes (`\u00e9`, `\u{1F600}`, `\cA`, named groups);
// - `\s`, `\S` and `.` are Unicode-aware in ECMAScript and ASCII or narrower in RE2: spelled out.
import { RE2JS } from 're2js';

/** A pattern the linear-time engine cannot run with its ECMAScript meaning. */
export class UnsupportedPattern extends Error {
  constructor(why: string) {
    super(`pattern not supported in linear time: ${why}`);
  }
}

// ECMAScript's WhiteSpace and LineTerminator, which `\s` matches, in RE2 syntax.
const WS = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
// `.` without the s flag: anything but a line terminator.
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/** Refuses the constructs that have no linear-time algorithm, reading the ECMAScript source. */
function screen(source: string): void {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const n = source[i + 1] ?? '';
      if (!inClass && (n === 'k' || (n >= '1' && n <= '9'))) throw new UnsupportedPattern('backreference');
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && source[i + 1] === '?') {
      const rest = source.slice(i + 2, i + 4);
      if (rest[0] === '=' || rest[0] === '!' || rest === '<=' || rest === '<!') throw new UnsupportedPattern('lookaround');
    }
  }
}

/** Gives `\s`, `\S` and `.` of translated RE2 syntax their ECMAScript meaning. */
function unicodeClasses(re2: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < re2.length; i++) {
    const c = re2[i]!;
    if (c === '\\') {
      const n = re2[i + 1] ?? '';
      if (n === 's') out += inClass ? WS : `[${WS}]`;
      else if (n === 'S') {
        if (inClass) throw new UnsupportedPattern('\\S inside a class');
        out += `[^${WS}]`;
      } else out += c + n;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A `]` or `^]` right after the opening bracket is a literal, not the end of the class.
      if (re2[i + 1] === '^') out += re2[++i];
      if (re2[i + 1] === ']') out += re2[++i];
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

/** Compiles an ECMAScript (`u`) pattern for linear-time search; throws UnsupportedPattern or a syntax error. */
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
  screen(source);
  const re = RE2JS.compile(unicodeClasses(RE2JS.translateRegExp(source)));
  // Ajv calls test() for an unanchored search, as ECMAScript's RegExp.prototype.test does, and keys
  // its compiled patterns by toString(): it must differ per pattern, as a RegExp's `/…/u` does.
  const text = `/${source}/u`;
  return { test: (s: string) => re.test(s), toString: () => text };
}
