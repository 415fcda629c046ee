// The ledger suite's task case (spec/07-replay.md §7.7, TR-REPLAY-42..45): a call that became an MCP
// task survives the death of its claimant. The workers drive their store directly (claim,
// recordTask, finish: protocol.ts), beside the seam: what is checked is the store's row, whatever
// seam follows the task.
import { bound, persist, ToolResult } from '../reference-impl/index.ts';
import { counts, ids, sleep, SuiteFailure, type SuiteCase } from './suite-case.ts';
import type { ClaimOutcome } from './protocol.ts';
import type { SuiteWorker } from './workers.ts';

/** A task ID with what a server may put in one: non-ASCII, a quote, a backslash, a line separator. */
const taskIdOf = (callId: string): string => `tâche "${callId}" \\ \u2028 ☃`;

/**
 * Claims until the answer is no longer pending: the claimant's lease must run out first. Polls at a
 * quarter of the lease (a claim answers at once); gives up after two leases and 2 s (a hang guard).
 */
async function claimAfterTheLease(w: SuiteWorker, callId: string, leaseMs: number): Promise<{ reply: ClaimOutcome; afterMs: number }> {
  const t0 = performance.now();
  for (;;) {
    const reply = await w.claim(callId);
    const afterMs = performance.now() - t0;
    if (!reply.ok || reply.status !== 'pending' || afterMs > leaseMs * 2 + 2_000) return { reply, afterMs };
    await sleep(Math.max(10, Math.floor(leaseMs / 4)));
  }
}

export const taskSurvivesAKilledWorker: SuiteCase = {
  name: 'task-survives-a-killed-worker',
  requirements: ['TR-REPLAY-42', 'TR-REPLAY-43', 'TR-REPLAY-44', 'TR-REPLAY-24'],
  notApplicable: (b) => (b.processes ? undefined : 'workers are tasks of one process: a claimant cannot be killed apart from its ledger'),
  async run(b) {
    const [callId, stoppedId] = ids('task', 2) as [string, string];
    const taskId = taskIdOf(callId);
    const victim = await b.startWorker();
    const sleeper = await b.startWorker();
    const [taker, later] = (await b.shared(2)) as [SuiteWorker, SuiteWorker];
    const fail = (check: string, detail: string): never => {
      throw new SuiteFailure(b.name, check, detail);
    };
    try {
      // 1. The first worker claims the call and records the task the tool call became.
      const first = await victim.claim(callId);
      if (!first.ok || first.status !== 'claimed' || first.task !== undefined)
        fail('the first claim', `answered ${JSON.stringify(first).slice(0, 200)}, not claimed without a task`);
      const recorded = await victim.recordTask(callId, taskId);
      if (!recorded.ok) fail('recordTask on the owner claim', `answered ${recorded.code}: ${recorded.message}`);
      // A task ID the store cannot keep is refused without being quoted.
      const refused = await victim.recordTask(callId, `bad\u0000${callId}`);
      if (refused.ok) fail('recordTask with a task ID holding U+0000', 'was accepted');
      else if (refused.message.includes(callId)) fail('recordTask with a bad task ID', 'the refusal quotes the task ID');
      // 2. While the owner lives, its lease is renewed: another claim waits (TR-REPLAY-22).
      const live = await taker.claim(callId);
      if (!live.ok || live.status !== 'pending') fail('a claim beside a live owner', `answered ${JSON.stringify(live).slice(0, 200)}, not pending`);
      // 3. The owner dies while the task runs: after its lease, the next claim takes the task over.
      victim.kill();
      const { reply: took, afterMs } = await claimAfterTheLease(taker, callId, b.leaseMs);
      if (!took.ok || took.status !== 'claimed')
        fail(
          'the claim after the owner was killed (TR-REPLAY-43)',
          `answered ${JSON.stringify(took).slice(0, 200)} after ${afterMs.toFixed(0)} ms, not a takeover (claimed with the task)`,
        );
      else if (took.task?.taskId !== taskId)
        fail(
          'the takeover (TR-REPLAY-43)',
          took.task === undefined ? 'claimed without the recorded task (the task was forgotten)' : 'claimed with another task ID than the one recorded',
        );
      // The takeover holds the call: a third worker still waits.
      const beside = await later.claim(callId);
      if (!beside.ok || beside.status !== 'pending') fail('a claim beside the takeover', `answered ${JSON.stringify(beside).slice(0, 200)}, not pending`);
      // 4. The taker follows the task to its end and stores its result.
      const entry = persist(bound(ToolResult.text(`the result of task ${taskId}: Müller \u2028 done`, { structured: { taskId, n: [1, 0.5] } })));
      const finished = await taker.finish(callId, entry);
      if (!finished.ok) fail('the takeover finish', `answered ${finished.code}: ${finished.message}`);
      // 5. Every later call replays that entry byte for byte, through the store and through the seam.
      const replayed = await later.claim(callId);
      if (!replayed.ok || replayed.status !== 'stored' || replayed.entry !== entry)
        fail('a later claim', `answered ${JSON.stringify(replayed).slice(0, 200)}, not the finished entry byte for byte`);
      const seam = await later.execute(callId).done;
      if (!seam.ok || !seam.replayed || seam.entry !== entry) fail('a later call through the seam', 'did not replay the finished entry byte for byte');
      // 6. A claimant whose claim was taken over (stopped past its lease, then resumed) cannot
      // record a task or finish: its token is no longer the row's (TR-REPLAY-24, TR-REPLAY-42).
      const own = await sleeper.claim(stoppedId);
      if (!own.ok || own.status !== 'claimed') fail('the second claimant', `answered ${JSON.stringify(own).slice(0, 200)}`);
      const rec = await sleeper.recordTask(stoppedId, taskIdOf(stoppedId));
      if (!rec.ok) fail('recordTask of the second claimant', `answered ${rec.code}: ${rec.message}`);
      sleeper.stop();
      const { reply: took2 } = await claimAfterTheLease(taker, stoppedId, b.leaseMs);
      if (!took2.ok || took2.status !== 'claimed' || took2.task?.taskId !== taskIdOf(stoppedId))
        fail('the takeover of a stopped claimant', `answered ${JSON.stringify(took2).slice(0, 200)}`);
      sleeper.resume();
      const lateTask = await sleeper.recordTask(stoppedId, 'another task');
      if (lateTask.ok || lateTask.code !== 'ledger.lease_lost')
        fail('recordTask by a claimant whose claim was taken over', `answered ${JSON.stringify(lateTask).slice(0, 200)}, not ledger.lease_lost`);
      const lateFinish = await sleeper.finish(stoppedId, persist(bound(ToolResult.text('late'))));
      if (lateFinish.ok || lateFinish.code !== 'ledger.lease_lost')
        fail('a finish by a claimant whose claim was taken over', `answered ${JSON.stringify(lateFinish).slice(0, 200)}, not ledger.lease_lost`);
      const done2 = await taker.finish(stoppedId, entry);
      if (!done2.ok) fail('the second takeover finish', `answered ${done2.code}: ${done2.message}`);
      const stored2 = (await later.entries([stoppedId]))[stoppedId];
      if (stored2 !== entry) fail('after the late finish', 'the stored entry is not the takeover finish, byte for byte');
      // No tool ran anywhere: the task is what ran, once, on its server.
      const n = counts(b.executions(), new Set([callId, stoppedId]));
      if (n.size !== 0) fail('the task calls', `the suite tool ran ${[...n.values()].reduce((a, c) => a + c, 0)} times (want 0)`);
      return { leaseMs: b.leaseMs, takenOverAfterKillMs: Math.round(afterMs), entryOctets: Buffer.byteLength(entry) };
    } finally {
      sleeper.resume();
      await victim.close();
      await sleeper.close();
    }
  },
};
