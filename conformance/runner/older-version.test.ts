// TR-CONF-24 end to end: an adapter that behaves as the reference adapter of an earlier version did
// (its recorded answers, conformance/released/answers/) and names that version in its handshake
// fails the cases that version's reference failed in this kit, and the kit explains every one of
// those failures by a change since that version that names the case.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { runConformance } from './run.ts';
import { readOlderAnswers } from '../released/older-answers.ts';

const ADAPTER = join(dirname(fileURLToPath(import.meta.url)), '..', 'released', 'older-version-adapter.ts');
// Cases the older version passes: they must pass here too (the planted adapter is today's elsewhere).
const PASSING = ['vector/normalize-langchain/artifact/other-object-artifact', 'vector/bound/measure/*'];

// alpha.2's reference answered every request; draft.1's hung on some patterns, whose answers were
// never recorded, so the planted draft.1 answers those as today's reference and fails a few less.
describe.each([
  { OLDER: '1.0.0-alpha.2', exact: true },
  { OLDER: '1.0.0-draft.1', exact: false },
])('an implementation of $OLDER, planted', ({ OLDER, exact }) => {
  const { failed } = readOlderAnswers(OLDER);

  it('fails the recorded cases, each explained by a change that names it', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const only = [...failed, ...PASSING].flatMap((id) => ['--only', id]);
    const args = parseArgs([...only, '--no-shrink', '--', process.execPath, '--import', import.meta.resolve('tsx'), ADAPTER, OLDER]);
    if (args.command !== 'conformance') throw new Error('parse');
    const code = await runConformance(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
    expect(code).toBe(1);
    expect(err.some((l) => l.startsWith(`the adapter was written for spec ${OLDER}; `))).toBe(true);
    const reports = out.filter((l) => l.startsWith('FAIL '));
    const ids = reports.map((l) => l.slice(5).split(' ')[0] ?? '');
    // A moved property generator or a moved expected answer changes what the recording reproduces:
    // record that version again (conformance/released/README.md).
    const stale = `the recording of ${OLDER} no longer matches this kit: tsx scripts/record-older-answers.ts ${OLDER}`;
    if (exact) expect(ids.sort(), stale).toEqual([...failed].sort());
    else {
      expect(
        ids.filter((id) => !failed.includes(id)),
        stale,
      ).toEqual([]);
      expect(ids.length).toBeGreaterThan(failed.length * 0.9);
    }
    const unexplained = reports.filter((l) => !new RegExp(`\\n {2}\\w+ since spec ${OLDER.replaceAll('.', '\\.')}: .*, which names this case: `).test(l));
    expect(unexplained.map((l) => l.split('\n')[0])).toEqual([]);
    expect(out).toContain(`every failure (${ids.length}) is of a case a change since spec ${OLDER} names: the changes above say what to do`);
  }, 300_000);
});
