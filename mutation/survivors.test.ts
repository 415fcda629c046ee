// The reviewed list of surviving mutants (mutation/survivors.json, from `npm run mutation`): every
// entry says why the kit cannot kill it, and still points at code that exists, so a stale entry
// shows here without a mutation run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { survivorKey, type Survivor } from './survivors.ts';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const list = JSON.parse(readFileSync(join(ROOT, 'mutation', 'survivors.json'), 'utf8')) as Survivor[];

describe('the reviewed survivors', () => {
  it('is a list of entries with every field and a reason', () => {
    expect(Array.isArray(list)).toBe(true);
    for (const s of list) {
      expect(Object.keys(s).sort(), JSON.stringify(s)).toEqual(['file', 'line', 'mutator', 'original', 'reason', 'replacement']);
      expect(s.file, JSON.stringify(s)).toMatch(/^reference-impl\/.+\.ts$/);
      expect(Number.isInteger(s.line) && s.line > 0, JSON.stringify(s)).toBe(true);
      expect(typeof s.mutator === 'string' && s.mutator.length > 0, JSON.stringify(s)).toBe(true);
      expect(typeof s.original === 'string' && typeof s.replacement === 'string', JSON.stringify(s)).toBe(true);
      // A reason is a sentence, not a placeholder.
      expect(typeof s.reason === 'string' && s.reason.trim().length >= 20, JSON.stringify(s)).toBe(true);
    }
  });

  it('holds each mutant once (two alike on one line count apart)', () => {
    const counts = new Map<string, number>();
    for (const s of list) counts.set(survivorKey(s), (counts.get(survivorKey(s)) ?? 0) + 1);
    for (const [key, n] of counts) {
      // As many alike as the line holds the original text.
      const [file, line, , original] = JSON.parse(key) as [string, number, string, string];
      const text = readFileSync(join(ROOT, file), 'utf8').split('\n')[line - 1] ?? '';
      expect(n, key).toBeLessThanOrEqual(Math.max(1, text.split(original).length - 1));
    }
  });

  it('points at code that is still there: its line holds the mutated text', () => {
    for (const s of list) {
      const file = join(ROOT, s.file);
      expect(existsSync(file), s.file).toBe(true);
      const lines = readFileSync(file, 'utf8').split('\n');
      const first = s.original.split('\n')[0]!;
      expect(lines[s.line - 1]?.includes(first), `${s.file}:${s.line} no longer holds ${JSON.stringify(first)}`).toBe(true);
    }
  });
});
