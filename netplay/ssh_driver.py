"""A Textual driver bound to one SSH channel: output to the channel, input through Textual's
xterm parser, resizes from the client; no threads, no signals, no termios of the host's own."""

from __future__ import annotations

import asyncio
import logging
from codecs import getincrementaldecoder
from typing import Any

from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

log = logging.getLogger(__name__)
ESCAPE_DELAY = 0.1  # seconds before a lone Esc counts as a key
MAX_UNSENT = 1024 * 1024  # bytes buffered for a client before it counts as stalled

ENTER = "\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h\x1b[?1004h\x1b[?2004h"
LEAVE = "\x1b[?2004l\x1b[?1004l\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1000l\x1b[?25h\x1b[?1049l"


class ChannelDriver(Driver):
    """Subclassed per session with `channel` set (see for_channel)."""

    channel: Any = None
    on_stall: Any = None

    def __init__(self, app: Any, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None):
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._parser = XTermParser(debug)
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._input = True
        self._tick: asyncio.TimerHandle | None = None
        self._stalled = False

    @classmethod
    def for_channel(cls, channel: Any, on_stall: Any) -> type[ChannelDriver]:
        """A driver class whose instances write to channel; on_stall() is called if it stops reading."""
        return type("SessionDriver", (cls,), {"channel": channel, "on_stall": staticmethod(on_stall)})

    def write(self, data: str) -> None:
        """Send output, unless the client has stopped reading (then end the session)."""
        if self._stalled:
            return
        if self.channel.get_write_buffer_size() > MAX_UNSENT:
            self._stalled = True
            log.warning("an SSH client stopped reading; ending its session")
            self.on_stall()
            return
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

    def deliver_binary(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Never write files on the server."""
