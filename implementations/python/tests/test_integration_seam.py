"""The Seam every stack integration shares (toolresult.integrations.seam_call), without a stack:
each call keyed by scope, call ID and the fingerprint of its tool and arguments (spec §7.2),
``Seam.result`` finding the last call under an ID or the one named, and an MCP request cut off by
the deadline or a cancellation left to close on its own (its teardown never holds the answer)."""

from __future__ import annotations

import asyncio
import unittest
from typing import Any

from toolresult import INTERRUPTED_TEXT
from toolresult.integrations.seam_call import Seam, local_run, mcp_run


# Only guards a hang: a seam that waited for the close would wait for ever (release is set later).
GUARD = 30.0


def text(value: str) -> Any:
    return {"content": [{"type": "text", "text": value}]}


class CallKeys(unittest.IsolatedAsyncioTestCase):
    async def test_a_reused_call_id_with_other_arguments_runs_and_is_found_by_its_key(self) -> None:
        seam = Seam(scope="user-1")
        ran: list[int] = []

        def tool(x: int) -> str:
            ran.append(x)
            return f"answer {x}"

        first = await seam.call("call_0", local_run(lambda: tool(1), seam.bound), tool="t", arguments={"x": 1})
        second = await seam.call("call_0", local_run(lambda: tool(2), seam.bound), tool="t", arguments={"x": 2})
        again = await seam.call("call_0", local_run(lambda: tool(1), seam.bound), tool="t", arguments={"x": 1})
        self.assertEqual((first.text, second.text, again.text, again.replayed), ("answer 1", "answer 2", "answer 1", True))
        self.assertEqual(ran, [1, 2])
        self.assertEqual(seam.result("call_0").content, "answer 1")  # the last call made under the ID
        self.assertEqual(seam.result("call_0", tool="t", arguments={"x": 2}).content, "answer 2")
        self.assertEqual(seam.result("call_0", scope="user-1", tool="t", arguments={"x": 1}).content, "answer 1")
        self.assertIsNone(seam.result("call_0", scope="user-2", tool="t", arguments={"x": 1}))
        self.assertIsNone(seam.result("call_0", scope="user-1"))  # no tool: the old API's key, never used here

    async def test_the_stacks_scope_wins_over_the_seams_and_two_scopes_each_run(self) -> None:
        seam = Seam(scope="fallback")
        ran: list[str] = []
        for scope in ("thread-a", "thread-b", None):
            await seam.call("c", local_run(lambda: ran.append("x") or "ok", seam.bound), scope=scope, tool="t", arguments={})
        self.assertEqual(len(ran), 3)
        for scope in ("thread-a", "thread-b", "fallback"):
            self.assertEqual(seam.result("c", scope=scope, tool="t").content, "ok", scope)

    async def test_invalid_keys_are_refused_without_quoting_them_and_nothing_runs(self) -> None:
        with self.assertRaises(TypeError) as made:
            Seam(scope="secret\x00scope")
        self.assertNotIn("secret", str(made.exception))
        seam = Seam()
        ran: list[int] = []
        for key in ({"scope": "bad\x00"}, {"tool": "t", "arguments": ["secret-list"]}, {"arguments": {"a": 1}}):
            with self.assertRaises(TypeError) as refused:
                await seam.call("c", local_run(lambda: ran.append(1) or "x", seam.bound), **key)
            self.assertNotIn("secret", str(refused.exception))
        self.assertEqual(ran, [])
        self.assertIsNone(seam.result("c"))


class DetachedTeardown(unittest.IsolatedAsyncioTestCase):
    """A request whose teardown blocks until released (an MCP session waiting for a stuck server)."""

    async def request(self, started: asyncio.Event, release: asyncio.Event, closed: list[bool]) -> Any:
        try:
            started.set()
            await asyncio.Event().wait()  # never answers
        finally:
            await release.wait()  # the close waits, as the stdio client waits for the server to exit
            closed.append(True)
        return text("never")

    async def test_the_deadline_answers_while_the_request_is_still_closing(self) -> None:
        seam = Seam(deadline=0.05)
        started, release, closed = asyncio.Event(), asyncio.Event(), []
        call = seam.call("c", mcp_run(lambda: self.request(started, release, closed), None, seam.bound), tool="t")
        outcome = await asyncio.wait_for(call, GUARD)
        self.assertEqual((outcome.result.content, closed), (INTERRUPTED_TEXT, []))  # answered before the close
        release.set()
        for _ in range(100):  # the close goes on once released; a few loop turns
            if closed:
                break
            await asyncio.sleep(0)
        self.assertEqual(closed, [True])

    async def test_a_cancellation_returns_while_the_request_is_still_closing(self) -> None:
        seam = Seam(deadline=None)
        started, release, closed = asyncio.Event(), asyncio.Event(), []
        task = asyncio.ensure_future(seam.call("c", mcp_run(lambda: self.request(started, release, closed), None, seam.bound), tool="t"))
        await started.wait()
        task.cancel()
        with self.assertRaises(asyncio.CancelledError):
            await asyncio.wait_for(task, GUARD)
        self.assertEqual(closed, [])
        self.assertEqual(seam.result("c").content, INTERRUPTED_TEXT)
        release.set()
        for _ in range(100):
            if closed:
                break
            await asyncio.sleep(0)
        self.assertEqual(closed, [True])


if __name__ == "__main__":
    unittest.main()
