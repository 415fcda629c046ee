// The one pattern rule (spec/10-normalization.md TR-NORM-65 item 1): which `pattern` and
// `patternProperties` sources an output-schema check cannot run. The set is the same in every
// language, so every implementation answers the same: a pattern cannot run exactly when it is not
// valid ECMAScript syntax with the `u` flag, or holds a backreference, a lookaround or a Unicode
// property escape, or weighs more than MAX_PATTERN_WEIGHT. Every other pattern runs (linear-regexp.ts).
//
// Weight: one per atom (a literal character, a class `[...]`, `.`, a class escape such as `\d`, an
// assertion `^` `$` `\b` `\B`); a counted repetition multiplies what it repeats by the larger of its
// numbers (at least 1); `*`, `+`, `?` multiply by 1; groups and alternation add nothing. It bounds
// the size of the automaton, so the time of a run is at most subject length × weight.

/** A pattern the check cannot run (TR-NORM-65 item 1): the check fails, which is not a pass. */
export class UnsupportedPattern extends Error {
  constructor(why: string) {
    super(`pattern cannot run: ${why}`);
  }
}

/** The largest weight a pattern may have and still run. */
export const MAX_PATTERN_WEIGHT = 1000;

export interface PatternShape {
  /** The weight of the pattern, at most MAX_PATTERN_WEIGHT. */
  readonly weight: number;
  /**
   * The same pattern spelled for an RE2-like engine, with the same meaning: a surrogate pair
   * written as two `\u` escapes becomes one `\u{…}` (under `u` it is one code point), and a count
   * on a group that can only match the empty string is dropped (it changes nothing, and RE2 refuses
   * counts above 1,000).
   */
  readonly source: string;
}

const isHigh = (u: number) => u >= 0xd800 && u <= 0xdbff;
const isLow = (u: number) => u >= 0xdc00 && u <= 0xdfff;

/** The four hex digits of a `\uHHHH` escape at `i`, or undefined. */
function unitEscape(s: string, i: number): number | undefined {
  if (s[i] !== '\\' || s[i + 1] !== 'u' || s[i + 2] === '{') return undefined;
  const hex = s.slice(i + 2, i + 6);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : undefined;
}

/**
 * Reads the escape at `i` (`s[i]` is a backslash) and returns the index after it. Refuses the
 * escapes that cannot run; `inClass` because `\b` is a backspace there and digits cannot start one.
 */
function skipEscape(s: string, i: number, inClass: boolean): number {
  const n = s[i + 1] ?? '';
  if (n === 'p' || n === 'P') throw new UnsupportedPattern('Unicode property escape');
  if (!inClass && (n === 'k' || (n >= '1' && n <= '9'))) throw new UnsupportedPattern('backreference');
  if (n === 'u') {
    if (s[i + 2] === '{') return s.indexOf('}', i) + 1;
    const first = unitEscape(s, i);
    // A pair of escapes that spells one astral code point is one character.
    if (first !== undefined && isHigh(first)) {
      const second = unitEscape(s, i + 6);
      if (second !== undefined && isLow(second)) return i + 12;
    }
    return i + 6;
  }
  if (n === 'x') return i + 4;
  if (n === 'c') return i + 3;
  return i + 2;
}

/** The escape from `i` to `end`, a surrogate pair of `\u` escapes written as the one `\u{…}` it means. */
function spellEscape(s: string, i: number, end: number): string {
  const first = unitEscape(s, i);
  const second = unitEscape(s, i + 6);
  if (end !== i + 12 || first === undefined || second === undefined) return s.slice(i, end);
  return `\\u{${((first - 0xd800) * 0x400 + (second - 0xdc00) + 0x10000).toString(16)}}`;
}

/** The class that starts at `i` (`s[i]` is `[`; under `u` the first unescaped `]` ends it): its end and spelling. */
function readClass(s: string, i: number): { end: number; text: string } {
  let j = i + 1;
  let text = '[';
  while (j < s.length && s[j] !== ']') {
    const next = s[j] === '\\' ? skipEscape(s, j, true) : j + 1;
    // `[\b]` is U+0008 in ECMAScript; RE2 has no `\b` in a class and refuses it.
    text += s[j] === '\\' && s[j + 1] === 'b' ? '\\x08' : spellEscape(s, j, next);
    j = next;
  }
  return { end: j + 1, text: `${text}]` };
}

/** Reads a pattern's source; throws UnsupportedPattern when the check cannot run it. */
export function readPattern(source: string): PatternShape {
  try {
    new RegExp(source, 'u'); // compiles only: construction runs no match
  } catch {
    throw new UnsupportedPattern('not valid ECMAScript syntax with the u flag');
  }
  // The weight summed so far in each open group (the pattern itself is the outermost), and the
  // weight of the last item read, which a quantifier right after it applies to.
  const sums: number[] = [0];
  let last = 0;
  let out = '';
  const add = (w: number) => {
    sums[sums.length - 1]! += w;
    // Weights only grow (a repetition multiplies by at least 1), so any part above the limit is enough.
    if (sums[sums.length - 1]! > MAX_PATTERN_WEIGHT) throw new UnsupportedPattern(`weight above ${MAX_PATTERN_WEIGHT}`);
  };
  // The grammar is ECMAScript 2024's: a runtime whose RegExp has later syntax (modifiers, one name
  // for groups in two alternatives; ECMAScript 2025) must not make those patterns run.
  const names = new Set<string>();
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      const end = skipEscape(source, i, false);
      out += spellEscape(source, i, end);
      i = end;
      add((last = 1));
    } else if (c === '[') {
      const cls = readClass(source, i);
      out += cls.text;
      i = cls.end;
      add((last = 1));
    } else if (c === '(') {
      let end = i + 1;
      if (source[i + 1] === '?') {
        const rest = source.slice(i + 2, i + 4);
        if (rest[0] === '=' || rest[0] === '!' || rest === '<=' || rest === '<!') throw new UnsupportedPattern('lookaround');
        if (rest[0] !== '<' && rest[0] !== ':') throw new UnsupportedPattern('not valid ECMAScript 2024 syntax with the u flag (a modifier group)');
        end = rest[0] === '<' ? source.indexOf('>', i) + 1 : source.indexOf(':', i) + 1;
        if (rest[0] === '<') {
          const name = source.slice(i + 3, end - 1);
          if (names.has(name)) throw new UnsupportedPattern('not valid ECMAScript 2024 syntax with the u flag (a group name given twice)');
          names.add(name);
        }
      }
      out += source.slice(i, end);
      i = end;
      sums.push(0);
      last = 0;
    } else if (c === ')') {
      const w = sums.pop()!;
      out += c;
      i++;
      add((last = w));
    } else if (c === '|') {
      out += c;
      i++;
      last = 0;
    } else if (c === '*' || c === '+' || c === '?') {
      const end = source[i + 1] === '?' ? i + 2 : i + 1;
      out += source.slice(i, end);
      i = end;
    } else if (c === '{') {
      const close = source.indexOf('}', i);
      const numbers = source
        .slice(i + 1, close)
        .split(',')
        .filter((x) => x !== '')
        .map(Number);
      const times = Math.max(1, ...numbers);
      const end = source[close + 1] === '?' ? close + 2 : close + 1;
      if (last > 0) {
        // The item already counted once; valid syntax puts a quantifier only right after an item.
        add(last * (times - 1));
        last *= times;
        out += source.slice(i, end);
      }
      i = end;
    } else {
      const step = isHigh(source.charCodeAt(i)) && isLow(source.charCodeAt(i + 1)) ? 2 : 1;
      out += source.slice(i, i + step);
      i += step;
      add((last = 1));
    }
  }
  return { weight: sums[0]!, source: out };
}
