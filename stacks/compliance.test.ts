// The committed compliance matrix (stacks/compliance/): it matches its schema, the README (the matrix
// page) and the rows' files of evidence are the report rendered, the control row passes everything,
// every failing cell carries evidence and a replay command, and the rows name the pinned versions. The control row is run again here; the whole
// matrix is run again by `npm run compliance:verify`, a part of `npm test` that runs after the main
// vitest run (scripts/run-tests.ts), so that its stack processes do not compete with the timed tests
// for the CPU.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadSchemas } from '../codegen/schema-validator.ts';
import { COMPLIANCE_DIR, readCommitted, verifyCommitted } from './kit/cli.ts';
import { CHECKS } from './kit/checks.ts';
import { anchor, md, renderPages, rowFile, why } from './kit/report.ts';
import { STACK_ROWS, STACKS_DIR } from './kit/stacks.ts';
import { ALL_PROVIDERS, PROVIDER_PACKAGE_FORMATS } from './adapters/shared/fake-provider.ts';
import packageJson from '../package.json' with { type: 'json' };
import stackPackageJson from './npm/package.json' with { type: 'json' };

const report = readCommitted();

/** `name -> version` of a Python stack folder's requirements.txt (the `name==version` lines). */
function pythonPins(adapter: string): Record<string, string> {
  const text = readFileSync(join(STACKS_DIR, dirname(adapter), 'requirements.txt'), 'utf8');
  return Object.fromEntries(
    [...text.matchAll(/^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?==([^\s;\\]+)/gm)].map((m) => [m[1]!.toLowerCase().replace(/[._]/g, '-'), m[2]!]),
  );
}
/** Generated cases per passing cell in the drift check (the committed run has more). */
const DRIFT_RUNS = 5;

describe('compliance matrix', () => {
  it("TR-STACK-12: report.json matches compliance-report.schema.json, and the README and the rows' files are that report rendered", () => {
    const validate = loadSchemas().getSchema('https://toolresult.dev/schemas/v1/conformance/compliance-report.schema.json')!;
    expect(validate(report), JSON.stringify(validate.errors?.[0])).toBe(true);
    const pages = renderPages(report);
    for (const [file, text] of pages) expect(readFileSync(join(COMPLIANCE_DIR, file), 'utf8'), file).toBe(text);
    // No file of a row that is gone.
    expect(
      readdirSync(join(COMPLIANCE_DIR, 'rows'))
        .map((f) => `rows/${f}`)
        .sort(),
    ).toEqual([...pages.keys()].filter((f) => f.startsWith('rows/')).sort());
    expect(report.checks.map((c) => c.id)).toEqual(CHECKS.map((c) => c.id));
    expect(report.stacks.map((s) => s.id)).toEqual(STACK_ROWS.map((r) => r.id));
  });

  it("TR-STACK-12: the matrix page is a page: rows × checks and one line of why per failing cell, linking to the evidence in its row's file", () => {
    const readme = readFileSync(join(COMPLIANCE_DIR, 'README.md'), 'utf8');
    const lines = readme.split('\n');
    const notPassing = report.cells.filter((c) => c.verdict === 'fail' || c.verdict === 'limit' || c.verdict === 'error');
    // The tables (one for the provider body, one for stores and telemetry), the legend, one line per
    // failing cell (and a heading per row), the figures: nothing else.
    const tables = new Set(report.checks.map((c) => c.reads !== undefined)).size;
    expect(lines.length).toBeLessThan(40 + (4 + tables) * report.stacks.length + notPassing.length + report.checks.length);
    expect(
      lines.some((l) => l.startsWith('```')),
      'no evidence on the matrix page',
    ).toBe(false);
    const ids = new Map<string, Set<string>>();
    const anchorsOf = (file: string) =>
      ids.get(file) ??
      ids.set(file, new Set([...readFileSync(join(COMPLIANCE_DIR, file), 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!))).get(file)!;
    for (const c of notPassing) {
      const target = `${rowFile(c.stack)}#${anchor(c.check)}`;
      // The cell of the table and its line of why both link to the evidence, which is there.
      expect(lines.filter((l) => l.includes(`](${target})`)).length, target).toBe(2);
      expect(
        lines.find((l) => l.startsWith('- [') && l.includes(`](${target}): `)),
        target,
      ).toContain(md(why(c)));
      expect(anchorsOf(rowFile(c.stack)).has(anchor(c.check)), target).toBe(true);
    }
  });

  it('TR-STACK-13: the control rows pass every check at every provider, at the body and at the model interface', () => {
    const controls = report.stacks.filter((s) => s.control);
    // A control per language (control: TypeScript, control-py: Python), each at every provider.
    const languages = [...new Set(controls.map((s) => s.stack))].sort();
    expect(languages).toEqual(['control', 'control-py']);
    for (const l of languages)
      expect(
        controls
          .filter((s) => s.stack === l)
          .map((s) => s.provider)
          .sort(),
        l,
      ).toEqual([...ALL_PROVIDERS].sort());
    for (const s of controls) {
      const cells = report.cells.filter((c) => c.stack === s.id);
      expect(cells.map((c) => c.check)).toEqual(CHECKS.map((c) => c.id));
      for (const c of cells) {
        expect(c.verdict, `${s.id} ${c.check}`).toBe('pass');
        expect(['pass', 'n/a'], `${s.id} ${c.check} at the model interface`).toContain(c.model.verdict);
      }
    }
  });

  it('TR-STACK-8: no error result passes while its tool-result part reads as a success', () => {
    // Every row's TR-STACK-8 cell is judged on error cases; a pass there means each tool-result part
    // carried its format's error signal. The vectors include error results, so the cell ran on them.
    for (const c of report.cells.filter((x) => x.check === 'TR-STACK-8')) {
      expect(c.vectors, c.stack).toBeGreaterThan(0);
      if (c.verdict === 'fail' || c.verdict === 'limit')
        expect(
          c.evidence.some((e) => /as a success|threw|never reached|no tool-result part/.test(e.summary)),
          c.stack,
        ).toBe(true);
    }
  });

  it("TR-STACK-12: a stack limit is not a pass: it keeps its evidence, names its reason and the upstream change, and explains every failure of its cell; no limit is stale; every integration row passes every MUST check but its stack's limits", () => {
    for (const c of report.cells.filter((x) => x.verdict === 'limit')) {
      expect(c.evidence.length, `${c.stack} ${c.check}`).toBeGreaterThan(0);
      expect(c.reason, `${c.stack} ${c.check}`).toMatch(/\w/);
      expect(c.upstream, `${c.stack} ${c.check}`).toMatch(/\w/);
      // The committed evidence is what the row's limit (as declared now) expects to see.
      const declared = STACK_ROWS.find((r) => r.id === c.stack)?.limits?.[c.check];
      expect(c.expects, `${c.stack} ${c.check}`).toBe(declared?.expects.summary.source);
      for (const e of c.evidence) expect(e.summary, `${c.stack} ${c.check} ${e.case}`).toMatch(declared!.expects.summary);
    }
    // Every declared limit has a cell it explains, and the report names no stale one.
    for (const r of STACK_ROWS)
      for (const check of Object.keys(r.limits ?? {}))
        expect(report.cells.find((c) => c.stack === r.id && c.check === check)?.verdict, `${r.id} ${check}`).toBe('limit');
    expect(report.findings).toEqual([]);
    const must = new Set(report.checks.filter((k) => k.level === 'MUST').map((k) => k.id));
    const integration = report.cells.filter((c) => /-toolresult@/.test(c.stack) && must.has(c.check));
    expect(integration.length).toBeGreaterThan(0);
    expect(integration.filter((c) => c.verdict !== 'pass' && c.verdict !== 'limit').map((c) => `${c.stack} ${c.check}`)).toEqual([]);
  });

  it('TR-STACK-12: an n/a cell gives its reason', () => {
    for (const c of report.cells.filter((x) => x.verdict === 'n/a')) expect(c.reason, `${c.stack} ${c.check}`).toMatch(/\w/);
    for (const c of report.cells.filter((x) => x.model.verdict === 'n/a')) expect(c.model.summary, `${c.stack} ${c.check}`).toMatch(/\w/);
  });

  it('TR-STACK-12: every failing cell has evidence, and a replay command for exactly its stack, check and case', () => {
    const failing = report.cells.filter((c) => c.verdict === 'fail');
    expect(failing.length).toBeGreaterThan(0);
    for (const c of failing) {
      expect(c.evidence.length, `${c.stack} ${c.check}`).toBeGreaterThan(0);
      for (const e of c.evidence) {
        const how = e.source === 'vector' ? `--vector ${e.case}` : `--seed ${report.kit.seed} --path ${e.case.replace(/^seed \d+ path /, '')}`;
        expect(e.replay).toBe(`npm run compliance -- --stack ${c.stack} --check ${c.check} ${how}`);
        if (e.found) for (const o of e.found) expect(o.excerpt).toContain(`⟦${e.canary}⟧`);
      }
    }
  });

  it('TR-STACK-14: every row names exact versions, the pinned ones among them, and its runtime', () => {
    // The stacks' packages are pinned in their own project (stacks/npm); the MCP SDK and the reference's tools in the root's.
    const npmPins = { ...(packageJson.devDependencies as Record<string, string>), ...(stackPackageJson.dependencies as Record<string, string>) };
    for (const s of report.stacks) {
      const row = STACK_ROWS.find((r) => r.id === s.id)!;
      const python = row.adapter.endsWith('.py');
      // A Python row names its interpreter and the major of the MCP SDK it runs; its pins are its folder's hashed requirements.
      expect(s.runtime, s.id).toMatch(python ? /^python \(CPython \d+\.\d+\.\d+; mcp \d+\.x\)$/ : /^javascript \(node v\d+\.\d+\.\d+\)$/);
      const pins = python ? pythonPins(row.adapter) : npmPins;
      for (const nv of s.version.split(' ')) {
        const at = nv.lastIndexOf('@');
        const [name, version] = [nv.slice(0, at), nv.slice(at + 1)];
        expect(version, nv).toMatch(python ? /^\d+(\.\d+)*((a|b|rc)\d+|\.post\d+|-[\w.]+)?$/ : /^\d+\.\d+\.\d+(-[\w.]+)?$/);
        if (name in pins) expect(version, `${name} is pinned to ${pins[name]}`).toBe(pins[name]);
        else if (python && !name.startsWith('toolresult-protocol')) expect.fail(`${s.id}: ${name} is not pinned in the folder's requirements.txt`);
      }
      if (python) expect(s.runtime, `${s.id}: the runtime's MCP major is the pinned mcp's`).toContain(`mcp ${pins['mcp']!.split('.')[0]}.x`);
      // A row names the provider package that built its body (the control builds its own).
      const providerPackages = Object.entries(PROVIDER_PACKAGE_FORMATS)
        .filter(([, formats]) => (formats as readonly string[]).includes(s.provider))
        .map(([name]) => name);
      if (!s.control)
        expect(
          s.version.split(' ').some((nv) => providerPackages.includes(nv.slice(0, nv.lastIndexOf('@')))),
          `${s.id} names its provider package`,
        ).toBe(true);
    }
  });

  it('TR-STACK-11, TR-STACK-14: the control adapter produces its committed rows (the drift check, on those rows)', async () => {
    // The TypeScript control here; the Python one, which needs its venv, runs in `npm run compliance:verify` (every control row, every day).
    const problems = await verifyCommitted(
      report,
      DRIFT_RUNS,
      undefined,
      report.stacks.filter((s) => s.control && s.stack === 'control').map((s) => s.id),
    );
    expect(problems, 'run `npm run compliance` and commit stacks/compliance/').toEqual([]);
  }, 300_000);
});
