// One conformance run: start the adapter, select and run the cases, judge them against the
// known-failing list, print failures with their replay command, write reports, return the exit code.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { HelloOutput } from '../protocol/messages.ts';
import { UsageError, type ConformanceArgs } from './args.ts';
import type { CaseResult, KitCase, Need, Outcome } from './case.ts';
import { allCases } from './library.ts';
import { compilePattern, selectCases } from './patterns.ts';
import { AdapterProcess } from './process.ts';
import { judge, loadKnownFailing, unusedPatterns } from './results.ts';
import { summarize, summaryLine, writeJsonReport, writeJunit } from './reports.ts';

export interface RunIO {
  out(line: string): void;
  err(line: string): void;
}

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'adapter', 'main.ts');

/** The bundled reference adapter, out of process. */
export function referenceCommand(): string[] {
  return [process.execPath, '--import', import.meta.resolve('tsx'), MAIN];
}

const quote = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

export function replayCommand(c: KitCase, outcome: Outcome, adapter: readonly string[] | undefined): string {
  const parts = ['npm', 'run', 'conformance', '--', '--only', c.id];
  if (!outcome.passed && outcome.seed !== undefined) {
    parts.push('--seed', String(outcome.seed));
    if (outcome.path) parts.push('--path', outcome.path);
  }
  if (adapter) parts.push('--', ...adapter);
  return parts.map(quote).join(' ');
}

function show(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x)) ?? 'undefined';
  } catch {
    text = String(v);
  }
  return text.length > 1500 ? `${text.slice(0, 1500)}… (${text.length} chars)` : text;
}

function missingNeed(need: Need, hello: HelloOutput): boolean {
  if (need === 'utf16-strings') return hello.stringModel === 'bytes';
  if (need === 'cycles') return !hello.cycles;
  return !hello.opaqueValues;
}

/** Why a case does not apply to this adapter, or undefined when it does. */
export function skipReason(c: KitCase, hello: HelloOutput): string | undefined {
  const claimed = new Set<string>(hello.groups);
  const missing = c.groups.filter((g) => (g === 'normalize' ? !hello.groups.some((h) => h.startsWith('normalize-')) : !claimed.has(g)));
  if (missing.length > 0) return `group ${missing.join(', ')} not claimed`;
  const needs = c.needs.filter((n) => missingNeed(n, hello));
  if (needs.length > 0) return `adapter cannot build ${needs.join(', ')}`;
  return undefined;
}

export async function runConformance(args: ConformanceArgs, io: RunIO): Promise<number> {
  const command = args.adapter ?? referenceCommand();
  const known = loadKnownFailing(args.knownFailing);
  const cases = selectCases(allCases(), args.only.map(compilePattern), args.skip.map(compilePattern));
  if (cases.length === 0) throw new UsageError('no case matches the --only/--skip patterns (see --list)');
  if (args.list) {
    for (const c of cases) io.out(`${c.id}  [${c.requirements.join(' ')}]`);
    return 0;
  }

  const adapter = new AdapterProcess({ command, timeoutMs: args.timeoutMs, ...(args.verbose ? { onStderr: (t: string) => io.err(`adapter: ${t.trimEnd()}`) } : {}) });
  const started = await adapter.ensureStarted();
  const results: CaseResult[] = [];
  const record = (c: KitCase, r: Omit<CaseResult, 'id' | 'requirements'>) => results.push({ id: c.id, requirements: c.requirements, ...r });

  if (typeof started === 'string') {
    io.out(`adapter failed to start: ${started}`);
    for (const c of cases) record(c, { status: 'fail', durationMs: 0, failure: { reason: started } });
  } else {
    io.err(`adapter ${started.name} ${started.version} (${started.language}, ${started.protocol}); groups: ${started.groups.join(', ') || 'none'}; seed ${args.seed}`);
    const skippedGroups = [...new Set(cases.map((c) => skipReason(c, started)).filter((r): r is string => r?.startsWith('group') ?? false))];
    if (skippedGroups.length > 0) io.err(`skipping: ${skippedGroups.join('; ')}`);

    let group = '';
    let groupStart = Date.now();
    const flushGroup = () => {
      if (!group) return;
      const rs = results.filter((r) => r.id.startsWith(group + '/'));
      const s = summarize(rs);
      io.err(`  ${group}: ${summaryLine(s)} (${((Date.now() - groupStart) / 1000).toFixed(1)} s)`);
    };
    for (const c of cases) {
      const g = c.id.split('/').slice(0, 2).join('/');
      if (g !== group) {
        flushGroup();
        group = g;
        groupStart = Date.now();
      }
      const skip = skipReason(c, started);
      if (skip) {
        record(c, { status: 'skip', durationMs: 0, skipReason: skip });
        if (args.verbose) io.out(`SKIP ${c.id}: ${skip}`);
        continue;
      }
      const t0 = Date.now();
      let outcome: Outcome;
      try {
        outcome = await c.run({ adapter, hello: started, seed: args.seed, runs: args.runs, path: args.path, noShrink: args.noShrink });
      } catch (e) {
        outcome = { passed: false, reason: `kit error: ${e instanceof Error ? e.message : String(e)}` };
      }
      const status = judge(outcome.passed, c, known);
      const durationMs = Date.now() - t0;
      const replay = replayCommand(c, outcome, args.adapter);
      if (outcome.passed) {
        record(c, status === 'stale' ? { status, durationMs, failure: { reason: 'listed as known failing but passes: remove it from the list' }, replay } : { status, durationMs });
        if (status === 'stale') io.out(`FAIL ${c.id} [${c.requirements.join(' ')}]\n  reason: listed as known failing but passes (stale): remove it from the list`);
        else if (args.verbose) io.out(`PASS ${c.id}`);
        continue;
      }
      const { passed: _p, ...failure } = outcome;
      record(c, { status, durationMs, failure, replay });
      const head = status === 'expected-failure' ? 'XFAIL' : 'FAIL';
      if (status === 'expected-failure' && !args.verbose) continue;
      const lines = [`${head} ${c.id} [${c.requirements.join(' ')}]`, `  reason: ${failure.reason}`];
      if ('input' in failure) lines.push(`  input:  ${show(failure.input)}`);
      if ('want' in failure) lines.push(`  want:   ${show(failure.want)}`);
      if ('got' in failure) lines.push(`  got:    ${show(failure.got)}`);
      lines.push(`  replay: ${replay}`);
      io.out(lines.join('\n'));
    }
    flushGroup();
    io.err(`${adapter.requests} requests to the adapter`);
    if (adapter.restarts > 0) io.err(`the adapter was restarted ${adapter.restarts} time(s)`);
  }
  await adapter.stop();

  for (const p of unusedPatterns(known, cases)) io.err(`warning: known-failing pattern ${JSON.stringify(p)} matches no selected case`);
  const hello = typeof started === 'string' ? undefined : started;
  if (args.reportJson) writeJsonReport(args.reportJson, { seed: args.seed, adapter: hello, command }, results);
  if (args.junit) writeJunit(args.junit, results);
  const s = summarize(results);
  io.out(summaryLine(s));
  return s.failed > 0 ? 1 : 0;
}
