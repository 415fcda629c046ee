// Runs this kit against the reference adapter of an earlier spec version (its release commit, from
// git) and keeps what that version answered where today's reference answers otherwise, with the
// cases it fails: conformance/released/answers/<version>.json. That file is how a test runs "an
// implementation of the earlier version" (conformance/released/older-version-adapter.ts) and
// the source of the CHANGELOG's "fails under" lists: computed, never written by hand. Run it again
// when an unreleased version's entries name new cases:
//   tsx scripts/record-older-answers.ts VERSION [COMMIT]   (COMMIT: spec/changes.json's, by default)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { answer } from '../reference-adapter/main.ts';
import { handlers as referenceHandlers } from '../reference-adapter/ops/index.ts';
import { ANSWERS_DIR, requestKey, type OlderAnswers, type RecordedAnswer } from '../conformance/released/older-answers.ts';
import { SPEC_VERSIONS } from '../conformance/runner/spec-changes.ts';
import { DEFAULT_SEED } from '../conformance/runner/args.ts';
import { ROOT } from './schema-files.ts';

/** Where each version's reference adapter lived (it moved out of conformance/ in issue 38). */
const ENTRIES = ['reference-adapter/main.ts', 'conformance/adapter/main.ts'];

const withoutId = (text: string): string => {
  const { id: _id, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(rest);
};

export function record(version: string, commit: string): OlderAnswers {
  // Outside the checkout: the old tree's own tests must not join this one's test run.
  const work = join(tmpdir(), 'toolresult-older-versions', version);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  execFileSync('sh', ['-c', `git -C "$1" archive "$2" | tar -x -C "$3"`, 'sh', ROOT, commit, work]);
  symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  const entry = ENTRIES.map((e) => join(work, e)).find((e) => existsSync(e));
  if (entry === undefined) throw new Error(`${commit} has no reference adapter at ${ENTRIES.join(' or ')}`);
  const pairs = join(work, 'pairs.jsonl');
  const tsx = ['--import', import.meta.resolve('tsx')];
  const proxy = [process.execPath, ...tsx, join(ROOT, 'conformance', 'released', 'record-proxy.ts'), pairs, version, '--', process.execPath, ...tsx, entry];
  // An old adapter may hang on a case (a pattern that backtracks) until the kit gives it up: the
  // cases left "not run" then are run again on their own, until every case has its own verdict.
  const status = new Map<string, string>();
  let only: string[] = [];
  for (let round = 0; round < 60; round++) {
    const report = join(work, `report-${round}.json`);
    const selection = only.flatMap((id) => ['--only', id]);
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'bin', 'toolresult.js'), 'conformance', '--seed', String(DEFAULT_SEED), ...selection, '--report-json', report, '--', ...proxy],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (run.status !== 0 && run.status !== 1) throw new Error(`the kit run against ${version} ended with status ${run.status}`);
    const cases = (JSON.parse(readFileSync(report, 'utf8')) as { cases: { id: string; status: string; failure?: { reason: string } }[] }).cases;
    for (const c of cases) status.set(c.id, c.status);
    const notRun = cases.filter((c) => c.failure?.reason.startsWith('not run: '));
    // A case that alone still finds the adapter given up keeps its failure (it is the one that hangs).
    only = notRun.length === cases.length ? [] : notRun.map((c) => c.id);
    if (only.length === 0) break;
  }
  const answers: Record<string, RecordedAnswer> = {};
  for (const line of readFileSync(pairs, 'utf8').split('\n')) {
    if (line === '') continue;
    const { request, answer: older } = JSON.parse(line) as { request: string; answer: string };
    if (/"op":"(hello|stop)"/.test(request.slice(0, 40))) continue;
    const today = JSON.stringify(answer(request, referenceHandlers, 'toolresult-reference').response);
    if (withoutId(today) !== withoutId(older)) answers[requestKey(request)] = JSON.parse(withoutId(older)) as RecordedAnswer;
  }
  return {
    version,
    commit,
    seed: DEFAULT_SEED,
    failed: [...status].filter(([, st]) => st === 'fail').map(([id]) => id),
    answers: Object.fromEntries(Object.entries(answers).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

/** The file's text: one line per failed case and per answer, so a new recording diffs by line. */
export function answersText(a: OlderAnswers): string {
  const lines = (entries: string[]) => (entries.length === 0 ? '' : `\n${entries.map((e) => `    ${e}`).join(',\n')}\n  `);
  const failed = lines(a.failed.map((id) => JSON.stringify(id)));
  const answers = lines(Object.entries(a.answers).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`));
  return `{\n  "version": ${JSON.stringify(a.version)},\n  "commit": ${JSON.stringify(a.commit)},\n  "seed": ${a.seed},\n  "failed": [${failed}],\n  "answers": {${answers}}\n}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [version, given] = process.argv.slice(2);
  const commit = given ?? SPEC_VERSIONS.find((v) => v.version === version)?.commit;
  if (version === undefined || commit === undefined) {
    process.stderr.write('usage: tsx scripts/record-older-answers.ts VERSION [COMMIT] (a version of spec/changes.json with a commit)\n');
    process.exit(2);
  }
  const recorded = record(version, commit);
  mkdirSync(ANSWERS_DIR, { recursive: true });
  writeFileSync(join(ANSWERS_DIR, `${version}.json`), answersText(recorded));
  process.stdout.write(
    `${version} (${commit}): ${recorded.failed.length} cases fail, ${Object.keys(recorded.answers).length} answers differ from today's reference\n`,
  );
}
