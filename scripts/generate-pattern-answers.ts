// Writes implementations/php/tests/fixtures/pattern-answers.json: random ECMAScript patterns with
// the answers of the one pattern rule (TR-NORM-65 item 1, reference-impl/normalize/pattern-rule.ts:
// can the pattern run?) and of V8's RegExp with the `u` flag (does it match each subject?). The PHP
// tests check LinearPattern against them, so the automaton is held to ECMAScript's meaning, Unicode
// classes, surrogate-pair escapes and `u`-mode syntax errors included, without Node at test time.
//
//   npx tsx scripts/generate-pattern-answers.ts [seed] [count]
import { writeFileSync } from 'node:fs';
import { readPattern, UnsupportedPattern } from '../reference-impl/internal.ts';

let state = Number(process.argv[2] ?? 20261201);
const count = Number(process.argv[3] ?? 800);
const random = (): number => {
  state = (state * 1103515245 + 12345) & 0x7fffffff;
  return state / 0x80000000;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const ATOMS = [
  'a',
  'b',
  'é',
  '😀',
  '.',
  '\\d',
  '\\D',
  '\\w',
  '\\W',
  '\\s',
  '\\S',
  '[ab]',
  '[^a]',
  '[a-c]',
  '[\\s]',
  '[\\S]',
  '[\\d-]',
  '[é-😀]',
  '[^]',
  '[]',
  '\\u00e9',
  '\\u{1F600}',
  '\\uD83D\\uDE00',
  '\\uD83D',
  '\\x41',
  '\\n',
  '\\t',
  '\\cJ',
  '\\0',
  '\\/',
  '\\.',
  '\\-',
  '\\a',
  '\\k<x>',
  '\\1',
  '\\p{L}',
  '{',
  '}',
  ']',
  '\u2028',
  ' ',
  '\n',
  '\r',
  '\uFEFF',
  '\u00A0',
  '-',
  '_',
  '1',
] as const;
const QUANTIFIERS = ['', '', '', '*', '+', '?', '{2}', '{0,2}', '{1,}', '*?', '{3}', '{2,1}', '??'] as const;
const SUBJECT = ['a', 'b', 'c', 'é', '😀', ' ', '\n', '\r', '\u2028', '\uFEFF', '\u00A0', '1', '-', '_', 'A', '\t'] as const;

function pattern(depth: number): string {
  let out = '';
  for (let i = 1 + Math.floor(random() * 3); i > 0; i--) {
    const r = random();
    let atom: string;
    if (depth > 0 && r < 0.15) atom = `(${pattern(depth - 1)})`;
    else if (depth > 0 && r < 0.25) atom = `(?:${pattern(depth - 1)}|${pattern(depth - 1)})`;
    else if (depth > 0 && r < 0.28) atom = `(?<n${i}${depth}>${pattern(depth - 1)})`;
    else if (depth > 0 && r < 0.3) atom = `${pick(['(?=', '(?!', '(?<='])}${pattern(depth - 1)})`;
    else if (r < 0.38) atom = pick(['^', '$', '\\b', '\\B']);
    else atom = pick(ATOMS);
    out += atom + pick(QUANTIFIERS);
  }
  return out;
}

interface Case {
  pattern: string;
  runs: boolean;
  subjects: string[];
  matches: boolean[] | null;
}

const cases: Case[] = [];
while (cases.length < count) {
  const source = pattern(2);
  let runs = true;
  try {
    readPattern(source);
  } catch (e) {
    if (!(e instanceof UnsupportedPattern)) throw e;
    runs = false;
  }
  // Keep the set balanced: most random texts are not `u` syntax.
  if (!runs && random() < 0.7) continue;
  const subjects = Array.from({ length: 4 }, () => Array.from({ length: Math.floor(random() * 7) }, () => pick(SUBJECT)).join(''));
  const matches = runs ? subjects.map((s) => new RegExp(source, 'u').test(s)) : null;
  cases.push({ pattern: source, runs, subjects, matches });
}
writeFileSync(
  new URL('../implementations/php/tests/fixtures/pattern-answers.json', import.meta.url),
  `${JSON.stringify(cases, null, 0).replace(/\},\{/g, '},\n{')}\n`,
);
