// One conformance run: start the adapter, select and run the cases, judge them against the
// known-failing list, print failures with their replay command, write reports, return the exit code.
import type { HelloOutput } from '../protocol/messages.ts';
import { DEFAULT_TIMEOUT_MS, UsageError, type ConformanceArgs } from './args.ts';
import { referenceCommand, unrunnable, type RunIO } from '../core/command.ts';
import type { CaseResult, KitCase, Need, Outcome } from '../core/case.ts';
import { allCases } from './library.ts';
import { compilePattern, selectCases, unmatchedPatterns } from './patterns.ts';
import { AdapterProcess } from '../core/process.ts';
import { judge, loadKnownFailing, unusedPatterns } from './results.ts';
import { summarize, summaryLine, writeJsonReport, writeJunit } from './reports.ts';
import { caseHeader, failureReport } from './display.ts';
import { fileProblem, prepareOutputFile } from './files.ts';
import { adapterActivity, groupLine, heartbeat } from './progress.ts';
import { recapLines } from './recap.ts';
import { stringModelNote } from './string-model.ts';
import { changeLines, changesSince, explainingChanges, SPEC_VERSIONS, type RequirementChange } from './spec-changes.ts';
import { KIT_VERSION, specVersion } from './versions.ts';
import { terminalSafe } from '../core/terminal-safe.ts';
import { commandLine } from '../core/replay.ts';

export { referenceCommand, unrunnable, type RunIO } from '../core/command.ts';

/** What a replay needs besides the case: the options that change its outcome. */
export type ReplayOptions = Pick<ConformanceArgs, 'adapter' | 'timeoutMs' | 'noShrink'>;

/** How the kit was started, as words that start it again: `npm run conformance --` in this repository. */
export const NPM_SCRIPT: readonly string[] = ['npm', 'run', 'conformance', '--'];

export function replayCommand(c: KitCase, outcome: Outcome, opts: ReplayOptions, invocation: readonly string[] = NPM_SCRIPT): string {
  const parts = [...invocation, '--only', c.id];
  if (!outcome.passed && outcome.seed !== undefined) {
    parts.push('--seed', String(outcome.seed));
    if (outcome.path) parts.push('--path', outcome.path);
    // Shrinking on replay would go on from the unshrunk input and report a different one.
    if (opts.noShrink) parts.push('--no-shrink');
  }
  // A timeout failure replayed with the default timeout might pass.
  if (opts.timeoutMs !== DEFAULT_TIMEOUT_MS) parts.push('--timeout', String(opts.timeoutMs));
  if (opts.adapter) parts.push('--', ...opts.adapter);
  return commandLine(parts);
}

function missingNeed(need: Need, hello: HelloOutput): boolean {
  if (need === 'utf16-strings') return hello.stringModel === 'bytes';
  if (need === 'cycles') return !hello.cycles;
  // A language without a native byte array (PHP) says byteArrays: false; absent means it has one.
  if (need === 'byte-arrays') return hello.byteArrays === false;
  return !hello.opaqueValues;
}

/** Why a case does not apply to this adapter, or undefined when it does. */
export function skipReason(c: KitCase, hello: HelloOutput): string | undefined {
  const claimed = new Set<string>(hello.groups);
  const missing = c.groups.filter((g) => (g === 'normalize' ? !hello.groups.some((h) => h.startsWith('normalize-')) : !claimed.has(g)));
  // `normalize` stands for any of the three normalize-* groups.
  if (missing.length > 0) return `group ${missing.map((g) => (g === 'normalize' ? 'normalize-*' : g)).join(', ')} not claimed`;
  const needs = c.needs.filter((n) => missingNeed(n, hello));
  if (needs.length > 0) return `adapter cannot build ${needs.join(', ')}`;
  return undefined;
}

/** The groups of the selected cases that the adapter does not claim, each named once. */
export function unclaimedGroups(cases: readonly KitCase[], hello: HelloOutput): string[] {
  const groups = [...new Set(cases.flatMap((c) => c.groups))].sort();
  const out = groups.filter((g) => g !== 'normalize' && !(hello.groups as readonly string[]).includes(g));
  // `normalize` (any normalize-* group) adds nothing when a normalize-* group is already listed.
  if (groups.includes('normalize') && !hello.groups.some((g) => g.startsWith('normalize-')) && !out.some((g) => g.startsWith('normalize-')))
    out.push('normalize-*');
  return out;
}

/** Checks the options that need the case list: every pattern selects something, --path one property. */
function selectOrExplain(args: ConformanceArgs, library: readonly KitCase[]): KitCase[] {
  const only = args.only.map(compilePattern);
  const skip = args.skip.map(compilePattern);
  // A pattern that selects nothing is a typo (or a case-ID glob where a requirement glob was meant):
  // refused wherever it stands, not ignored because another --only matched something.
  for (const [flag, patterns] of [
    ['--only', only],
    ['--skip', skip],
  ] as const) {
    const none = unmatchedPatterns(library, patterns);
    if (none.length > 0) {
      throw new UsageError(
        `${flag} ${JSON.stringify(none[0]!.text)} matches no case of the kit (case IDs look like vector/bound/measure/..., property/TR-BOUND-8/...; a pattern starting with TR- matches requirement IDs, such as 'TR-NORM-*'; --list shows them)`,
      );
    }
  }
  const cases = selectCases(library, only, skip);
  if (cases.length === 0) throw new UsageError('no case matches the --only/--skip patterns (--list shows the case IDs)');
  if (args.path !== undefined && (cases.length !== 1 || cases[0]!.kind !== 'property')) {
    throw new UsageError(
      `--path replays one property, but the selection has ${cases.length === 1 ? `the ${cases[0]!.kind} ${cases[0]!.id}` : `${cases.length} cases`}: give --only the full property ID`,
    );
  }
  return cases;
}

/**
 * The handshake's `specVersion` (TR-CONF-24): said after the handshake, and, when it is an earlier
 * version, the changes since it for the failure reports. The version is the adapter's string: printed
 * through terminalSafe (TR-CONF-14).
 */
function writtenFor(hello: HelloOutput, io: RunIO): { version: string; changes: RequirementChange[] } | undefined {
  const named = hello.specVersion;
  if (named === undefined) return undefined;
  const shown = terminalSafe(named);
  const changes = changesSince(named);
  // The newest version, or the released one with nothing changed since: nothing to explain.
  if (changes !== undefined && changes.length === 0) return undefined;
  if (changes === undefined) {
    io.err(
      `the adapter was written for spec ${shown}, which this kit does not know (it knows ${SPEC_VERSIONS.map((v) => v.version).join(', ')}): its failures are not matched to changed requirements`,
    );
    return undefined;
  }
  const ids = new Set(changes.flatMap((c) => c.requirements));
  io.err(
    `the adapter was written for spec ${shown}; ${ids.size} requirements were added or changed since (CHANGELOG.md, "For implementers"): each failure they explain says so`,
  );
  return { version: shown, changes };
}

/** `invocation`: the words that started the kit (bin/invocation.js), for the replay lines. */
export async function runConformance(args: ConformanceArgs, io: RunIO, invocation: readonly string[] = NPM_SCRIPT): Promise<number> {
  const command = args.adapter ?? referenceCommand();
  const known = loadKnownFailing(args.knownFailing);
  const library = allCases();
  const cases = selectOrExplain(args, library);
  if (args.list) {
    for (const c of cases) io.out(`${c.id}  [${c.requirements.join(' ')}]`);
    return 0;
  }
  if (args.reportJson) prepareOutputFile('--report-json', args.reportJson);
  if (args.junit) prepareOutputFile('--junit', args.junit);

  const adapter = new AdapterProcess({
    command,
    timeoutMs: args.timeoutMs,
    ...(args.verbose ? { onStderr: (t: string) => io.err(`adapter: ${terminalSafe(t.trimEnd())}`) } : {}),
  });
  const started = await adapter.ensureStarted();
  const cannot = typeof started === 'string' ? unrunnable(command, adapter.spawnError) : undefined;
  if (cannot) throw cannot;
  // TR-CONF-24: the first line of a run names the spec whose cases run (a command that cannot start
  // at all is a usage error, one line alone).
  const open = SPEC_VERSIONS[0]!;
  const pending = open.unreleased === true && open.changes.length > 0 ? ` and the ${open.changes.length} unreleased changes of ${open.version}` : '';
  io.err(`toolresult conformance kit ${KIT_VERSION}: checks spec ${specVersion()}${pending}`);
  const results: CaseResult[] = [];
  const record = (c: KitCase, r: Omit<CaseResult, 'id' | 'requirements'>) => results.push({ id: c.id, requirements: [...c.requirements], ...r });

  if (typeof started === 'string') {
    io.out(`adapter failed to start: ${terminalSafe(started)}`);
    for (const c of cases) record(c, { status: 'fail', durationMs: 0, failure: { reason: started } });
  } else {
    io.err(
      `adapter ${terminalSafe(started.name)} ${terminalSafe(started.version)} (${terminalSafe(started.language)}, ${terminalSafe(started.protocol)}); groups: ${started.groups.join(', ') || 'none'}; seed ${args.seed}`,
    );
    const since = writtenFor(started, io);
    const changedFailures = new Set<string>();
    // TR-CONF-24: the failures an entry since the adapter's version names (explained), and the rest.
    const explained: string[] = [];
    const unexplained: string[] = [];
    const unclaimed = unclaimedGroups(cases, started);
    if (unclaimed.length > 0) io.err(`skipping the groups the adapter does not claim: ${unclaimed.join(', ')}`);

    let group = '';
    let groupStart = Date.now();
    let notRun = 0;
    let failures = 0;
    let stopped = 0;
    // An op the adapter does not implement fails every case that needs it: its report shows once.
    const reportedOps = new Set<string>();
    const flushGroup = () => {
      if (group)
        io.err(
          groupLine(
            group,
            results.filter((r) => r.id.startsWith(`${group}/`)),
            (Date.now() - groupStart) / 1000,
          ),
        );
    };
    for (const c of cases) {
      const g = c.id.split('/').slice(0, 2).join('/');
      if (g !== group) {
        flushGroup();
        group = g;
        groupStart = Date.now();
      }
      if (args.maxFailures !== undefined && failures >= args.maxFailures) {
        record(c, {
          status: 'skip',
          durationMs: 0,
          skipReason: `not run: stopped after ${failures} failure${failures === 1 ? '' : 's'} (--max-failures ${args.maxFailures})`,
        });
        stopped++;
        continue;
      }
      const skip = skipReason(c, started);
      if (skip) {
        record(c, { status: 'skip', durationMs: 0, skipReason: skip });
        if (args.verbose) io.out(`SKIP ${c.id}: ${skip}`);
        continue;
      }
      // Once the adapter is given up, the rest fail without running: one line says so, not one each.
      const givenUp = adapter.givenUp();
      if (givenUp) {
        const reason = `not run: ${givenUp}`;
        const st = judge(false, c, known);
        record(c, { status: st, durationMs: 0, failure: { reason } });
        if (st === 'fail') failures++;
        if (notRun++ === 0) io.out(`${givenUp}: every remaining case fails without running (-v lists them; so do --report-json and --junit)`);
        if (args.verbose) io.out(`${caseHeader('FAIL', c)}\n  reason: ${terminalSafe(reason)}`);
        continue;
      }
      const t0 = Date.now();
      const firstRequest = adapter.requests;
      const stopHeartbeat = heartbeat(io.err, c.id, () => adapterActivity(adapter.requests - firstRequest, adapter.waiting()), io.heartbeatMs);
      let outcome: Outcome;
      try {
        outcome = await c.run({
          adapter,
          hello: started,
          seed: args.seed,
          runs: args.runs,
          runsScale: args.runsScale,
          timeoutMs: args.timeoutMs,
          path: args.path,
          noShrink: args.noShrink,
        });
      } catch (e) {
        outcome = { passed: false, reason: `kit error: ${e instanceof Error ? e.message : String(e)}` };
      } finally {
        stopHeartbeat();
      }
      const status = judge(outcome.passed, c, known);
      const durationMs = Date.now() - t0;
      const replay = replayCommand(c, outcome, args, invocation);
      if (status === 'fail' || status === 'stale') failures++;
      if (outcome.passed) {
        record(
          c,
          status === 'stale'
            ? { status, durationMs, failure: { reason: 'listed as known failing but passes: remove it from the list' }, replay }
            : { status, durationMs },
        );
        if (status === 'stale') io.out(`${caseHeader('FAIL', c)}\n  reason: listed as known failing but passes (stale): remove it from the list`);
        else if (args.verbose) io.out(`PASS ${c.id}`);
        continue;
      }
      const { passed: _p, ...found } = outcome;
      const note = stringModelNote(found.input, started);
      const failure = note ? { ...found, reason: `${found.reason}; note: ${note}` } : found;
      record(c, { status, durationMs, failure, replay });
      // Counted before any report is held back (an op already reported), so the recap counts them all.
      if (since && status === 'fail') {
        const naming = explainingChanges(c, since.changes);
        (naming.length > 0 ? explained : unexplained).push(c.id);
        for (const ch of naming) for (const id of ch.requirements) changedFailures.add(id);
      }
      if (status === 'expected-failure' && !args.verbose) continue;
      const op = failure.unimplementedOp;
      if (op !== undefined && reportedOps.has(op) && !args.verbose) continue;
      const changed = since ? changeLines(c, since.changes, since.version) : [];
      io.out([failureReport(status === 'expected-failure' ? 'XFAIL' : 'FAIL', c, failure, replay), ...changed].join('\n'));
      if (op !== undefined && !reportedOps.has(op)) {
        reportedOps.add(op);
        io.out(`  (every other case that needs op ${op} fails the same way: not shown one by one; the recap counts them)`);
      }
    }
    flushGroup();
    if (stopped > 0)
      io.out(
        `stopped after ${failures} failure${failures === 1 ? '' : 's'} (--max-failures ${args.maxFailures}): ${stopped} case${stopped === 1 ? '' : 's'} not run, counted as skipped`,
      );
    if (since && changedFailures.size > 0)
      io.out(
        `of the failures, requirements changed since spec ${since.version}, the adapter's: ${[...changedFailures].sort().join(', ')} (CHANGELOG.md, "For implementers")`,
      );
    if (since && explained.length + unexplained.length > 0)
      io.out(
        unexplained.length === 0
          ? `every failure (${explained.length}) is of a case a change since spec ${since.version} names: the changes above say what to do`
          : `${explained.length} of ${explained.length + unexplained.length} failures are of cases a change since spec ${since.version} names; no change names these ${unexplained.length}, so they are not explained by a newer spec: ${unexplained.slice(0, 20).join(', ')}${unexplained.length > 20 ? ', …' : ''}`,
      );
    io.err(`${adapter.requests} requests to the adapter`);
    if (adapter.restarts > 0) io.err(`the adapter was restarted ${adapter.restarts} time(s)`);
  }
  await adapter.stop();

  // A pattern for cases left out by --only/--skip is not a typo; one that matches no case at all is.
  for (const p of unusedPatterns(known, library))
    io.err(`warning: known-failing pattern ${JSON.stringify(p)} matches no case (a typo, or a case that was renamed or removed)`);
  const hello = typeof started === 'string' ? undefined : started;
  let reportProblem = false;
  const write = (option: string, file: string, w: () => void) => {
    try {
      w();
    } catch (e) {
      reportProblem = true;
      io.err(`toolresult: ${option} ${file}: cannot write it (${fileProblem(e)})`);
    }
  };
  if (args.reportJson) write('--report-json', args.reportJson, () => writeJsonReport(args.reportJson!, { seed: args.seed, adapter: hello, command }, results));
  if (args.junit) write('--junit', args.junit, () => writeJunit(args.junit!, results));
  const s = summarize(results);
  // Exit 0 with nothing run is easy to mistake for a pass in CI: say so.
  if (results.length > 0 && s.skipped === results.length)
    io.err(`warning: every selected case was skipped (${[...new Set(results.map((r) => r.skipReason))].join('; ')}): nothing was tested`);
  const stale = results.filter((r) => r.status === 'stale').length;
  if (stale > 0)
    io.out(
      `${stale} of the failures ${stale === 1 ? 'is a known failure that passes' : 'are known failures that pass'} (stale): remove ${stale === 1 ? 'it' : 'them'} from the known-failing list`,
    );
  // The recap is the last thing before the summary line, so the end of a long log says what broke.
  for (const line of recapLines(results)) io.out(line);
  io.out(summaryLine(s));
  // A report that could not be written is a failed run even when every case passed.
  return s.failed > 0 || reportProblem ? 1 : 0;
}
