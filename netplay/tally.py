"""Log lines a peer can cause, kept small: its values escaped and cut short, its repeated faults counted."""

from __future__ import annotations

import logging
from typing import Any

LOG_LIMIT = 120  # characters of a peer-supplied value in a log line
KINDS_LIMIT = 1000  # (address, kind) pairs counted between two summaries; the rest share one count


def shown(value: Any, limit: int = LOG_LIMIT) -> str:
    """A peer-supplied value as a log line may hold it: cut to limit characters and escaped (repr), so no newline
    forges a line and no escape sequence reaches the operator's terminal."""
    text = value if isinstance(value, str) else str(value)
    return repr(text[:limit]) + ("…" if len(text) > limit else "")


class Tally:
    """The first line of each kind from an address is logged; the others of that kind are only counted until the
    next summary (the host's sweep, and its stop), which logs one line per kind and address: so however many bytes
    a peer sends, it writes at most two lines of each kind to the log per summary period."""

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self._counts: dict[tuple[str, str], list[int]] = {}  # (address, kind) -> [level, more]
        self._others = 0  # lines past KINDS_LIMIT pairs

    def note(self, address: str, kind: str, level: int, message: str, *args: Any) -> None:
        """Log message (at level) unless a line of kind from address was logged since the last summary; count it.
        kind is the host's own words (a plural noun: "malformed frames"), never a peer's."""
        counted = self._counts.get((address, kind))
        if counted is not None:
            counted[1] += 1
        elif len(self._counts) >= KINDS_LIMIT:
            self._others += 1
        else:
            self._counts[(address, kind)] = [level, 0]
            self.log.log(level, message, *args)

    def summarize(self) -> None:
        """Log how many lines were held back since the last summary, one line per kind and address."""
        for (address, kind), (level, more) in self._counts.items():
            if more:
                self.log.log(level, "%d more %s from %s", more, kind, address)
        if self._others:
            self.log.warning("%d more log lines from other addresses", self._others)
        self._counts.clear()
        self._others = 0


class LostWrites(logging.Filter):
    """Keeps asyncio's "socket.send() raised exception." (a write to a connection already lost: each session that
    vanished with a reset in the middle of a redraw wrote one per frame) out of the log, noting it in a tally
    instead, so however many sessions vanish it costs two lines a summary."""

    MESSAGE = "socket.send() raised exception."

    def __init__(self, tally: Tally) -> None:
        super().__init__()
        self.tally = tally

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != self.MESSAGE:
            return True
        self.tally.note("gone peers", "writes to lost connections", logging.INFO, "a write to a lost connection")
        return False
