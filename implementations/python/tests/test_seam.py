"""The execution seam (spec §7.3): hooks and exposure before the ledger (TR-REPLAY-8, TR-EXPOSE-3),
and the async form's deadline and cancellation at each point of a call (§7.4, TR-REPLAY-23)."""

from __future__ import annotations

import asyncio
import os
import tempfile
import threading
import time
import unittest

from toolresult import INTERRUPTED_ENTRY, bound, ExposurePolicyError, ToolResult, persist, with_content
from toolresult.ledger_store import SqliteLedger
from toolresult.seam import CallInterrupted, execute_tool_call, execute_tool_call_async

CANARY = {"secret": "canary-7f3a", "n": 1}


def truncate(result, _position):
    return with_content(result, result.content[:4])


class SlowFinish:
    """A ledger whose claims take ``pause`` seconds to finish (the time a cancellation arrives in)."""

    def __init__(self, ledger, pause):
        self.ledger, self.pause = ledger, pause

    def claim(self, call_id):
        claim = self.ledger.claim(call_id)
        if claim.status != "claimed":
            return claim
        pause = self.pause

        class Slow:
            status = "claimed"

            def finish(self, entry):
                time.sleep(pause)
                claim.finish(entry)

            def abandon(self):
                claim.abandon()

        return Slow()


class SeamTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.ledger = SqliteLedger(os.path.join(self.dir.name, "l.db"))

    def tearDown(self):
        self.ledger.close()
        self.dir.cleanup()

    def test_hooks_run_before_the_ledger_and_a_replay_returns_the_post_hook_result(self):
        runs = []
        tool = lambda: runs.append(1) or ToolResult.text("Sunny all day", structured=CANARY)
        first, replayed = execute_tool_call("h", tool, self.ledger, hooks=[truncate])
        self.assertEqual((first.content, first.structured, replayed), ("Sunn", CANARY, False))
        again, replayed = execute_tool_call("h", tool, self.ledger, hooks=[])
        self.assertEqual((persist(again), replayed, runs), (persist(first), True, [1]))

    def test_exposure_is_applied_before_the_ledger_and_not_again_on_replay(self):
        policy = {"policy": "allowlist", "pointers": ["/n"]}
        first, _ = execute_tool_call("e", lambda: ToolResult.text("t", structured=CANARY), self.ledger, exposure=policy)
        self.assertEqual(first.content, 't\n\n{"/n":1}')
        again, replayed = execute_tool_call("e", lambda: None, self.ledger, exposure={"policy": "json"})
        self.assertEqual((again.content, replayed), (first.content, True))

    def test_a_malformed_policy_is_refused_before_anything_is_claimed(self):
        with self.assertRaises(ExposurePolicyError):
            execute_tool_call("p", lambda: ToolResult.text("t"), self.ledger, exposure={"policy": "all"})
        self.assertIsNone(self.ledger.entry("p"))
        self.assertEqual(self.ledger.claim("p").status, "claimed")

    def test_async_runs_once_and_replays_under_concurrent_callers(self):
        runs = []

        async def tool():
            runs.append(1)
            await asyncio.sleep(0.05)
            return ToolResult.text("Sunny", structured=CANARY)

        async def go():
            return await asyncio.gather(*(execute_tool_call_async("c", tool, self.ledger, hooks=[truncate]) for _ in range(5)))

        outcomes = asyncio.run(go())
        self.assertEqual(runs, [1])
        self.assertEqual({persist(r) for r, _ in outcomes}, {persist(outcomes[0][0])})
        self.assertEqual(sorted(rep for _, rep in outcomes), [False, True, True, True, True])
        self.assertEqual(outcomes[0][0].structured, CANARY)

    def test_a_deadline_stores_the_interrupted_entry_and_the_tool_is_never_run_again(self):
        runs = []

        async def hang():
            runs.append(1)
            await asyncio.Event().wait()

        result, replayed = asyncio.run(execute_tool_call_async("d", hang, self.ledger, deadline=0.2))
        self.assertEqual((persist(result), replayed), (INTERRUPTED_ENTRY, False))
        self.assertEqual(self.ledger.entry("d"), INTERRUPTED_ENTRY)
        again, replayed = asyncio.run(execute_tool_call_async("d", hang, self.ledger, deadline=0.2))
        self.assertEqual((persist(again), replayed, runs), (INTERRUPTED_ENTRY, True, [1]))

    def test_a_client_timeout_raised_as_call_interrupted_is_recorded_as_interrupted(self):
        async def timed_out():
            raise CallInterrupted()

        result, _ = asyncio.run(execute_tool_call_async("ci", timed_out, self.ledger))
        self.assertEqual(persist(result), INTERRUPTED_ENTRY)

    def test_a_tool_raising_timeout_error_itself_is_a_failure_not_a_deadline(self):
        async def raises():
            raise TimeoutError("quoting canary-7f3a")

        result, _ = asyncio.run(execute_tool_call_async("te", raises, self.ledger, deadline=5))
        self.assertEqual(result.content, "The tool failed without returning a result.")

    def test_a_tool_raising_cancelled_error_itself_is_a_failure(self):
        async def raises():
            raise asyncio.CancelledError()  # nobody cancelled the call

        result, _ = asyncio.run(execute_tool_call_async("ce", raises, self.ledger))
        self.assertEqual(result.content, "The tool failed without returning a result.")

    def test_cancelled_in_the_tool_stores_the_interrupted_entry_and_propagates(self):
        started = []

        async def hang():
            started.append(1)
            await asyncio.Event().wait()

        async def go():
            task = asyncio.ensure_future(execute_tool_call_async("x", hang, self.ledger))
            while not started:
                await asyncio.sleep(0.01)
            task.cancel()
            with self.assertRaises(asyncio.CancelledError):
                await task

        asyncio.run(go())
        self.assertEqual(self.ledger.entry("x"), INTERRUPTED_ENTRY)

    def test_cancelled_while_pending_on_another_caller_leaves_that_call_alone(self):
        holder = self.ledger.claim("w")  # another caller's live claim

        async def go():
            task = asyncio.ensure_future(execute_tool_call_async("w", lambda: None, self.ledger))
            await asyncio.sleep(0.1)
            task.cancel()
            with self.assertRaises(asyncio.CancelledError):
                await task

        asyncio.run(go())
        self.assertIsNone(self.ledger.entry("w"))
        theirs = persist(bound(ToolResult.text("theirs")))
        holder.finish(theirs)
        self.assertEqual(self.ledger.entry("w"), theirs)

    def test_cancelled_before_the_tool_runs_gives_the_claim_up(self):
        async def never():
            raise AssertionError("the tool must not run")

        async def go():
            task = asyncio.ensure_future(execute_tool_call_async("b", never, self.ledger))
            await asyncio.sleep(0)  # the claim is under way in its thread
            task.cancel()
            with self.assertRaises(asyncio.CancelledError):
                await task
            # asyncio.run then joins the claim's thread; its done callback gives the claim up.

        asyncio.run(go())
        self.assertIsNone(self.ledger.entry("b"))
        self.assertEqual(self.ledger.claim("b").status, "claimed")  # claimable again: nothing ran

    def test_cancelled_during_the_finish_stores_the_result_then_propagates(self):
        slow = SlowFinish(self.ledger, 0.3)
        runs = []

        async def tool():
            runs.append(1)
            return ToolResult.text("kept", structured=CANARY)

        async def go():
            task = asyncio.ensure_future(execute_tool_call_async("f", tool, slow))
            while not runs:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.05)  # now inside the finish
            task.cancel()
            with self.assertRaises(asyncio.CancelledError):
                await task

        asyncio.run(go())
        result, replayed = execute_tool_call("f", lambda: runs.append(2), self.ledger)
        self.assertEqual((result.content, result.structured, replayed, runs), ("kept", CANARY, True, [1]))


if __name__ == "__main__":
    unittest.main()
