"""Waiting in async tests with a time limit: within (await) and eventually (poll a condition)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Waiting:
    """within and eventually with a default time limit of timeout seconds."""

    timeout: float

    async def within(self, awaitable: Awaitable[T], timeout: float | None = None) -> T:
        """Await with a time limit, so no test can hang."""
        return await asyncio.wait_for(awaitable, self.timeout if timeout is None else timeout)

    async def eventually(self, check: Callable[[], Any], timeout: float | None = None, poll: float = 0.01) -> None:
        """Wait until check() holds; AssertionError after timeout seconds."""
        limit = self.timeout if timeout is None else timeout
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        while not check():
            if loop.time() > end:
                raise AssertionError(f"condition not met within {limit} s")
            await asyncio.sleep(poll)
