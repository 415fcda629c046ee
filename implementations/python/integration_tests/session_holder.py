"""One MCP server process for a whole test class: a long-lived task in a class-wide event loop
holds the langchain-mcp-adapters session (anyio wants a context exited by the task that entered it),
and each test runs its coroutine on that loop."""

from __future__ import annotations

import asyncio
import tempfile
import unittest
from typing import Any

from langchain_mcp_adapters.client import MultiServerMCPClient

from integration_tests.support import stdio_connection


class SharedServerCase(unittest.TestCase):
    runner: asyncio.Runner
    session: Any
    counter: str

    @classmethod
    def setUpClass(cls) -> None:
        cls.folder = tempfile.TemporaryDirectory()
        cls.counter = f"{cls.folder.name}/counter"
        cls.runner = asyncio.Runner()
        cls._close = None
        ready: asyncio.Future[Any] = cls.runner.get_loop().create_future()

        async def hold() -> None:
            cls._close = asyncio.Event()
            async with MultiServerMCPClient({"t": stdio_connection(cls.counter)}).session("t") as session:
                ready.set_result(session)
                await cls._close.wait()

        cls._holder = cls.runner.get_loop().create_task(hold())
        cls.session = cls.runner.run(cls._wait(ready))

    @staticmethod
    async def _wait(future: "asyncio.Future[Any]") -> Any:
        return await asyncio.wait_for(future, 120)  # guards a server that never starts

    @classmethod
    def tearDownClass(cls) -> None:
        if cls._close is not None:
            cls._close.set()
        cls.runner.run(cls._finish())
        cls.runner.close()
        cls.folder.cleanup()

    @classmethod
    async def _finish(cls) -> None:
        await cls._holder

    def run_async(self, coro: Any) -> Any:
        return self.runner.run(coro)
