// The generated part of the redactor's false-positive corpus (bench/redactor-corpus.ts, seed 41):
// invented tables, access and git logs and base64 images hold no credential, so no credential rule
// of the default redactor may change one of their strings. (The repository part changes with the
// repository; `npm run bench -- redactor` prints its figure and every hit.)
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../reference-impl/internal.ts';
import { benignCorpus } from './redactor-corpus.ts';

describe('the false-positive corpus', () => {
  const corpus = benignCorpus();
  const generated = corpus.filter((p) => p.source.startsWith('generated:'));

  it('is the same on every run: the generated part comes from a fixed seed', () => {
    const again = benignCorpus().filter((p) => p.source.startsWith('generated:'));
    expect(again.map((p) => p.strings)).toEqual(generated.map((p) => p.strings));
    expect(generated.map((p) => p.kind).sort()).toEqual(['base64', 'logs', 'logs', 'tables', 'tables']);
    // Near misses are in it on purpose: cursors, sort keys and words a looser rule would take.
    const text = generated.flatMap((p) => p.strings).join('\n');
    for (const near of ['pageToken=', 'sort_key=', 'next_token=', 'Basic ', 'ASIA', 'monkey']) expect(text).toContain(near);
  });

  it('TR-PRIV-16: no credential rule changes a generated table row, log line or base64 image', () => {
    const hits: string[] = [];
    for (const part of generated) {
      for (const s of part.strings) {
        for (const rule of DEFAULT_RULES.filter((r) => r.name !== 'email-address')) {
          if (s.replace(rule.pattern, rule.replace) !== s) hits.push(`${rule.name}: ${part.source}: ${s.slice(0, 120)}`);
        }
      }
    }
    expect(generated.reduce((n, p) => n + p.strings.length, 0)).toBeGreaterThan(5000);
    expect(hits).toEqual([]);
  });
});
