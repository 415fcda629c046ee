// The common-case profile (`toolresult conformance --profile common`, conformance/README.md "Cost of
// the common case") at its quick size against every implementation in this repository, as a user
// runs it (the package's bin, out of process). A correctness check only: every shape is bounded
// without a warning and serialized by the language's own serializer (ops bound with repeat, and
// serialize), and the table has a row per shape. No ratio is judged here: the quick size prints its
// figures and the full size, with its limit, runs under `npm run bench -- common`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMON_SHAPES } from '../conformance/profile/common-shapes.ts';
import { GUARDED_TEST_MS, runWithSilenceGuard } from './silence-guard.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'common-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const goAdapter = join(tmp, 'toolresult-go-adapter');
execFileSync('go', ['build', '-o', goAdapter, './cmd/toolresult-adapter'], { cwd: join(ROOT, 'implementations', 'go'), stdio: 'inherit' });

const implementations: [string, string[]][] = [
  ['reference (TypeScript)', []],
  ['python', ['--', 'python3', join(ROOT, 'implementations', 'python', 'adapter.py')]],
  ['php', ['--', 'php', join(ROOT, 'implementations', 'php', 'adapter.php')]],
  ['go', ['--', goAdapter]],
];

const run = (args: string[]) => runWithSilenceGuard(process.execPath, [join(ROOT, 'bin', 'toolresult.js'), ...args], { cwd: ROOT });

describe('the common-case profile, quick size (answers only)', { timeout: GUARDED_TEST_MS }, () => {
  it.each(implementations)('%s: every shape bounded whole and serialized natively', async (_, command) => {
    const r = await run(['conformance', '--profile', 'common', '--size', 'quick', '--rounds', '1', ...command]);
    const lines = r.stdout.trim().split('\n');
    expect(r.status, r.stdout + r.stderr.slice(-3000)).toBe(0);
    for (const s of COMMON_SHAPES) {
      const row = lines.find((l) => l.startsWith(`${s.name} `));
      expect(row, s.name).toBeDefined();
      expect(row!.trimEnd().endsWith(' answers ok'), row).toBe(true);
    }
    expect(lines.at(-1)).toBe(`${COMMON_SHAPES.length} shapes: 0 with a wrong answer (ratios not judged at the quick size)`);
  });
});
