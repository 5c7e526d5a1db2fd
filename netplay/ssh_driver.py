"""A Textual driver bound to one SSH channel: output to the channel, input through Textual's xterm parser (bounded,
and a slice at a time, so no session holds up the others), resizes from the client; no threads, signals or termios."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from codecs import getincrementaldecoder
from functools import lru_cache
from typing import Any

from rich.color import Color, ColorSystem
from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

log = logging.getLogger(__name__)
ESCAPE_DELAY = 0.1  # seconds before a lone Esc counts as a key
RESIZE_PAUSE = 0.1  # seconds the app waits for a terminal's size to settle: it lays out once for a burst of resizes
MAX_UNSENT = 1024 * 1024  # bytes buffered for a client before it counts as stalled
INPUT_RATE = 2048  # bytes a second of keys, mouse and pastes a session may send, after a burst
INPUT_BURST = 8192
FLOOD_LIMIT = 64 * 1024  # bytes dropped (less what the rate has paid back since) before the session is ended
SLICE = 64  # bytes parsed at a time; the app takes in their events before the next slice

ENTER = "\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h\x1b[?1004h\x1b[?2004h"
LEAVE = "\x1b[?2004l\x1b[?1004l\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1000l\x1b[?25h\x1b[?1049l"
SGR = re.compile(r"\x1b\[([0-9;]*)m")
PLAIN_COLOURS = {*range(30, 38), *range(40, 48), *range(90, 98), *range(100, 108)}


@lru_cache(maxsize=4096)
def _sgr(params: str, system: ColorSystem | None) -> str:
    """One SGR sequence with its colours brought down to system (None: without colours; '' if nothing is left)."""
    codes, i = params.split(";"), 0
    kept: list[str] = []
    while i < len(codes):
        code = codes[i]
        size = {"2": 5, "5": 3}.get(codes[i + 1], 0) if code in ("38", "48") and i + 1 < len(codes) else 0
        if size and i + size <= len(codes):
            values = [int(v or 0) for v in codes[i + 2 : i + size]]
            color = Color.from_rgb(*values) if size == 5 else Color.from_ansi(values[0])
            if system is not None:
                kept.extend(color.downgrade(system).get_ansi_codes(code == "38"))
            i += size
            continue
        if system is not None or not (code.isdigit() and int(code) in PLAIN_COLOURS):
            kept.append(code)
        i += 1
    return f"\x1b[{';'.join(kept)}m" if kept or not params else ""


def downgrade_colours(data: str, system: ColorSystem | None) -> str:
    """Terminal output with every colour brought down to what system can show (None: no colour at all)."""
    if system == ColorSystem.TRUECOLOR:
        return data
    if system == ColorSystem.EIGHT_BIT and "8;2;" not in data:
        return data
    return SGR.sub(lambda match: _sgr(match.group(1), system), data)


class InputBudget:
    """A token bucket of input bytes: what is over the allowance is dropped, and a sender whose dropped bytes
    outrun the rate by FLOOD_LIMIT is flooding."""

    def __init__(self, rate: float = INPUT_RATE, burst: float = INPUT_BURST, flood: float = FLOOD_LIMIT) -> None:
        self.rate, self.burst, self.flood = rate, burst, flood
        self.allowance, self.dropped, self._last = burst, 0.0, time.monotonic()

    def take(self, size: int) -> bool:
        """Whether size more bytes may come in now (if not, they count as dropped)."""
        now = time.monotonic()
        earned, self._last = (now - self._last) * self.rate, now
        self.allowance = min(self.burst, self.allowance + earned)
        self.dropped = max(0.0, self.dropped - earned)
        if size <= self.allowance:
            self.allowance -= size
            return True
        self.dropped += size
        return False

    @property
    def flooding(self) -> bool:
        """Dropped input has piled up faster than the rate pays it back."""
        return self.dropped > self.flood


class ChannelDriver(Driver):
    """Subclassed per session with `channel` set (see for_channel)."""

    channel: Any = None
    on_stall: Any = None
    on_flood: Any = None
    color_system: ColorSystem | None = ColorSystem.TRUECOLOR

    def __init__(self, app: Any, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None):
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._parser = XTermParser(debug)
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._input = True
        self._budget = InputBudget()
        self._pending = bytearray()
        self._pump: asyncio.Handle | None = None
        self._tick: asyncio.TimerHandle | None = None
        self._resizing: asyncio.TimerHandle | None = None
        self._stalled = False

    @classmethod
    def for_channel(
        cls,
        channel: Any,
        on_stall: Any,
        color_system: ColorSystem | None = ColorSystem.TRUECOLOR,
        on_flood: Any = None,
    ) -> type[ChannelDriver]:
        """A driver class whose instances write to channel in color_system's colours (None: none); on_stall()
        is called if the client stops reading, on_flood() (default: on_stall) if it sends far more than it may."""
        attributes = {
            "channel": channel,
            "on_stall": staticmethod(on_stall),
            "on_flood": staticmethod(on_flood or on_stall),
            "color_system": color_system,
        }
        return type("SessionDriver", (cls,), attributes)

    def write(self, data: str) -> None:
        """Send output, unless the client has stopped reading (then end the session) or has gone."""
        if self._stalled or self.channel.is_closing():
            return  # a client that hung up is not an error of the app's
        if self.channel.get_write_buffer_size() > MAX_UNSENT:
            self._stalled = True
            log.warning("an SSH client stopped reading; ending its session")
            self.on_stall()
            return
        data = downgrade_colours(data, self.color_system)
        self.channel.write(data.encode("utf-8", "replace"))

    def flush(self) -> None:
        """Writes go straight to the channel."""

    def start_application_mode(self) -> None:
        """Alternate screen, mouse, focus and paste reporting, then the first size."""
        self.write(ENTER if self._mouse else ENTER.replace("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h", ""))
        self._size = self._size or (80, 24)
        self._send_size()

    def disable_input(self) -> None:
        """Ignore further input."""
        self._input = False

    def stop_application_mode(self) -> None:
        """Give the client its normal screen back."""
        self.disable_input()
        self.write(LEAVE)

    def close(self) -> None:
        """Drop the pending input, Esc tick and cached parses that would keep finished apps alive."""
        for handle in (self._tick, self._pump, self._resizing):
            if handle is not None:
                handle.cancel()
        self._pending.clear()
        XTermParser._parse_extended_key.cache_clear()

    def send_message(self, message: Any) -> None:
        """Post to the app directly: this driver runs on the app's own loop, never in a thread."""
        self._app.post_message(message)

    def feed(self, data: bytes | str) -> None:
        """Input from the client: kept within the budget (a chunk over the allowance is dropped whole, so no escape
        sequence is cut; a client that keeps it up is ended), then parsed a slice at a time."""
        if not self._input:
            return
        raw = data.encode() if isinstance(data, str) else data
        if not self._budget.take(len(raw)):
            if self._budget.flooding:
                self._input = False
                self._pending.clear()
                log.warning("an SSH client sent far more input than a game can use; ending its session")
                self.on_flood()
            return
        self._pending += raw
        if self._tick is not None:  # a lone Esc is one only if nothing follows it in time
            self._tick.cancel()
            self._tick = None
        if self._pump is None:
            self._pump = self._loop.call_soon(self._feed_slice)

    def _busy(self) -> bool:
        """The app (or the screen and widget its keys go to) has not yet taken in the events of the last slice."""
        app = self._app
        pumps = [app, app.screen, app.focused] if app._screen_stack else [app]
        return any(pump is not None and not pump._message_queue.empty() for pump in pumps)

    def _feed_slice(self) -> None:
        """Parse one slice of the pending input, once the app has taken in the last one; then again, later."""
        self._pump = None
        if not self._input or not self._pending:
            return
        if self._busy():
            self._pump = self._loop.call_later(0.005, self._feed_slice)
            return
        chunk = bytes(self._pending[:SLICE])
        del self._pending[:SLICE]
        for event in self._parser.feed(self._decode(chunk)):
            self.process_message(event)
        if self._pending:
            self._pump = self._loop.call_soon(self._feed_slice)
        else:
            self._tick = self._loop.call_later(ESCAPE_DELAY, self._flush_escape)

    def _flush_escape(self) -> None:
        self._tick = None
        if self._input:
            for event in self._parser.tick():
                self.process_message(event)

    def resize(self, width: int, height: int) -> None:
        """The client's terminal changed size (to one the server has already bounded, see ssh_server.screen_size):
        the app hears the latest size RESIZE_PAUSE later, once for any number of changes meanwhile (a client sending
        thousands a second cost the host seconds of layout)."""
        self._size = (max(width, 1), max(height, 1))
        if self._resizing is None:
            self._resizing = self._loop.call_later(RESIZE_PAUSE, self._send_size)

    def _send_size(self) -> None:
        self._resizing = None
        size = Size(*(self._size or (80, 24)))
        self.send_message(events.Resize(size, size))

    def open_url(self, url: str, new_tab: bool = True) -> None:
        """Never open anything on the server."""

    def deliver_binary(self, *args: Any, **kwargs: Any) -> None:
        """Never write files on the server."""
