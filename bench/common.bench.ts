// The common-case profile at full size (conformance/profile/common.ts; issue 36) against every
// implementation, through its adapter, one after another: per shape, bounding a within-budget
// result against the language's own JSON serializer on the same value, in the adapter's CPU time,
// paired and alternated. One target per implementation and shape: bound/serialize within the
// kit's limit. `npm test` runs the quick size as a correctness check.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMON_SHAPES } from '../conformance/profile/common-shapes.ts';
import type { BenchOutcome } from './index.ts';

export const name = 'common';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function profile(command: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'toolresult.js'), 'conformance', '--profile', 'common', ...command], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', () => resolve(out.trimEnd().split('\n')));
  });
}

export async function run(): Promise<BenchOutcome> {
  const goAdapter = join(mkdtempSync(join(tmpdir(), 'bench-common-')), 'toolresult-go-adapter');
  execFileSync('go', ['build', '-o', goAdapter, './cmd/toolresult-adapter'], { cwd: join(ROOT, 'implementations', 'go'), stdio: 'inherit' });
  const implementations: [string, string[]][] = [
    ['reference', []],
    ['python', ['--', 'python3', join(ROOT, 'implementations', 'python', 'adapter.py')]],
    ['php', ['--', 'php', join(ROOT, 'implementations', 'php', 'adapter.php')]],
    ['go', ['--', goAdapter]],
  ];
  const targets: { name: string; met: boolean }[] = [];
  for (const [impl, command] of implementations) {
    console.log(`  -- ${impl}`);
    const lines = await profile(command);
    for (const l of lines) console.log(`  ${l}`);
    for (const s of COMMON_SHAPES) {
      const row = lines.find((l) => l.startsWith(`${s.name} `))?.trimEnd();
      targets.push({ name: `${impl} ${s.name}: ${row === undefined ? 'no row' : row.replace(/\s+/g, ' ')}`, met: row?.endsWith(' ok') === true });
    }
  }
  return { targets };
}
