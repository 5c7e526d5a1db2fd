"""Keep a door's garbage collector from pausing every session at once: what has lived a while is set aside from its
passes, and all of it is gone over again only now and then.

A door holds one Textual app per session, some 27,000 objects each: at 100 sessions Python's full collection, which
runs every few seconds as the heap grows, walked 2.7 million objects and stopped every session for up to 1.8 s (the
SSH bench's keystroke p99 was that pause). Every FREEZE_SECONDS the door collects its young objects and freezes what
is left (gc.freeze: the collector leaves those objects out of its passes; a frozen object no longer referenced is
still freed at once, only a cycle among frozen objects waits). Every COMPACT_SECONDS everything is collected once
(gc.unfreeze, gc.collect, gc.freeze again), so the cycles left by sessions that ended and screens that closed are
reclaimed: one pause now and then instead of one every few seconds."""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)
FREEZE_SECONDS = 0.5
COMPACT_SECONDS = 600.0
SLOW_COMPACTION_SECONDS = 0.5  # a full pass this long is worth a log line


class CollectorPacing:
    """Freeze the door's long-lived objects on a timer, and collect everything at longer intervals."""

    def __init__(self, freeze_seconds: float = FREEZE_SECONDS, compact_seconds: float = COMPACT_SECONDS) -> None:
        self.freeze_seconds, self.compact_seconds = freeze_seconds, compact_seconds
        self._timer: asyncio.TimerHandle | None = None
        self._last_compaction = time.monotonic()

    def start(self) -> None:
        """Begin pacing on the running loop."""
        self._timer = asyncio.get_running_loop().call_later(self.freeze_seconds, self._tick)

    def stop(self) -> None:
        """Stop pacing, and give every object back to the collector."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        gc.unfreeze()

    def _tick(self) -> None:
        if time.monotonic() - self._last_compaction >= self.compact_seconds:
            self.compact()
        else:
            self.freeze()
        self._timer = asyncio.get_running_loop().call_later(self.freeze_seconds, self._tick)

    @staticmethod
    def freeze() -> None:
        """Collect the objects not yet set aside (those of the last moment: a short pass), and set aside every object
        that survived."""
        gc.collect()
        gc.freeze()

    def compact(self) -> None:
        """Collect every object, frozen ones included, then freeze the survivors again."""
        started = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self._last_compaction = time.monotonic()
        seconds = time.perf_counter() - started
        if seconds >= SLOW_COMPACTION_SECONDS:
            log.info("full garbage collection: %d objects freed in %.2f s", found, seconds)
