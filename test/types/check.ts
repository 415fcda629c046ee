// One language's generated types, held to the examples (see cases.ts): generated through the CLI,
// compiled or checked by the language's own toolchain, then every example decoded and encoded back.
// A missing toolchain is a failure that names the package to install, never a skip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../codegen/cli.ts';
import { buildModel } from '../../codegen/ir.ts';
import { listSchemaFiles } from '../../codegen/schema-set.ts';
import { loadCases } from './cases.ts';
import { DRIVERS, type RoundTripLanguage, type Step } from './drivers.ts';

const INSTALL: Record<string, string> = {
  go: 'golang-go',
  gofmt: 'golang-go',
  php: 'php-cli',
  cargo: 'cargo and librust-serde-json-dev, librust-serde-derive-dev',
  python3: 'python3',
};

function exec(step: Step, extraArgs: string[] = []): string {
  const r = spawnSync(step.cmd, [...step.args, ...extraArgs], { cwd: step.cwd, env: { ...process.env, ...step.env }, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error)
    throw new Error(
      `${step.label}: cannot run ${step.cmd} (${(r.error as NodeJS.ErrnoException).code}); install ${INSTALL[step.cmd] ?? step.cmd} (.ci/setup.d/13-toolchains.sh)`,
    );
  if (r.status !== 0) throw new Error(`${step.label} failed (exit ${r.status}):\n${(r.stderr + r.stdout).slice(0, 4000)}`);
  return r.stdout;
}

interface Answer {
  id: string;
  ok: boolean;
  out?: string;
  error?: string;
}

export function describeLanguage(lang: Exclude<RoundTripLanguage, 'ts'>): void {
  describe(`generated ${lang} types`, () => {
    const driver = DRIVERS[lang];
    const { model, cases } = loadCases();
    const types = [...new Set(cases.map((c) => c.type))];
    const work = mkdtempSync(join(tmpdir(), `types-${lang}-`));
    const answers = new Map<string, Answer>();
    let checks: Step[] = [];
    let run: Step | null = null;

    beforeAll(async () => {
      const out = join(work, driver.outDir);
      const code = await main(['--lang', lang, '--out', out, ...driver.generateArgs]);
      expect(code).toBe(0);
      ({ checks, run } = driver.prepare(work, model, types, readdirSync(out)));
    });
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    // cargo builds serde from source: seconds of CPU, but a minute of waiting on a busy machine.
    it('compile and pass the toolchain checks', { timeout: 300_000 }, () => {
      for (const step of checks) {
        const stdout = exec(step);
        if (step.cmd === 'gofmt') expect(stdout, 'gofmt -l lists files that are not formatted').toBe('');
      }
      writeFileSync(join(work, 'cases.json'), JSON.stringify(cases.map((c) => [c.id, c.type, c.text])));
      for (const line of exec(run!, [join(work, 'cases.json')])
        .split('\n')
        .filter(Boolean)) {
        const a = JSON.parse(line) as Answer;
        answers.set(a.id, a);
      }
      expect(answers.size).toBe(cases.length);
    });

    it('TR-MODEL-14: decode every valid example and encode it back to equal JSON (absent stays absent, null stays null)', () => {
      expect(answers.size, 'the program ran').toBe(cases.length);
      const wrong: string[] = [];
      for (const c of cases.filter((x) => x.kind === 'valid')) {
        const a = answers.get(c.id)!;
        if (!a.ok) wrong.push(`${c.id} (${c.type}): does not decode: ${a.error}`);
        else if (!isDeepStrictEqual(JSON.parse(a.out!), JSON.parse(c.text)))
          wrong.push(`${c.id} (${c.type}): wrote ${a.out} for ${JSON.stringify(JSON.parse(c.text))}`);
      }
      expect(wrong).toEqual([]);
      expect(cases.filter((x) => x.kind === 'valid').length).toBeGreaterThan(40);
    });

    // `--only model`: a runtime's types without the kit's formats. The same program, over the examples
    // of the model's types only, must compile and round-trip; none of the kit's types is generated.
    it('--only model: the data model alone compiles and round-trips its examples', { timeout: 300_000 }, async () => {
      const modelNames = new Set(buildModel(listSchemaFiles().filter((f) => f.rel.startsWith('model/'))).decls.map((d) => d.name));
      const modelCases = cases.filter((c) => modelNames.has(c.type));
      expect(modelCases.length).toBeGreaterThan(20);
      expect(modelNames.has('ToolResult') && !modelNames.has('VectorFile')).toBe(true);
      const work2 = join(work, 'only-model');
      const out = join(work2, driver.outDir);
      expect(await main(['--lang', lang, '--out', out, ...driver.generateArgs, '--only', 'model'])).toBe(0);
      const generated = readdirSync(out);
      const text = generated.map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
      expect(text).not.toMatch(/VectorFile|AdapterProtocol|ComplianceReport/);
      const prepared = driver.prepare(work2, model, [...new Set(modelCases.map((c) => c.type))], generated);
      // Rust: the first build's target folder holds serde already compiled; this build reuses it.
      const reuse = (step: Step): Step => (step.env?.['CARGO_TARGET_DIR'] ? { ...step, env: { ...step.env, CARGO_TARGET_DIR: join(work, 'target') } } : step);
      for (const step of prepared.checks) exec(reuse(step));
      writeFileSync(join(work2, 'cases.json'), JSON.stringify(modelCases.map((c) => [c.id, c.type, c.text])));
      const runStep = prepared.run!;
      const cargoRun = runStep.cmd.startsWith(join(work2, 'target'))
        ? { ...runStep, cmd: runStep.cmd.replace(join(work2, 'target'), join(work, 'target')) }
        : runStep;
      const wrong = exec(cargoRun, [join(work2, 'cases.json')])
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Answer)
        .flatMap((a) => {
          const kind = modelCases.find((c) => c.id === a.id)!.kind;
          // Valid examples decode; type-level invalid ones are refused (value-level rules are not the types').
          return (kind === 'valid' && !a.ok) || (kind === 'invalid-type' && a.ok) ? [`${a.id}: ${kind}, ${a.ok ? 'decoded' : a.error}`] : [];
        });
      expect(wrong).toEqual([]);
    });

    it('refuse every example that breaks a member, a type, a closed set or a constant', () => {
      expect(answers.size, 'the program ran').toBe(cases.length);
      const accepted = cases.filter((c) => c.kind === 'invalid-type' && answers.get(c.id)!.ok).map((c) => `${c.id} (${c.type}) decoded`);
      expect(accepted).toEqual([]);
      expect(cases.filter((x) => x.kind === 'invalid-type').length).toBeGreaterThan(40);
    });
  });
}
