"""A Textual driver bound to one SSH channel: output to the channel, input through Textual's
xterm parser, resizes from the client; no threads, no signals, no termios of the host's own."""

from __future__ import annotations

import asyncio
import logging
import re
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
MAX_UNSENT = 1024 * 1024  # bytes buffered for a client before it counts as stalled

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


class ChannelDriver(Driver):
    """Subclassed per session with `channel` set (see for_channel)."""

    channel: Any = None
    on_stall: Any = None
    color_system: ColorSystem | None = ColorSystem.TRUECOLOR

    def __init__(self, app: Any, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None):
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._parser = XTermParser(debug)
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._input = True
        self._tick: asyncio.TimerHandle | None = None
        self._stalled = False

    @classmethod
    def for_channel(
        cls, channel: Any, on_stall: Any, color_system: ColorSystem | None = ColorSystem.TRUECOLOR
    ) -> type[ChannelDriver]:
        """A driver class whose instances write to channel in color_system's colours (None: none); on_stall()
        is called if the client stops reading."""
        attributes = {"channel": channel, "on_stall": staticmethod(on_stall), "color_system": color_system}
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
        self.resize(*(self._size or (80, 24)))

    def disable_input(self) -> None:
        """Ignore further input."""
        self._input = False

    def stop_application_mode(self) -> None:
        """Give the client its normal screen back."""
        self.disable_input()
        self.write(LEAVE)

    def close(self) -> None:
        """Drop the pending Esc tick and the cached parses that would keep finished apps alive."""
        if self._tick is not None:
            self._tick.cancel()
        XTermParser._parse_extended_key.cache_clear()

    def feed(self, data: bytes | str) -> None:
        """Input from the client."""
        if not self._input:
            return
        text = data if isinstance(data, str) else self._decode(data)
        for event in self._parser.feed(text):
            self.process_message(event)
        if self._tick is not None:
            self._tick.cancel()
        self._tick = self._loop.call_later(ESCAPE_DELAY, self._flush_escape)

    def _flush_escape(self) -> None:
        self._tick = None
        if self._input:
            for event in self._parser.tick():
                self.process_message(event)

    def resize(self, width: int, height: int) -> None:
        """The client's terminal changed size."""
        size = Size(max(width, 1), max(height, 1))
        self._size = (size.width, size.height)
        self.send_message(events.Resize(size, size))

    def open_url(self, url: str, new_tab: bool = True) -> None:
        """Never open anything on the server."""

    def deliver_binary(self, *args: Any, **kwargs: Any) -> None:
        """Never write files on the server."""
