"""The client side of the wire: a connection to a host, requests with replies, and updates."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import logging
import re
import socket
from collections.abc import Callable
from typing import Any

from netplay.wire import HEADER, MAX_FRAME, PROTOCOL_VERSION, WireError, decode, encode, read_frame

log = logging.getLogger(__name__)
DEFAULT_PORT = 7654
KEEPALIVE = 120.0  # seconds between two pings: a host closes a connection silent at no table (10 minutes by default)
Handler = Callable[[dict[str, Any]], None]


class HostError(Exception):
    """The host refused a request, or no coup host could be reached: code is the host's error code, or one of
    the client's own (`refused`, `unknown_host`, `unreachable`, `no_answer`, `not_coup`, `closed`); the message is
    one line a player can act on."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def address_text(host: str, port: int) -> str:
    """'host:port', with an IPv6 address in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def one_line(text: str, limit: int = 200) -> str:
    """text as one line of printable characters (a foreign server's words are shown, never obeyed)."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:limit]


def refusal(code: str, message: str, address: str, gave_password: bool) -> HostError:
    """The host's refusal of our hello, said for a player: what it means and what to do."""
    said = one_line(message)
    if code == "version":
        found = re.search(r"protocol version (\d+)", said)
        theirs = f"protocol {found.group(1)}" if found else "another protocol"
        text = f"This host runs a different version of coup ({theirs}; this coup speaks protocol {PROTOCOL_VERSION})"
        return HostError(code, text + ": update coup so both match")
    if code == "password":
        return HostError(code, "Wrong password" if gave_password else "This host needs a password")
    if code == "ssh_only":
        return HostError(code, "This host admits players by SSH key only: connect with ssh (port 2222 by default)")
    return HostError(code, f"{address} refused us: {said or code}")


def stranger(header: bytes, host: str, port: int) -> HostError:
    """What to tell a player whose hello something other than a coup host answered, judged by its first bytes."""
    address = address_text(host, port)
    if header.startswith(b"SSH-"):
        text = f"{address} is an SSH server, not a coup host's game port (by default {DEFAULT_PORT})"
        return HostError("not_coup", f"{text}; to play over SSH: ssh -p {port} NAME@{host}")
    what = "a web server" if header.startswith(b"HTTP") else "something else"
    return HostError("not_coup", f"{address} is {what}, not a coup host: the default port is {DEFAULT_PORT}")


def numeric_address(host: str, port: int) -> list[tuple[Any, ...]]:
    """host:port as getaddrinfo gives it when host is an IP address, else []. No lookup, so no thread: asyncio looks
    names up in its executor, whose threads live on holding the sys.stderr of their birth, which in an app served
    over SSH is that app's capture, and would keep the finished app in memory."""
    try:
        return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_NUMERICHOST)
    except (socket.gaierror, UnicodeError):
        return []


async def open_stream(host: str, port: int, timeout: float) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection to host:port, trying each of its addresses; HostError saying why when none takes it."""
    address = address_text(host, port)
    loop = asyncio.get_running_loop()
    try:
        found = numeric_address(host, port) or await asyncio.wait_for(
            loop.getaddrinfo(host, port, type=socket.SOCK_STREAM), timeout
        )
    except (socket.gaierror, UnicodeError, TimeoutError):
        text = f"No computer called {one_line(host)} was found: check the name, or type the host's IP address"
        raise HostError("unknown_host", text) from None
    errors: list[OSError] = []
    for family, kind, proto, _, sockaddr in found:
        sock = socket.socket(family, kind, proto)
        sock.setblocking(False)
        try:
            await asyncio.wait_for(loop.sock_connect(sock, sockaddr), timeout)
            return await asyncio.open_connection(sock=sock)
        except OSError as error:  # TimeoutError is one
            sock.close()
            errors.append(error)
    if any(isinstance(error, ConnectionRefusedError) for error in errors):
        text = f"Nothing is listening at {address} — is the host running?"
        text += "" if port == DEFAULT_PORT else f" The default port is {DEFAULT_PORT}"  # (said when another was used)
        raise HostError("refused", text)
    if any(isinstance(error, TimeoutError) for error in errors):
        text = f"{address} did not answer in {timeout:g} s: check the address, and that no firewall blocks port {port}"
        raise HostError("no_answer", text)
    reason = next((error.strerror for error in errors if error.strerror), "no route to it")
    raise HostError("unreachable", f"Cannot reach {address}: {reason}")


async def read_welcome(reader: asyncio.StreamReader, host: str, port: int, gave_password: bool) -> dict[str, Any]:
    """The host's answer to our hello: its welcome, else HostError saying what answered instead."""
    address = address_text(host, port)
    try:
        header = await reader.readexactly(HEADER.size)
    except (asyncio.IncompleteReadError, ConnectionError):
        raise HostError("closed", f"{address} closed the connection without a word: is it a coup host?") from None
    (length,) = HEADER.unpack(header)
    if length > MAX_FRAME:
        raise stranger(header, host, port)
    try:
        message = decode(await reader.readexactly(length))
    except (asyncio.IncompleteReadError, ConnectionError, WireError):
        raise stranger(header, host, port) from None
    if message["type"] == "error":
        raise refusal(str(message.get("code")), str(message.get("message", "")), address, gave_password)
    if message["type"] != "welcome":
        raise stranger(header, host, port)
    return message


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
        door's proof); a seat the identity holds comes back at once (joined, started, update). Whatever goes wrong
        (no such host, nothing listening, no answer, another kind of server, a refusal) is a HostError whose message
        is one line for the player."""
        reader, writer = await open_stream(host, port, timeout)
        hello: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "name": name, **(credentials or {})}
        try:
            writer.write(encode(hello))
            welcome = await asyncio.wait_for(read_welcome(reader, host, port, "password" in hello), timeout)
        except TimeoutError:
            writer.close()
            text = (
                f"{address_text(host, port)} took the connection but said nothing in {timeout:g} s: is it a coup host?"
            )
            raise HostError("no_answer", text) from None
        except BaseException:
            writer.close()
            raise
        self.reader, self.writer = reader, writer
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

    async def close(self, bye: bool = False) -> None:
        """Close the connection; with bye, first tell the host the player quits on purpose (not a lost connection)."""
        if bye:
            with contextlib.suppress(ConnectionError):
                self.send({"type": "bye"})
        self.drop()
        if self.writer is not None:
            with contextlib.suppress(OSError, asyncio.CancelledError):
                await self.writer.wait_closed()

    def drop(self) -> None:
        """Close the connection at once, without waiting for it to go (for a task being cancelled: the host must
        not go on seeing a player whose app is gone)."""
        for task in (self._reader_task, self._keepalive_task):
            if task is not None:
                task.cancel()
        if self.writer is not None:
            self.writer.close()
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
        except HostError as error:  # every failure to connect is one; only a few are for good
            if error.code in FINAL_REFUSALS:
                raise
