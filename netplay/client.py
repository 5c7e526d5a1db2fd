"""The client side of the wire: a connection to a host, requests with replies, and updates."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import logging
from collections.abc import Callable
from typing import Any

from netplay.wire import MAX_FRAME, PROTOCOL_VERSION, WireError, encode, read_frame

log = logging.getLogger(__name__)
DEFAULT_PORT = 7654
KEEPALIVE = 120.0  # seconds between two pings: a host closes a connection silent at no table (10 minutes by default)
Handler = Callable[[dict[str, Any]], None]


class HostError(Exception):
    """The host refused a request; code is its error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """'host', 'host:port' or '[v6]:port' as (host, port); ValueError if malformed."""
    text = text.strip()
    if not text:
        raise ValueError("an address is HOST or HOST:PORT")
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.removeprefix(":") or str(default_port)
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, str(default_port)
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"bad port in {text!r}")
    return host or "127.0.0.1", int(port)


class Client:
    """One connection to a host. Replies to requests come back from request(); every other
    message (updates, lobby lists, errors not tied to a request) goes to on_message."""

    def __init__(self, on_message: Handler | None = None) -> None:
        self.on_message = on_message
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.welcome: dict[str, Any] = {}
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader_task: asyncio.Task[None] | None = None
        self._keepalive_task: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()

    async def connect(
        self, host: str, port: int, name: str, credentials: dict[str, Any] | None = None, timeout: float = 10
    ) -> None:
        """Open the connection and say hello with credentials (a profile's secret, the host's password, or the SSH
        door's proof); a seat the identity holds comes back at once (joined, started, update)."""
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        self.reader, self.writer = reader, writer
        hello: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "name": name, **(credentials or {})}
        writer.write(encode(hello))
        welcome = await asyncio.wait_for(read_frame(reader), timeout)
        if welcome.get("type") == "error":
            raise HostError(welcome.get("code", "error"), welcome.get("message", "refused"))
        self.welcome = welcome
        self._reader_task = asyncio.get_running_loop().create_task(self._read())
        # in a context of its own: a cancelled sleep's timer keeps its context until it is due, and the caller's
        # may hold an app (Textual's active app) that must not outlive its session
        self._keepalive_task = asyncio.get_running_loop().create_task(self._keep_alive(), context=contextvars.Context())

    def send(self, message: dict[str, Any]) -> None:
        """Send without waiting for a reply."""
        if self.writer is None or self.writer.is_closing():
            raise ConnectionError("not connected")
        self.writer.write(encode(message))

    async def request(self, message: dict[str, Any], timeout: float = 10) -> dict[str, Any]:
        """Send message and wait for its reply; HostError if the host refuses it."""
        ref = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ref] = future
        try:
            self.send({**message, "id": ref})
            reply = await asyncio.wait_for(future, timeout)
        finally:
            self._waiting.pop(ref, None)
        if reply.get("type") == "error":
            raise HostError(reply.get("code", "error"), reply.get("message", ""))
        return reply

    async def close(self) -> None:
        """Close the connection."""
        for task in (self._reader_task, self._keepalive_task):
            if task is not None:
                task.cancel()
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError, asyncio.CancelledError):
                await self.writer.wait_closed()
        self.closed.set()

    async def _keep_alive(self) -> None:
        """Ping now and then, so that a quiet lobby screen keeps its connection."""
        with contextlib.suppress(ConnectionError, TimeoutError, HostError):
            while True:
                await asyncio.sleep(KEEPALIVE)
                await self.request({"type": "ping"})

    async def _read(self) -> None:
        assert self.reader is not None
        try:
            while True:
                message = await read_frame(self.reader, MAX_FRAME)
                ref = message.get("re")
                future = self._waiting.get(ref) if isinstance(ref, int) else None
                if future is not None and not future.done():
                    future.set_result(message)
                elif self.on_message is not None:
                    self.on_message(message)
        except (asyncio.IncompleteReadError, ConnectionError, WireError) as error:
            log.info("connection closed: %s", error)
        finally:
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("connection to the host closed"))
            self.closed.set()
            if self.on_message is not None:
                self.on_message({"type": "closed"})


RETRY_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0, 10.0)  # seconds before each reconnect attempt; the last repeats
FINAL_REFUSALS = ("password", "ssh_only", "version")  # refusals another attempt cannot change


async def connect_again(
    address: tuple[str, int],
    name: str,
    credentials: dict[str, Any],
    on_message: Handler,
    on_wait: Callable[[float, int], None] = lambda delay, attempt: None,
) -> Client:
    """A new connection to a host that went away, as the same identity (so the host gives our seat back), tried
    with backoff until it answers; on_wait(delay, attempt) hears of each wait. HostError if it refuses us for good."""
    attempt = 0
    while True:
        attempt += 1
        delay = RETRY_DELAYS[min(attempt, len(RETRY_DELAYS)) - 1]
        on_wait(delay, attempt)
        await asyncio.sleep(delay)
        client = Client(on_message=on_message)
        try:
            await client.connect(*address, name, credentials)
            return client
        except HostError as error:
            if error.code in FINAL_REFUSALS:
                raise
        except (OSError, TimeoutError, WireError, asyncio.IncompleteReadError):
            pass
