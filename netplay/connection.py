"""One client connection on the host: framed sends with a bounded buffer, and a flood limit."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import secrets
import time
from typing import Any

from netplay.tally import Tally
from netplay.wire import MAX_FRAME, FrameTooLarge, encode

log = logging.getLogger(__name__)
MAX_BUFFER = 256 * 1024
ERROR_TEXT_LIMIT = 300  # characters of an error reply's message


def where_from(address: str) -> str:
    """The address a peer's connection, game and rate limits count against: an IPv4 address as it is (an IPv4-mapped
    IPv6 one as that IPv4 address), loopback as it is, any other IPv6 address by its /64 network, as one subscriber
    gets a whole /64 (each of its 2**64 addresses had limits of its own)."""
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])  # (a link-local address names its interface after %)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and not ip.is_loopback:
        mapped = ip.ipv4_mapped
        return str(mapped) if mapped is not None else str(ipaddress.IPv6Network((ip, 64), strict=False))
    return address


class Connection:
    """A peer of the host. A reader that stops reading is dropped once its unsent data passes
    max_buffer; a peer sending more than `rate` messages a second (after a burst) is flooding.
    Its log lines go through tally (the host's, shared by every connection; else one of its own)."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        rate: float = 30.0,
        burst: float = 60.0,
        max_buffer: int = MAX_BUFFER,
        max_frame: int = MAX_FRAME,
        tally: Tally | None = None,
    ) -> None:
        self.reader, self.writer = reader, writer
        peername = writer.get_extra_info("peername")
        self.peer = str(peername)
        self.address = where_from(str(peername[0])) if isinstance(peername, tuple) else self.peer  # no port
        self.origin = self.address  # where the player is: for the SSH door's connections, the SSH client's address
        self.tally = tally or Tally(log)
        self.name = ""
        self.program = ""  # the computer level of a program playing through this connection (`coup bot`), as it says
        self.identity = f"conn:{secrets.token_hex(8)}"  # this connection alone, until the hello proves more
        self.door = False  # served over SSH: the SSH login met the host's policy
        self.table_id: str | None = None
        self.seat: int | None = None
        self.closed = False
        self.said_bye = False  # the player quit on purpose (a bye): the others hear that, not a lost connection
        self.rate, self.burst, self.max_buffer, self.max_frame = rate, burst, max_buffer, max_frame
        self._allowance = burst
        self.last_heard = time.monotonic()  # when the last whole frame came in

    def send(self, message: dict[str, Any]) -> None:
        """Queue message; a peer too slow to read it is disconnected."""
        if self.closed:
            return
        try:
            data = encode(message, self.max_frame)
        except FrameTooLarge:
            self.note("oversized messages", logging.ERROR, "dropping an oversized %s message", message.get("type"))
            return
        self.write(data)

    def write(self, data: bytes) -> None:
        """Queue an encoded frame (one encoding sent to many); a peer too slow to read it is disconnected."""
        if self.closed:
            return
        if self.writer.transport.get_write_buffer_size() + len(data) > self.max_buffer:
            self.note("stalled readers", logging.WARNING, "stopped reading; disconnecting")
            self.abort()
            return
        self.writer.write(data)

    def note(self, kind: str, level: int, message: str, *args: Any) -> None:
        """Log "<peer>: message" through the tally, counted by where the player is (origin: for the SSH door's
        connections, the SSH client's address, not loopback's); kind is the host's words for it ("malformed frames")."""
        self.tally.note(self.origin, kind, level, "%s: " + message, self.peer, *args)

    def error(self, code: str, text: str, ref: Any = None) -> None:
        """Send an error reply, its text cut to ERROR_TEXT_LIMIT characters (it may quote what the peer sent)."""
        if len(text) > ERROR_TEXT_LIMIT:
            text = text[: ERROR_TEXT_LIMIT - 1] + "…"
        message: dict[str, Any] = {"type": "error", "code": code, "message": text}
        if ref is not None:
            message["re"] = ref
        self.send(message)

    def allow(self) -> bool:
        """Take one message from the flood allowance; False once it is spent."""
        now = time.monotonic()
        self._allowance = min(self.burst, self._allowance + (now - self.last_heard) * self.rate)
        self.last_heard = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True

    def hang_up(self, code: str, text: str) -> None:
        """Send a last error and close once it is written."""
        self.error(code, text)
        self.closed = True
        self.writer.close()

    def abort(self) -> None:
        """Drop the connection at once."""
        self.closed = True
        self.writer.transport.abort()

    async def close(self) -> None:
        """Flush and close."""
        if self.closed:
            return
        self.closed = True
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2)
        except (OSError, TimeoutError):
            pass
