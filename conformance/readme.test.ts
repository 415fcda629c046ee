// conformance/README.md's claims a test can hold: the last line of a default run it shows names as many
// cases as the kit selects today (`--list` prints one case ID per line), so the count in the README
// moves with the kit.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

it("the README's example end line counts every case the kit runs by default", () => {
  const shown = /^```\n(\d+) passed, 0 failed\n```$/m.exec(readFileSync(join(ROOT, 'conformance', 'README.md'), 'utf8'));
  expect(shown, 'conformance/README.md shows a run ending in "N passed, 0 failed"').not.toBeNull();
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'conformance', 'runner', 'cli.ts'), '--list'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(r.status, r.stderr).toBe(0);
  const cases = r.stdout.split('\n').filter((l) => l.trim() !== '').length;
  expect(Number(shown![1]), 'update the count in conformance/README.md').toBe(cases);
});
