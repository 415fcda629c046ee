// The traceability check holds on the repository and fails, naming the ID, when a MUST loses its
// last test (proved on a copy, so the real tree is untouched).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/schema-files.ts';
import { checkTraceability, coverageFiles, parseSpec } from './traceability.ts';

// IDs are assembled at run time: written out, this file would itself count as naming them.
const id = (...parts: string[]): string => ['TR', ...parts].join('-');
const tmp = mkdtempSync(join(tmpdir(), 'trace-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function copyTree(): string {
  const dir = mkdtempSync(join(tmp, 'copy-'));
  cpSync(join(ROOT, 'spec'), join(dir, 'spec'), { recursive: true });
  for (const f of coverageFiles(ROOT)) cpSync(f, join(dir, relative(ROOT, f)));
  return dir;
}

describe('traceability check', () => {
  it('passes on the repository: every MUST is named by a test, property or vector', () => {
    const r = checkTraceability(ROOT);
    expect(r.duplicates).toEqual([]);
    expect(r.dangling).toEqual([]);
    expect(r.uncovered.map((q) => q.id)).toEqual([]);
    expect(r.requirements.filter((q) => q.mandatory).length).toBeGreaterThan(20);
  });

  it('fails and names the requirement when a MUST loses its last test', () => {
    const dir = copyTree();
    const target = id('BOUND', '3');
    const before = checkTraceability(dir);
    expect(before.uncovered.map((q) => q.id)).not.toContain(target);
    for (const f of coverageFiles(dir)) {
      const text = readFileSync(f, 'utf8');
      // Replace with an ID that exists but is not the target, so no dangling reference is introduced.
      if (text.includes(target)) writeFileSync(f, text.replace(new RegExp(`${target}\\b`, 'g'), id('BOUND', '1')));
    }
    const after = checkTraceability(dir);
    expect(after.uncovered.map((q) => q.id)).toEqual([target]);
  });

  it('reports an ID that a test names but the spec does not define', () => {
    const dir = copyTree();
    writeFileSync(join(dir, 'spec', 'zz.md'), `- **${id('ZZZ', '1')}** An implementation MUST do z.\n`);
    writeFileSync(join(dir, 'x.test.ts'), `it('${id('ZZZ', '1')} and ${id('ZZZ', '2')}', () => {});\n`);
    const r = checkTraceability(dir);
    expect(r.dangling).toEqual([{ id: id('ZZZ', '2'), file: 'x.test.ts' }]);
    expect(r.uncovered.map((q) => q.id)).not.toContain(id('ZZZ', '1'));
  });

  it('reads a requirement over its indented continuation, and only MUST makes it mandatory', () => {
    const dir = mkdtempSync(join(tmp, 'spec-'));
    writeFileSync(
      join(dir, 'a.md'),
      [
        `- **${id('A', '1')}** The verdict is, in order:`,
        '',
        '  | a | b |',
        '  | MUST hold | x |',
        '',
        'Prose after it with MUST does not belong to it.',
        `- **${id('A', '2')}** An implementation MAY do this.`,
        `- **${id('A', '1')}** Defined twice.`,
      ].join('\n'),
    );
    const { requirements, duplicates } = parseSpec(dir);
    expect(requirements.map((q) => [q.id, q.mandatory])).toEqual([
      [id('A', '1'), true],
      [id('A', '2'), false],
      [id('A', '1'), false],
    ]);
    expect(duplicates).toEqual([id('A', '1')]);
  });
});
