// The README's shape, held by a test: merge residue (two tables fused into one, a paragraph or a
// sentence standing twice) reads as a claim the project makes twice, or a table a renderer breaks.
// Fenced code is left out of both checks: an example may repeat a line on purpose, and a `|` in
// code is no table. (Every fenced example the package test runs is held by test/package.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The README's lines outside fenced code blocks, each with its 1-based line number. */
function proseLines(markdown: string): { n: number; text: string }[] {
  const out: { n: number; text: string }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, i) => {
    const open = /^\s*(```+|~~~+)/.exec(text);
    if (fence === undefined && open) fence = open[1]![0]!.repeat(open[1]!.length);
    else if (fence !== undefined && text.trim().startsWith(fence)) fence = undefined;
    else if (fence === undefined) out.push({ n: i + 1, text });
  });
  return out;
}

const isDelimiterRow = (line: string): boolean => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
const isTableRow = (line: string): boolean => line.trim().startsWith('|');

/** Each table (a run of `|` lines) whose delimiter row (`| --- |`) stands more than once, or whose rows have another number of cells than its header. */
function tableProblems(markdown: string): string[] {
  const problems: string[] = [];
  const lines = proseLines(markdown);
  const cells = (line: string): number =>
    line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split(/(?<!\\)\|/).length;
  for (let i = 0; i < lines.length; i++) {
    if (!isTableRow(lines[i]!.text)) continue;
    const start = i;
    while (i + 1 < lines.length && isTableRow(lines[i + 1]!.text)) i++;
    const table = lines.slice(start, i + 1);
    const delimiters = table.filter((l) => isDelimiterRow(l.text));
    if (delimiters.length > 1)
      problems.push(`line ${table[0]!.n}: a table with ${delimiters.length} header rows (a second header at line ${delimiters[1]!.n - 1}): two tables fused`);
    const width = cells(table[0]!.text);
    for (const row of table) if (cells(row.text) !== width) problems.push(`line ${row.n}: ${cells(row.text)} cells in a table whose header has ${width}`);
  }
  return problems;
}

/** Words of running text in a row that make a repeat: long enough that no two sentences share them by chance. */
const RUN_WORDS = 12;

/**
 * Paragraphs that stand twice, and runs of RUN_WORDS words of running text that stand twice (merge
 * residue is often a fragment: half a sentence and the line after it, pasted again).
 */
function repeatedProse(markdown: string): string[] {
  const problems: string[] = [];
  const words: ({ n: number; w: string } | undefined)[] = [];
  const paragraphs: { n: number; text: string }[] = [];
  let current: { n: number; parts: string[] } | undefined;
  const flush = () => {
    if (current) paragraphs.push({ n: current.n, text: current.parts.join(' ').replace(/\s+/g, ' ').trim() });
    current = undefined;
  };
  for (const l of proseLines(markdown)) {
    // Headings, tables and HTML comments (the markers tests find blocks by) are not running text.
    if (/^\s*(#|\||<!--)/.test(l.text) || l.text.trim() === '') {
      words.push(undefined);
      flush();
      continue;
    }
    for (const w of l.text.split(/\s+/).filter((x) => x !== '')) words.push({ n: l.n, w });
    if (current) current.parts.push(l.text);
    else current = { n: l.n, parts: [l.text] };
  }
  flush();
  const seen = new Map<string, number>();
  for (const p of paragraphs) {
    // A short label (`wire message:`) may stand before each of several examples.
    if (p.text.length < 40) continue;
    const first = seen.get(p.text);
    if (first !== undefined) problems.push(`line ${p.n}: the paragraph of line ${first} again`);
    else seen.set(p.text, p.n);
  }
  const runs = new Map<string, number>();
  let lastRepeat = -2;
  for (let i = 0; i + RUN_WORDS <= words.length; i++) {
    const run = words.slice(i, i + RUN_WORDS);
    if (run.some((x) => x === undefined)) continue;
    const key = run.map((x) => x!.w).join(' ');
    const first = runs.get(key);
    if (first === undefined) runs.set(key, run[0]!.n);
    else if (first !== run[0]!.n) {
      // One report per repeated stretch, not one per word of it.
      if (i !== lastRepeat + 1) problems.push(`line ${run[0]!.n}: ${RUN_WORDS} words or more of line ${first} again: ${JSON.stringify(key.slice(0, 100))}`);
      lastRepeat = i;
    }
  }
  return problems;
}

describe('README and CONTRIBUTING structure', () => {
  const docs = ['README.md', 'CONTRIBUTING.md'].map((f) => [f, readFileSync(join(ROOT, f), 'utf8')] as const);

  it.each(docs)('%s has no table with two header rows, and every row as wide as its header', (_, text) => {
    expect(tableProblems(text)).toEqual([]);
  });

  it.each(docs)('%s has no paragraph, and no run of twelve words of running text, twice', (_, text) => {
    expect(repeatedProse(text)).toEqual([]);
  });

  // The checks above pass on a README with no tables or no prose: each must see the breakage it is for.
  it('catches two fused tables, a row of another width, a paragraph twice and a fragment twice', () => {
    const fused = ['| a | b |', '| --- | --- |', '| 1 | 2 |', '| a | b | c |', '| --- | --- | --- |', '| 1 | 2 | 3 |'].join('\n');
    expect(tableProblems(fused).some((p) => p.includes('2 header rows'))).toBe(true);
    expect(tableProblems(fused).some((p) => p.includes('3 cells in a table whose header has 2'))).toBe(true);
    expect(tableProblems(['| a | b |', '| --- | --- |', '| 1 | 2 |', '', '| c |', '| --- |'].join('\n'))).toEqual([]);
    const para = 'Every run of the kit prints the seed it used, so a failure can be replayed.';
    expect(repeatedProse(`${para}\n\nOther text that stands here once, long enough to count as a paragraph.\n\n${para}\n`)).toContain(
      'line 5: the paragraph of line 1 again',
    );
    // Half a sentence and the next line pasted again inside one paragraph: one report for the stretch.
    const fragment = 'the others, results exposed under each policy of the spec included. Unit tests: run them all';
    expect(repeatedProse(`It restores in ${fragment}.\nAs packages, it installs; it restores in\n${fragment} again.\n`)).toHaveLength(1);
    // Eleven words twice are no repeat.
    expect(repeatedProse('one two three four five six seven eight nine ten eleven.\n\nAnd one two three four five six seven eight nine ten eleven.\n')).toEqual(
      [],
    );
    // Fenced code may repeat itself and hold `|` lines.
    expect(repeatedProse(`\`\`\`\n${para}\n\n${para}\n| a |\n| --- |\n| --- |\n\`\`\`\n`)).toEqual([]);
    expect(tableProblems('```\n| a |\n| --- |\n| --- |\n```\n')).toEqual([]);
  });
});
