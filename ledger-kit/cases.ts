// The backend-neutral ledger suite (spec/07-replay.md §7.5–7.6): what every store must survive.
// Each case returns the figures it measured and throws a SuiteFailure naming what broke.
import { INTERRUPTED_ENTRY } from '../reference-impl/internal.ts';
import type { Sabotage } from './backends.ts';
import { callKeyCases } from './call-key-cases.ts';
import { counts, ids, ok, sha, sleep, SuiteFailure, type SuiteCase } from './suite-case.ts';
import { taskSurvivesAKilledWorker } from './task-cases.ts';
import type { SuiteWorker } from './workers.ts';

export { SuiteFailure, setRunTag } from './suite-case.ts';
export type { Figures, SuiteCase } from './suite-case.ts';

export const raceOneCallId: SuiteCase = {
  name: 'race-one-call-id',
  requirements: ['TR-REPLAY-20', 'TR-REPLAY-26'],
  notApplicable: () => undefined,
  async run(b) {
    const racers = 8;
    const workers = await b.shared(racers);
    // Three call IDs in turn, so a success, an error result and a throwing tool all race.
    const callIds = ids('race', 3);
    for (const callId of callIds) {
      const replies = await Promise.all(workers.map((w) => w.execute(callId, { delayMs: 150 }).done));
      const entries = replies.map((r) => ok(b, `racing ${callId}`, r));
      if (new Set(entries).size !== 1) throw new SuiteFailure(b.name, `racing ${callId}`, `${new Set(entries).size} different entries came back`);
      const live = replies.filter((r) => r.ok && !r.replayed).length;
      if (live !== 1) throw new SuiteFailure(b.name, `racing ${callId}`, `${live} callers ran the tool (want exactly 1)`);
    }
    const n = counts(b.executions(), new Set(callIds));
    for (const callId of callIds) {
      if (n.get(callId) !== 1) throw new SuiteFailure(b.name, 'racing one call ID', `the tool ran ${n.get(callId) ?? 0} times for ${callId} (want 1)`);
    }
    return { racers, callIds: callIds.length, executions: [...n.values()].reduce((a, c) => a + c, 0) };
  },
};

export const killBetweenClaimAndFinish: SuiteCase = {
  name: 'sigkill-between-claim-and-finish',
  requirements: ['TR-REPLAY-22', 'TR-REPLAY-23', 'TR-REPLAY-25', 'TR-REPLAY-26'],
  notApplicable: (b) => (b.processes ? undefined : 'workers are tasks of one process: a claimant cannot be killed apart from its ledger'),
  async run(b) {
    const [callId] = ids('kill', 1) as [string];
    const victim = await b.startWorker();
    const [waiter, later] = (await b.shared(2)) as [SuiteWorker, SuiteWorker];
    try {
      const doomed = victim.execute(callId, { hang: true });
      await doomed.running;
      doomed.done.catch(() => {}); // it dies with the worker
      const t0 = performance.now();
      const waiting = waiter.execute(callId).done;
      // A live claim (the victim renews it) keeps the duplicate waiting beyond one lease. Timed by
      // nature (a lease is a time): the victim renews every third of the lease, so this fails only if
      // its process gets no CPU for two thirds of a lease (667 ms at the suite's 1 s). The one verdict
      // of the suite a starved machine could still change; a longer lease buys margin at 1.5 leases
      // of waiting per backend. The bound after the kill (two leases + 2 s) is a hang guard.
      const early = await Promise.race([waiting.then(() => 'answered'), sleep(b.leaseMs * 1.5).then(() => 'waiting')]);
      if (early !== 'waiting') throw new SuiteFailure(b.name, 'a duplicate of a live claim', 'answered before the claimant finished');
      const tKill = performance.now();
      victim.kill();
      const reply = await waiting;
      const afterKill = performance.now() - tKill;
      const entry = ok(b, 'the duplicate after the kill', reply);
      if (entry !== INTERRUPTED_ENTRY)
        throw new SuiteFailure(b.name, 'after the claimant was killed', `the duplicate got ${entry.slice(0, 120)}, not the pinned interrupted entry`);
      if (!reply.ok || !reply.replayed) throw new SuiteFailure(b.name, 'after the claimant was killed', 'the duplicate ran the tool');
      if (afterKill > b.leaseMs * 2 + 2_000)
        throw new SuiteFailure(b.name, 'after the claimant was killed', `the duplicate waited ${afterKill.toFixed(0)} ms, over two leases`);
      const again = ok(b, 'a call from another worker', await later.execute(callId).done);
      if (again !== INTERRUPTED_ENTRY) throw new SuiteFailure(b.name, 'a later call of the interrupted ID', 'did not replay the interrupted entry');
      const n = counts(b.executions(), new Set([callId])).get(callId) ?? 0;
      if (n !== 1) throw new SuiteFailure(b.name, 'the killed call', `the tool ran ${n} times (want 1: the killed run only)`);
      return { leaseMs: b.leaseMs, waitedBeforeKillMs: Math.round(tKill - t0), answeredAfterKillMs: Math.round(afterKill), executions: n };
    } finally {
      await victim.close();
    }
  },
};

export const stopPastTheLease: SuiteCase = {
  name: 'sigstop-past-the-lease',
  requirements: ['TR-REPLAY-22', 'TR-REPLAY-23', 'TR-REPLAY-24'],
  notApplicable: (b) => (b.processes ? undefined : 'workers are tasks of one process: a claimant cannot be stopped apart from its ledger'),
  async run(b) {
    const [callId] = ids('stop', 1) as [string];
    const victim = await b.startWorker();
    const [waiter] = (await b.shared(1)) as [SuiteWorker];
    try {
      // The tool sleeps four leases; the process is stopped while it runs, so nothing renews the lease.
      const late = victim.execute(callId, { delayMs: b.leaseMs * 4 });
      await late.running;
      victim.stop();
      const t0 = performance.now();
      const reply = await waiter.execute(callId).done;
      const waited = performance.now() - t0;
      const entry = ok(b, 'a duplicate of a stopped claimant', reply);
      if (entry !== INTERRUPTED_ENTRY)
        throw new SuiteFailure(b.name, 'a duplicate of a stopped claimant', `got ${entry.slice(0, 120)}, not the pinned interrupted entry`);
      if (waited > b.leaseMs * 2 + 2_000)
        throw new SuiteFailure(b.name, 'a duplicate of a stopped claimant', `waited ${waited.toFixed(0)} ms, over two leases`);
      // Woken, the claimant's tool returns; its finish finds the claim pinned (ledger.lease_lost) and
      // its caller gets the one stored answer, the interrupted entry, too.
      victim.resume();
      const own = ok(b, 'the stopped claimant once resumed', await late.done);
      if (own !== INTERRUPTED_ENTRY)
        throw new SuiteFailure(
          b.name,
          'the stopped claimant once resumed',
          `got ${own.slice(0, 120)}: its late finish replaced the interrupted entry or was returned instead of it`,
        );
      const stored = (await waiter.entries([callId]))[callId];
      if (stored !== INTERRUPTED_ENTRY) throw new SuiteFailure(b.name, 'after the late finish', 'the stored entry is no longer the interrupted entry');
      const n = counts(b.executions(), new Set([callId])).get(callId) ?? 0;
      if (n !== 1) throw new SuiteFailure(b.name, 'the stopped call', `the tool ran ${n} times (want 1)`);
      return { leaseMs: b.leaseMs, duplicateAnsweredAfterMs: Math.round(waited), executions: n };
    } finally {
      victim.resume();
      await victim.close();
    }
  },
};

export const badCallIds: SuiteCase = {
  name: 'bad-call-ids',
  requirements: ['TR-REPLAY-21'],
  notApplicable: (b) => (b.durable ? undefined : "TR-REPLAY-21 is a durable store's rule; the memory ledger keeps any string"),
  async run(b) {
    const [w] = (await b.shared(1)) as [SuiteWorker];
    const [tag] = ids('edge', 1) as [string];
    const refused = [
      '',
      `${tag}-lone-\ud800-surrogate`,
      `${tag}-nul-\u0000-inside`,
      `${tag}-`.padEnd(1025, 'x'),
      `${tag}-`.padEnd(1025 - 2 * 64, 'y') + '\u00e9'.repeat(65),
    ];
    const fill = (prefix: string, unit: string, octets: number): string => prefix + unit.repeat(Math.floor((1024 - Buffer.byteLength(prefix)) / octets));
    const kept = [fill(`${tag}-max-`, 'x', 1), fill(`${tag}-\u00e9-`, '\u00e9', 2), `${tag}-emoji-\u{1F600}-"quoted"-\\back`];
    if (Buffer.byteLength(kept[0]!) !== 1024) throw new Error('the longest kept ID must be 1024 octets');
    for (const callId of refused) {
      const r = await w.execute(callId).done;
      if (r.ok)
        throw new SuiteFailure(
          b.name,
          `the call ID ${JSON.stringify(callId.slice(0, 40))} (${Buffer.byteLength(callId)} octets)`,
          'was accepted; a store must refuse it',
        );
      if (r.message.length === 0 || r.message.includes('\n'))
        throw new SuiteFailure(b.name, 'a refused call ID', `the error is not one clear line: ${JSON.stringify(r.message.slice(0, 200))}`);
    }
    const first: Record<string, string> = {};
    for (const callId of kept) first[callId] = ok(b, `the call ID ${callId.slice(0, 40)}…`, await w.execute(callId).done);
    const stored = await w.entries(kept);
    for (const callId of kept) {
      const again = await w.execute(callId).done;
      if (!again.ok || !again.replayed || again.entry !== first[callId])
        throw new SuiteFailure(b.name, `the call ID ${callId.slice(0, 40)}…`, 'did not replay its own entry: the store changed the ID');
      if (stored[callId] !== first[callId]) throw new SuiteFailure(b.name, `the stored entry of ${callId.slice(0, 40)}…`, 'is not under the ID as given');
    }
    const n = counts(b.executions(), new Set([...refused, ...kept]));
    for (const callId of refused) if (n.has(callId)) throw new SuiteFailure(b.name, 'a refused call ID', 'its tool ran');
    for (const callId of kept)
      if (n.get(callId) !== 1) throw new SuiteFailure(b.name, `the call ID ${callId.slice(0, 40)}…`, `ran ${n.get(callId) ?? 0} times`);
    return { refused: refused.length, keptExactly: kept.length, longestOctets: Buffer.byteLength(kept[0]!) };
  },
};

export const restartReplays: SuiteCase = {
  name: 'restart-replays-byte-identical',
  requirements: ['TR-REPLAY-27', 'TR-REPLAY-8', 'TR-REPLAY-10'],
  notApplicable: (b) => (b.durable ? undefined : 'the store is not durable: it lives and dies with its process'),
  async run(b) {
    const callIds = ids('restart', 40);
    const first = await b.shared(2);
    const before = new Map<string, string>();
    const half = callIds.length / 2;
    await Promise.all(
      first.map(async (w, k) => {
        for (const callId of callIds.slice(k * half, (k + 1) * half)) before.set(callId, ok(b, `first run of ${callId}`, await w.execute(callId).done));
      }),
    );
    const failures = [...before.values()].filter((e) => JSON.parse(e).result.isError).length;
    if (failures === 0) throw new SuiteFailure(b.name, 'restart', 'no failure among the entries: the case would not check that failures replay');
    // A process that did not exist when the entries were written.
    const second = await b.startWorker();
    try {
      const stored = await second.entries(callIds);
      for (const callId of callIds) {
        const r = await second.execute(callId).done;
        const entry = ok(b, `replay of ${callId}`, r);
        if (r.ok && !r.replayed) throw new SuiteFailure(b.name, `replay of ${callId} after a restart`, 'the tool ran again');
        if (entry !== before.get(callId))
          throw new SuiteFailure(b.name, `replay of ${callId} after a restart`, 'the result is not byte-identical to the first run');
        if (stored[callId] !== before.get(callId)) throw new SuiteFailure(b.name, `stored entry of ${callId}`, 'differs from the first run’s bytes');
      }
    } finally {
      await second.close();
    }
    const n = counts(b.executions(), new Set(callIds));
    const twice = [...n.values()].filter((c) => c !== 1).length;
    if (twice !== 0 || n.size !== callIds.length) throw new SuiteFailure(b.name, 'restart', `${twice} call IDs ran other than once`);
    return { calls: callIds.length, failuresAmongThem: failures, replayedIdentical: callIds.length };
  },
};

function storeFault(kind: Sabotage, message: RegExp): SuiteCase {
  return {
    name: `store-${kind}`,
    requirements: ['TR-REPLAY-30', 'TR-REPLAY-31', 'TR-REPLAY-32'],
    notApplicable: (b) =>
      b.sabotage[kind] ? undefined : kind === 'full' && b.durable ? 'needs root on Linux to mount a small tmpfs' : 'the store has no disk or lock to break',
    async run(b) {
      const store = await b.sabotage[kind]!();
      const done = ids(`${kind}-done`, 12);
      const fresh = ids(`${kind}-new`, 60);
      try {
        const w = await store.startWorker();
        const before = new Map<string, string>();
        for (const callId of done) before.set(callId, ok(b, `before the fault, ${callId}`, await w.execute(callId).done));
        await store.apply();
        const refused: string[] = [];
        const answered = new Map<string, string>();
        let sample = '';
        for (const callId of fresh) {
          const r = await w.execute(callId).done;
          if (r.ok) answered.set(callId, r.entry);
          else {
            if (r.code !== 'ledger.store_failed' || !message.test(r.message))
              throw new SuiteFailure(b.name, `a call while the store is ${kind}`, `unclear error ${r.code}: ${r.message}`);
            refused.push(callId);
            sample ||= r.message;
            if (refused.length >= 3) break;
          }
        }
        if (refused.length === 0) throw new SuiteFailure(b.name, `the store ${kind}`, 'no call was refused');
        // Nothing finished is lost: the entries from before read back byte for byte, fault or not.
        await store.undo();
        try {
          const stored = await w.entries([...done, ...answered.keys()]);
          for (const [callId, entry] of [...before, ...answered]) {
            if (stored[callId] !== entry) throw new SuiteFailure(b.name, `after the store was ${kind}`, `the finished entry of ${callId} was lost or changed`);
          }
          // A refused call ran at most once, and is never run again: it runs now if its claim was refused,
          // or replays as interrupted if only its finish was.
          await new Promise((r) => setTimeout(r, b.leaseMs + 200));
          for (const callId of refused) ok(b, `${callId} after the fault`, await w.execute(callId).done);
        } finally {
          await w.close();
        }
        const n = counts(store.executions(), new Set([...done, ...fresh]));
        const over = [...n].filter(([, c]) => c > 1);
        if (over.length > 0) throw new SuiteFailure(b.name, `after the store was ${kind}`, `${over[0]![0]} ran ${over[0]![1]} times`);
        return { finishedBefore: done.length, answeredDuringFault: answered.size, refused: refused.length, error: sample };
      } finally {
        await store.undo().catch(() => {});
        await store.dispose();
      }
    },
  };
}

export const storeLocked = storeFault('locked', /lock/i);
export const storeFull = storeFault('full', /full/i);

/** Call IDs, each asked for by `askers` distinct workers, in a shuffled order per worker. */
function plan(callIds: readonly string[], workers: number, askers: number, seed: number): string[][] {
  let s = seed >>> 0;
  const rnd = (n: number): number => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s % n);
  const lists: string[][] = Array.from({ length: workers }, () => []);
  for (const callId of callIds) {
    const chosen = new Set<number>();
    while (chosen.size < askers) chosen.add(rnd(workers));
    for (const k of chosen) lists[k]!.push(callId);
  }
  for (const l of lists) {
    for (let i = l.length - 1; i > 0; i--) {
      const j = rnd(i + 1);
      [l[i], l[j]] = [l[j]!, l[i]!];
    }
  }
  return lists;
}

export function manyCalls(calls: number, workers = 8): SuiteCase {
  return {
    name: `many-calls-${calls}x${workers}`,
    requirements: ['TR-REPLAY-20', 'TR-REPLAY-27'],
    notApplicable: () => undefined,
    async run(b) {
      const callIds = ids('many', calls);
      const ws = await b.shared(workers);
      const t0 = performance.now();
      const lists = plan(callIds, workers, 2, 20261130);
      const rows = await Promise.all(ws.map((w, k) => w.batch(lists[k]!)));
      const seconds = (performance.now() - t0) / 1000;
      const digests = new Map<string, Set<string>>();
      let failed = 0;
      let firstError = '';
      for (const row of rows.flat()) {
        if (row[1] === null) {
          failed++;
          firstError ||= row[3] ?? '';
          continue;
        }
        const set = digests.get(row[0]) ?? new Set();
        set.add(row[1]);
        digests.set(row[0], set);
      }
      if (failed > 0) throw new SuiteFailure(b.name, 'many calls', `${failed} requests failed (first: ${firstError})`);
      const stored: Record<string, string | null> = {};
      for (let i = 0; i < callIds.length; i += 500) Object.assign(stored, await ws[i % workers]!.entries(callIds.slice(i, i + 500)));
      let lost = 0;
      let mismatched = 0;
      for (const callId of callIds) {
        const e = stored[callId];
        if (e == null) lost++;
        else if (digests.get(callId)?.size !== 1 || !digests.get(callId)!.has(sha(e))) mismatched++;
      }
      const n = counts(b.executions(), new Set(callIds));
      const duplicates = [...n.values()].filter((c) => c > 1).length;
      const neverRan = callIds.length - n.size;
      if (lost || mismatched || duplicates || neverRan) {
        throw new SuiteFailure(
          b.name,
          'many calls',
          `${lost} lost, ${mismatched} answered differently from the store, ${duplicates} run twice, ${neverRan} never run`,
        );
      }
      return { calls, workers, requests: rows.flat().length, seconds: Number(seconds.toFixed(2)), duplicates, lost };
    },
  };
}

/** How many calls the many-calls race has in `npm test`; TOOLRESULT_LEDGER_FULL=1 makes it 10,000. */
export const LEDGER_CI_CALLS = 600;
export const ledgerCalls = (): number => (process.env.TOOLRESULT_LEDGER_FULL === '1' ? 10_000 : LEDGER_CI_CALLS);

/** The suite: CI runs `manyCalls(ciCalls)`; a full run (TOOLRESULT_LEDGER_FULL=1) the 10,000. */
export function ledgerSuite(manyCallsCount: number): SuiteCase[] {
  return [
    raceOneCallId,
    killBetweenClaimAndFinish,
    stopPastTheLease,
    restartReplays,
    badCallIds,
    storeLocked,
    storeFull,
    manyCalls(manyCallsCount),
    ...callKeyCases,
    taskSurvivesAKilledWorker,
  ];
}
