"""The execution seam (spec §7.3): hooks and exposure before the ledger (TR-REPLAY-8, TR-EXPOSE-3),
and the async form's deadline and cancellation at each point of a call (§7.4, TR-REPLAY-23)."""

from __future__ import annotations

import asyncio
import os
import tempfile
import threading
import time
import unittest

from toolresult import INTERRUPTED_ENTRY, bound, call_fingerprint, ExposurePolicyError, ToolResult, persist, with_content
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


class OldApiLedger:
    """A ledger written before scopes: ``claim(call_id)`` and nothing else."""

    def __init__(self, ledger):
        self.ledger = ledger

    def claim(self, call_id):
        return self.ledger.claim(call_id)


class SeamCallKeyTest(unittest.TestCase):
    """§7.2: the seam keys a call by scope, call ID and the fingerprint of its tool and arguments; a
    call ID reused for another call runs that call, and each call replays its own entry."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.ledger = SqliteLedger(os.path.join(self.dir.name, "l.db"))
        self.runs = []

    def tearDown(self):
        self.ledger.close()
        self.dir.cleanup()

    def balance(self, user):
        return lambda: self.runs.append(user) or ToolResult.text(f"{user}'s balance", structured={"user": user})

    def test_two_scopes_one_call_id_each_run_once_and_replay_their_own(self):
        """The issue's case: two runs, two tools, both called call_0."""
        for _ in range(2):
            alice, _ = execute_tool_call("call_0", self.balance("alice"), self.ledger, scope="run-a", tool="balance_a", arguments={})
            bob, _ = execute_tool_call("call_0", self.balance("bob"), self.ledger, scope="run-b", tool="balance_b", arguments={})
            self.assertEqual((alice.content, bob.content), ("alice's balance", "bob's balance"))
        self.assertEqual(self.runs, ["alice", "bob"])
        # The same tools with the same call ID and no scope: calls of their own too.
        same_scope, replayed = execute_tool_call("call_0", self.balance("carol"), self.ledger, tool="balance_a")
        self.assertEqual((same_scope.content, replayed), ("carol's balance", False))

    def test_one_scope_one_call_id_other_arguments_is_another_call(self):
        first, r1 = execute_tool_call("call_0", self.balance("alice"), self.ledger, scope="t", tool="balance", arguments={"user": "alice"})
        second, r2 = execute_tool_call("call_0", self.balance("bob"), self.ledger, scope="t", tool="balance", arguments={"user": "bob"})
        again, r3 = execute_tool_call("call_0", self.balance("x"), self.ledger, scope="t", tool="balance", arguments={"user": "alice"})
        self.assertEqual((r1, r2, r3), (False, False, True))
        self.assertEqual((second.content, persist(again)), ("bob's balance", persist(first)))
        self.assertEqual(self.runs, ["alice", "bob"])
        fp = call_fingerprint("balance", {"user": "bob"})
        self.assertEqual(self.ledger.entry("call_0", scope="t", fingerprint=fp), persist(second))
        self.assertIsNone(self.ledger.entry("call_0"))  # the old API's key holds nothing

    def test_the_old_api_keeps_its_key_and_a_ledger_without_scopes_still_serves_it(self):
        old = OldApiLedger(self.ledger)
        first, _ = execute_tool_call("c", self.balance("alice"), old)
        again, replayed = execute_tool_call("c", self.balance("bob"), self.ledger, scope="", tool=None)
        self.assertEqual((persist(again), replayed, self.runs), (persist(first), True, ["alice"]))
        with self.assertRaises(TypeError):
            execute_tool_call("c", self.balance("bob"), old, scope="s")  # it cannot key a scope: not answered with another call

    def test_an_invalid_scope_tool_or_arguments_is_refused_before_anything_is_claimed(self):
        secret = "cnry-seam-key-93e1"
        for at in ({"scope": secret + "\x00"}, {"scope": 5}, {"tool": 5}, {"tool": "t", "arguments": [secret]}, {"arguments": {"a": secret}}):
            with self.assertRaises((TypeError, ValueError)) as caught:
                execute_tool_call("k", self.balance("alice"), self.ledger, **at)
            self.assertNotIn(secret, str(caught.exception))
            with self.assertRaises((TypeError, ValueError)):
                asyncio.run(execute_tool_call_async("k", self.async_balance("alice"), self.ledger, **at))
        self.assertEqual(self.runs, [])
        self.assertEqual(self.ledger.claim("k").status, "claimed")

    def async_balance(self, user):
        async def run():
            return self.balance(user)()

        return run

    def test_async_keys_the_call_alike_under_concurrent_callers(self):
        async def main():
            calls = [
                execute_tool_call_async("call_0", self.async_balance(user), self.ledger, scope=scope, tool="balance", arguments={"user": user})
                for scope in ("a", "b")
                for user in ("alice", "bob")
                for _ in range(3)
            ]
            return await asyncio.gather(*calls)

        outcomes = asyncio.run(main())
        self.assertEqual(sorted(self.runs), ["alice", "alice", "bob", "bob"])
        for n in range(0, 12, 3):
            group = outcomes[n : n + 3]
            self.assertEqual(len({persist(r) for r, _ in group}), 1)
            self.assertEqual(sorted(replayed for _, replayed in group), [False, True, True])


if __name__ == "__main__":
    unittest.main()
