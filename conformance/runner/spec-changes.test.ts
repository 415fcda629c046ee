// TR-CONF-24: the kit names the spec version it checks on its first line, and, for an adapter whose
// handshake names an earlier specVersion (TR-CONF-3), which failures are of requirements changed
// since, from spec/changes.json.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { runConformance } from './run.ts';
import { changeLines, changesOfCase, changesSince, lastReleased, SPEC_VERSIONS } from './spec-changes.ts';
import { KIT_VERSION, specVersion } from './versions.ts';

const ADAPTER = join(dirname(fileURLToPath(import.meta.url)), 'test-adapters', 'older-spec.mjs');
const CHANGED = 'vector/normalize-langchain/artifact/unwrap-extra-keys'; // TR-NORM-56, TR-NORM-21
const UNCHANGED = 'vector/normalize-langchain/artifact/other-object-artifact'; // TR-NORM-55, unchanged since draft.1

async function run(adapterArgs: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const args = parseArgs(['--only', CHANGED, '--only', UNCHANGED, '--', process.execPath, ADAPTER, ...adapterArgs]);
  if (args.command !== 'conformance') throw new Error('parse');
  const code = await runConformance(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('TR-CONF-24: spec versions', () => {
  it('the last released version of spec/changes.json is the one the kit names; changes since it are the unreleased ones', () => {
    expect(lastReleased().version).toBe(specVersion());
    expect(KIT_VERSION).toBe(specVersion());
    const open = SPEC_VERSIONS[0]!;
    expect(changesSince(specVersion())).toEqual(open.unreleased === true ? open.changes.filter((c) => c.kind !== 'editorial') : []);
    expect(changesSince('0.0.0-unknown')).toBeUndefined();
  });

  it('changes since an earlier version are matched to a case by its requirements; editorial ones are not', () => {
    const since = changesSince('1.0.0-draft.1')!;
    // TR-NORM-21 changed too (1.0.0-alpha.4: the reserved _meta keys); TR-BOUND-1 has not changed since draft.1.
    expect(changesOfCase(['TR-NORM-56', 'TR-BOUND-1'], since).map((h) => h.id)).toEqual(['TR-NORM-56']);
    expect(changesOfCase(['TR-BOUND-14'], since)).toEqual([]); // its change is editorial
    // A change that names the case explains it; only then are its other changed requirements left out.
    const named = changeLines({ id: 'vector/bound/measure/key-collision-counts-members', requirements: ['TR-BOUND-7', 'TR-BOUND-8'] }, since, '1.0.0-draft.1');
    expect(named.length).toBeGreaterThan(0);
    for (const l of named) expect(l).toContain('which names this case');
    expect(named[0]).toMatch(/^ {2}changed since spec 1\.0\.0-draft\.1: TR-BOUND-7 \(colliding keys after coercion\), which names this case: /);
    // No change names it: the changes of its requirements may explain it, and say that they do not name it.
    const unnamed = changeLines({ id: 'vector/none/such/case', requirements: ['TR-BOUND-7', 'TR-BOUND-18'] }, since, '1.0.0-draft.1');
    expect(unnamed).toHaveLength(2);
    expect(unnamed[0]).toMatch(/^ {2}changed since spec 1\.0\.0-draft\.1: TR-BOUND-7 \(colliding keys after coercion\), which does not name this case: /);
    expect(unnamed[1]).toMatch(/^ {2}added since spec 1\.0\.0-draft\.1: TR-BOUND-18 \(/);
  });

  it('first line names the spec; an adapter written for 1.0.0-draft.1 is told which failures changed since', async () => {
    const { code, out, err } = await run(['1.0.0-draft.1']);
    expect(code).toBe(1);
    // The released version, and the unreleased entries the kit already checks when there are any.
    const open = SPEC_VERSIONS[0]!;
    const pending = open.unreleased === true && open.changes.length > 0 ? ` and the ${open.changes.length} unreleased changes of ${open.version}` : '';
    expect(err[0]).toBe(`toolresult conformance kit ${KIT_VERSION}: checks spec ${specVersion()}${pending}`);
    expect(err.some((l) => /^the adapter was written for spec 1\.0\.0-draft\.1; \d+ requirements were added or changed since/.test(l))).toBe(true);
    const changed = out.find((l) => l.startsWith(`FAIL ${CHANGED} `))!;
    expect(changed).toMatch(/\n {2}changed since spec 1\.0\.0-draft\.1: TR-NORM-56 \(/);
    const unchanged = out.find((l) => l.startsWith(`FAIL ${UNCHANGED} `))!;
    expect(unchanged).toBeDefined();
    expect(unchanged).not.toContain('since spec');
    expect(out.some((l) => l.startsWith("of the failures, requirements changed since spec 1.0.0-draft.1, the adapter's: TR-NORM-56"))).toBe(true);
    expect(out).toContain(
      `1 of 2 failures are of cases a change since spec 1.0.0-draft.1 names; no change names these 1, so they are not explained by a newer spec: ${UNCHANGED}`,
    );
  }, 60_000);

  it('an adapter written for the newest version, or naming none, gets no change lines; an unknown or hostile version is said safely', async () => {
    for (const argv of [[SPEC_VERSIONS[0]!.version], []]) {
      const { out, err } = await run(argv);
      expect(out.join('\n')).not.toContain('since spec');
      expect(err.join('\n')).not.toContain('written for spec');
    }
    const { out, err } = await run(['9.9.9\u001b[2J']);
    expect(out.join('\n')).not.toContain('since spec');
    const line = err.find((l) => l.includes('written for spec'))!;
    expect(line).toMatch(/which this kit does not know/);
    expect(line).not.toContain('\u001b');
  }, 60_000);
});
