// The kit against its own mutants: the reference passes, every mutant fails with the requirement
// it breaks named in a failing case, and the mutation score (killed / all) is 100%.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../runner/run.ts';
import { parseArgs } from '../runner/args.ts';
import { parseSpec } from '../traceability/traceability.ts';
import { readUnchecked, requirementTable } from './coverage.ts';
import { mutants } from './index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'conformance', 'mutants', 'adapter.ts');

// The mutant adapter's sources (conformance/mutants/adapter.ts, the reference adapter and the mutants) in one
// module, built here by esbuild, which is also what compiles them under tsx: each of the 40-odd
// adapters this file starts then loads in about 0.4 s of CPU instead of 1.7 s through tsx's module
// hooks. Packages stay imports, so the module lives in the repository's .tmp/ to find node_modules.
let adapter: string[];
let buildDir: string;
beforeAll(async () => {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  buildDir = mkdtempSync(join(ROOT, '.tmp', 'mutants-adapter-'));
  const outfile = join(buildDir, 'mutant-adapter.mjs');
  await build({ entryPoints: [MAIN], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'error' });
  adapter = [process.execPath, outfile];
});
afterAll(() => {
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

async function run(extra: string[], select: string[] = []): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  // Fewer runs and no shrinking: the test needs each mutant caught, not its smallest counterexample.
  // A long timeout: several adapters start at once beside the rest of the suite, and a start slowed
  // by load is not what this test is about.
  const args = parseArgs(['--runs', process.env.TR_MUTANT_RUNS ?? '25', '--no-shrink', '--timeout', '60000', ...select, '--', ...adapter, ...extra]);
  if (args.command !== 'conformance') throw new Error('parse');
  const code = await runConformance(args, { out: (l) => lines.push(l), err: () => {} });
  return { code, out: lines.join('\n') };
}

const killed = new Set<string>();

// A hang guard only: each mutant's run takes seconds, the reference's whole run a minute quiet and
// many times that beside other suites on two cores; a verdict comes from the kit, never this limit.
describe.concurrent('mutation testing', { timeout: 1_200_000 }, () => {
  it('TR-CONF-5: the reference adapter passes every case', async () => {
    const { code, out } = await run([]);
    expect(out).toMatch(/(^|\n)\d+ passed, 0 failed(, \d+ skipped)?$/);
    expect(code).toBe(0);
  });

  it.each(mutants.map((m) => [m.name, m.breaks, m] as const))('TR-CONF-13: mutant %s is killed by a case naming %s', async (name, breaks) => {
    // Only the cases that name the requirement: one of them must kill the mutant, and the whole
    // kit per mutant would cost minutes. The reference run above covers every case. Every case
    // --only selects names the requirement, so the first failure is a kill: stop there.
    const { code, out } = await run(['--mutant', name], ['--only', breaks, '--fail-fast']);
    expect(code).toBe(1);
    const failing = [...out.matchAll(/^FAIL (\S+) \[([^\]]*)\]$/gm)].map((m) => ({ id: m[1]!, requirements: m[2]!.split(' ') }));
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.filter((f) => f.requirements.includes(breaks)).map((f) => f.id)).not.toEqual([]);
    killed.add(name);
  });

  afterAll(() => {
    const score = killed.size / mutants.length;
    console.log(`mutation score: ${killed.size}/${mutants.length} mutants killed (${(score * 100).toFixed(0)}%)`);
    // The table requirement → mutants → killed, for the lead and the site (reports/ is not committed).
    const table = requirementTable(parseSpec(join(ROOT, 'spec')).requirements, mutants, readUnchecked());
    const rows = table.map((r) => ({ ...r, mutants: r.mutants.map((name) => ({ name, killed: killed.has(name) })) }));
    const named = rows.filter((r) => r.mutants.length > 0);
    const dead = named.filter((r) => r.mutants.some((m) => m.killed));
    mkdirSync(join(ROOT, 'reports'), { recursive: true });
    writeFileSync(join(ROOT, 'reports', 'mutants.json'), `${JSON.stringify({ mutants: mutants.length, killed: killed.size, requirements: rows }, null, 2)}\n`);
    console.log(
      `requirements named by a mutant: ${named.length} (${named.filter((r) => r.mandatory).length} MUST), ${dead.length} with a killed mutant; ${rows.length - named.length} MUST listed as unchecked; table in reports/mutants.json`,
    );
    for (const r of named) if (!dead.includes(r)) console.log(`  ${r.id}: no mutant killed (${r.mutants.map((m) => m.name).join(', ')})`);
  });
});

describe('mutant set', () => {
  it('has at least 12 mutants with distinct names, each naming one requirement', () => {
    expect(mutants.length).toBeGreaterThanOrEqual(12);
    expect(new Set(mutants.map((m) => m.name)).size).toBe(mutants.length);
    for (const m of mutants) expect(m.breaks).toMatch(/^TR-[A-Z]+-[0-9]+$/);
  });
});
