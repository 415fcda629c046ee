// The hostile cost profile at full size (conformance/README.md "Cost under attack"; issue 29)
// against the reference, Python and PHP implementations, through their adapters, one after
// another: each attack class against the floor (op decode of the same input) in the same run, by
// the adapter's CPU time. One target per implementation and class: within its limits (or n/a for a
// class the adapter's string model cannot carry). `npm test` runs the quick size.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLASSES } from '../conformance/profile/classes.ts';
import type { BenchOutcome } from './index.ts';

export const name = 'profile';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const IMPLEMENTATIONS: [string, string[]][] = [
  ['reference', []],
  ['python', ['--', 'python3', join(ROOT, 'implementations', 'python', 'adapter.py')]],
  ['php', ['--', 'php', join(ROOT, 'implementations', 'php', 'adapter.php')]],
];

function profile(command: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'toolresult.js'), 'conformance', '--profile', 'hostile', ...command], {
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
  const targets: { name: string; met: boolean }[] = [];
  for (const [impl, command] of IMPLEMENTATIONS) {
    console.log(`  -- ${impl}`);
    const lines = await profile(command);
    for (const l of lines) console.log(`  ${l}`);
    for (const c of CLASSES) {
      const row = lines.find((l) => l.startsWith(`${c.name} `))?.trimEnd();
      targets.push({
        name: `${impl} ${c.name}: ${row === undefined ? 'no row' : row.replace(/\s+/g, ' ')}`,
        met: row !== undefined && (row.endsWith(' ok') || row.endsWith(' n/a')),
      });
    }
  }
  return { targets };
}
