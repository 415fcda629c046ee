// The suite's cases for the ledger's key (spec/07-replay.md §7.3, §7.7): a call is (scope, call ID,
// fingerprint). One call ID reused in two scopes, or for other arguments, is a call of its own that
// runs once and replays its own entry, also when they race; a ledger of layout 1 written by the
// previous release migrates and replays its entries byte for byte through the old API.
import { bound, INTERRUPTED_ENTRY, persist, TOOL_FAILED_TEXT, ToolResult } from '../reference-impl/index.ts';
import { layout1Fixture, type SuiteBackend } from './backends.ts';
import { counts, ids, ok, SuiteFailure, type SuiteCase } from './suite-case.ts';
import { suiteToolResult, type SuiteCall } from './suite-tool.ts';
import { executionLine, type SuiteWorker } from './workers.ts';

/** The entry a call of the suite tool stores: its result, or the pinned failure of a tool that threw. */
export function expectedEntry(callId: string, call: SuiteCall = {}): string {
  let result: ToolResult;
  try {
    result = suiteToolResult(callId, call);
  } catch {
    result = ToolResult.error(TOOL_FAILED_TEXT);
  }
  return persist(bound(result));
}

/** A short name of a call for a failure message (the suite's own values: nothing run-only). */
const named = (callId: string, call: SuiteCall): string => JSON.stringify({ callId: callId.slice(0, 40), ...call });

/** Runs a call that must be new: the tool runs and the entry is the call's own. */
async function runsAnew(b: SuiteBackend, w: SuiteWorker, callId: string, call: SuiteCall, requirement: string): Promise<string> {
  const r = await w.execute(callId, call).done;
  const entry = ok(b, `${requirement}: ${named(callId, call)}`, r);
  if (r.ok && r.replayed)
    throw new SuiteFailure(b.name, `${requirement}: ${named(callId, call)}`, 'was answered from the ledger; it is a call of its own and must run');
  if (entry !== expectedEntry(callId, call))
    throw new SuiteFailure(b.name, `${requirement}: ${named(callId, call)}`, `got ${entry.slice(0, 160)}, not the entry of its own run`);
  return entry;
}

/** Runs a call that must replay `entry`, without running the tool. */
async function replays(b: SuiteBackend, w: SuiteWorker, callId: string, call: SuiteCall, entry: string, requirement: string): Promise<void> {
  const r = await w.execute(callId, call).done;
  const got = ok(b, `${requirement}: ${named(callId, call)} again`, r);
  if (r.ok && !r.replayed) throw new SuiteFailure(b.name, `${requirement}: ${named(callId, call)} again`, 'ran the tool again instead of replaying');
  if (got !== entry) throw new SuiteFailure(b.name, `${requirement}: ${named(callId, call)} again`, `replayed ${got.slice(0, 160)}, not its own entry`);
}

/**
 * The calls of `calls` share each call ID and differ in scope or fingerprint: each runs once, from
 * one worker, and replays its own entry from the other; `entries` finds each under its call; the log
 * holds each call's line once.
 */
async function distinctCalls(b: SuiteBackend, prefix: string, calls: readonly SuiteCall[], requirement: string) {
  const [w1, w2] = (await b.shared(2)) as [SuiteWorker, SuiteWorker];
  const callIds = ids(prefix, 3); // a success, an error result and a throwing tool among them
  const lines = new Set<string>();
  for (const callId of callIds) {
    const first: string[] = [];
    for (const call of calls) first.push(await runsAnew(b, w1, callId, call, requirement));
    for (const [i, call] of calls.entries()) await replays(b, w2, callId, call, first[i]!, requirement);
    for (const call of calls) lines.add(executionLine(callId, call));
  }
  for (const [i, call] of calls.entries()) {
    const stored = await w2.entries(callIds, call);
    for (const callId of callIds)
      if (stored[callId] !== expectedEntry(callId, call))
        throw new SuiteFailure(b.name, `${requirement}: the stored entry of ${named(callId, call)}`, `is not that call's own (call ${i})`);
  }
  const n = counts(b.executions(), lines);
  for (const line of lines)
    if (n.get(line) !== 1) throw new SuiteFailure(b.name, `${requirement}: ${JSON.stringify(line)}`, `the tool ran ${n.get(line) ?? 0} times (want 1)`);
  return { callIds: callIds.length, callsPerId: calls.length, executions: [...n.values()].reduce((a, c) => a + c, 0) };
}

const ADA = { user: 'ada', limit: 2 };
const BOB = { user: 'bob', limit: 2 };

export const twoScopesOneCallId: SuiteCase = {
  name: 'two-scopes-one-call-id',
  requirements: ['TR-REPLAY-40', 'TR-REPLAY-20', 'TR-REPLAY-21', 'TR-REPLAY-8'],
  notApplicable: () => undefined,
  // The same tool and arguments in three scopes (the default one named as ''; one scope non-ASCII,
  // kept exactly): three calls.
  run: (b) =>
    distinctCalls(
      b,
      'scopes',
      ['thread-a', 'thread-\u00e9-\u{1F600}', ''].map((scope) => ({ scope, tool: 'lookup', arguments: ADA })),
      'TR-REPLAY-40',
    ),
};

export const oneScopeOtherArguments: SuiteCase = {
  name: 'one-scope-other-arguments',
  requirements: ['TR-REPLAY-40', 'TR-REPLAY-20', 'TR-REPLAY-8'],
  notApplicable: () => undefined,
  // One scope, one call ID: other arguments, another tool, no arguments at all, and no tool (the old API).
  run: (b) =>
    distinctCalls(
      b,
      'arguments',
      [
        { scope: 'thread-a', tool: 'lookup', arguments: ADA },
        { scope: 'thread-a', tool: 'lookup', arguments: BOB },
        { scope: 'thread-a', tool: 'lookup_all', arguments: ADA },
        { scope: 'thread-a', tool: 'lookup' },
        { scope: 'thread-a' },
      ],
      'TR-REPLAY-40',
    ),
};

export const raceOfKeys: SuiteCase = {
  name: 'race-scopes-and-arguments',
  requirements: ['TR-REPLAY-40', 'TR-REPLAY-20', 'TR-REPLAY-26'],
  notApplicable: () => undefined,
  async run(b) {
    const workers = await b.shared(8);
    // 2 scopes x 2 argument sets on one call ID, two workers each, all at once.
    const groups: SuiteCall[] = [];
    for (const scope of ['thread-a', 'thread-b']) for (const args of [ADA, BOB]) groups.push({ scope, tool: 'lookup', arguments: args });
    const callIds = ids('keyrace', 3);
    const lines = new Set<string>();
    for (const callId of callIds) {
      const replies = await Promise.all(workers.map((w, k) => w.execute(callId, { ...groups[k % groups.length]!, delayMs: 150 }).done));
      for (const [g, call] of groups.entries()) {
        const mine = replies.filter((_, k) => k % groups.length === g);
        const entries = mine.map((r) => ok(b, `TR-REPLAY-40: racing ${named(callId, call)}`, r));
        if (entries.some((e) => e !== expectedEntry(callId, call)))
          throw new SuiteFailure(b.name, `TR-REPLAY-40: racing ${named(callId, call)}`, "a caller got another call's entry");
        const live = mine.filter((r) => r.ok && !r.replayed).length;
        if (live !== 1) throw new SuiteFailure(b.name, `TR-REPLAY-40: racing ${named(callId, call)}`, `${live} of its callers ran the tool (want exactly 1)`);
        lines.add(executionLine(callId, call));
      }
    }
    const n = counts(b.executions(), lines);
    for (const line of lines)
      if (n.get(line) !== 1) throw new SuiteFailure(b.name, `TR-REPLAY-40: racing ${JSON.stringify(line)}`, `the tool ran ${n.get(line) ?? 0} times (want 1)`);
    return { racers: workers.length, groups: groups.length, callIds: callIds.length, executions: [...n.values()].reduce((a, c) => a + c, 0) };
  },
};

/** The entries the layout-1 fixture holds, by call ID, as its rows' octets (the SQLite fixture's hex literals). */
function fixtureEntries(): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of layout1Fixture('sqlite').matchAll(/\('(legacy-\d+)', 'stored', NULL, NULL, X'([0-9a-f]+)'/g))
    out.set(m[1]!, Buffer.from(m[2]!, 'hex').toString('utf8'));
  return out;
}

export const layout1Migrates: SuiteCase = {
  name: 'layout-1-migrates',
  requirements: ['TR-REPLAY-41', 'TR-REPLAY-27', 'TR-REPLAY-23', 'TR-REPLAY-40'],
  notApplicable: (b) => (b.legacy ? undefined : 'the store has no tables of an earlier layout (it lives in memory)'),
  async run(b) {
    const store = await b.legacy!();
    const stored = fixtureEntries();
    if (stored.size !== 3 || stored.get('legacy-2') !== INTERRUPTED_ENTRY) throw new Error('the layout-1 fixture must hold two entries and an interrupted one');
    let ws: SuiteWorker[] = [];
    try {
      // Four processes open the ledger of layout 1 at once: it is migrated once, and all of them work.
      const started = await Promise.allSettled([0, 1, 2, 3].map(() => store.startWorker()));
      ws = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const refused = started.find((s) => s.status === 'rejected');
      if (refused)
        throw new SuiteFailure(b.name, 'TR-REPLAY-41: opening a ledger of layout 1', `a worker did not open it: ${String(refused.reason).slice(0, 300)}`);
      const legacy = [...stored.keys()];
      // Through the old API (no scope, no tool): byte-identical, read and replayed from every worker.
      for (const [k, w] of ws.entries()) {
        const read = await w.entries(legacy);
        for (const id of legacy)
          if (read[id] !== stored.get(id)) throw new SuiteFailure(b.name, `TR-REPLAY-41: the entry of ${id}`, `is not the layout-1 row's octets (worker ${k})`);
      }
      for (const [i, id] of legacy.entries()) await replays(b, ws[i % ws.length]!, id, {}, stored.get(id)!, 'TR-REPLAY-41');
      // The claim its claimant left under layout 1 ran out long ago: the interrupted entry, no run.
      await replays(b, ws[3]!, 'legacy-3', {}, INTERRUPTED_ENTRY, 'TR-REPLAY-41');
      // A call with a tool, or in a scope, does not find the layout-1 row: it runs anew, once.
      const fresh: SuiteCall[] = [{ tool: 'lookup', arguments: ADA }, { scope: 'thread-a' }, { scope: 'thread-a', tool: 'lookup', arguments: ADA }];
      for (const [i, call] of fresh.entries()) {
        const entry = await runsAnew(b, ws[i]!, 'legacy-1', call, 'TR-REPLAY-41');
        await replays(b, ws[(i + 1) % ws.length]!, 'legacy-1', call, entry, 'TR-REPLAY-41');
      }
      if ((await ws[2]!.entries(['legacy-1']))['legacy-1'] !== stored.get('legacy-1'))
        throw new SuiteFailure(b.name, 'TR-REPLAY-41: the layout-1 entry of legacy-1', 'changed after calls of the same ID with a tool ran');
      const log = store.executions();
      const oldRuns = log.filter((l) => /^legacy-\d+$/.test(l)).length;
      if (oldRuns !== 0) throw new SuiteFailure(b.name, 'TR-REPLAY-41: the layout-1 calls', `the tool ran ${oldRuns} times for a call the ledger held`);
      const n = counts(log, new Set(fresh.map((c) => executionLine('legacy-1', c))));
      if (n.size !== fresh.length || [...n.values()].some((c) => c !== 1))
        throw new SuiteFailure(b.name, 'TR-REPLAY-41: the new calls of a layout-1 call ID', `ran ${JSON.stringify([...n.values()])} times (want once each)`);
      return { openers: ws.length, replayedIdentical: legacy.length + 1, newCalls: fresh.length };
    } finally {
      await Promise.all(ws.map((w) => w.close()));
      await store.dispose();
    }
  },
};

export const callKeyCases: readonly SuiteCase[] = [twoScopesOneCallId, oneScopeOtherArguments, raceOfKeys, layout1Migrates];
