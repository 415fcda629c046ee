// The cost profile (`toolresult conformance --profile hostile`, conformance/README.md "Cost under
// attack") at its quick size against every implementation in this repository, as a user runs it
// (the package's bin, out of process): every attack class within its limits, with the conforming
// answer. The full size runs under `npm run bench -- profile`. Nothing is skipped: a class that
// cannot apply to an adapter's string model is `n/a` in the table, and only the lone-surrogate key
// for a byte-string adapter is (TR-CONF-20).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLASSES } from '../conformance/profile/classes.ts';
import { GUARDED_TEST_MS, runWithSilenceGuard } from './silence-guard.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const implementations: { name: string; command: string[]; notApplicable: string[] }[] = [
  { name: 'reference (TypeScript)', command: [], notApplicable: [] },
  { name: 'python', command: ['--', 'python3', join(ROOT, 'implementations', 'python', 'adapter.py')], notApplicable: [] },
  { name: 'php', command: ['--', 'php', join(ROOT, 'implementations', 'php', 'adapter.php')], notApplicable: ['long-key-lone-surrogate'] },
];

const run = (args: string[]) => runWithSilenceGuard(process.execPath, [join(ROOT, 'bin', 'toolresult.js'), ...args], { cwd: ROOT });

// One after another: the profile measures CPU time, and three at once on two cores would still
// disturb each other's caches and memory.
describe('the hostile cost profile, quick size', { timeout: GUARDED_TEST_MS }, () => {
  it.each(implementations.map((i) => [i.name, i] as const))('%s: every class within its limits', async (_, impl) => {
    // Three rounds: the quick size's classes are far from their limits or far beyond them.
    const r = await run(['conformance', '--profile', 'hostile', '--size', 'quick', '--rounds', '3', ...impl.command]);
    const lines = r.stdout.trim().split('\n');
    expect(r.status, r.stdout + r.stderr.slice(-3000)).toBe(0);
    // One row per class, each ok (or n/a where the string model cannot carry the class).
    for (const c of CLASSES) {
      const row = lines.find((l) => l.startsWith(`${c.name} `));
      expect(row, c.name).toBeDefined();
      expect(row!.trimEnd().endsWith(impl.notApplicable.includes(c.name) ? ' n/a' : ' ok'), row).toBe(true);
    }
    const applicable = CLASSES.length - impl.notApplicable.length;
    expect(lines.at(-1)).toBe(
      `${applicable} within their limits, 0 beyond${impl.notApplicable.length > 0 ? `, ${impl.notApplicable.length} not applicable` : ''}`,
    );
  });
});
