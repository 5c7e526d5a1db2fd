"""Keep a door's garbage collector from pausing every session at once: what has lived a while is set aside from its
passes, and all of it is gone over again only when enough may have died.

A door holds one Textual app per session, some 27,000 objects each: at 100 sessions Python's full collection, which
runs every few seconds as the heap grows, walked 2.7 million objects and stopped every session for up to 1.8 s (the
SSH bench's keystroke p99 was that pause). Every FREEZE_SECONDS the door collects its young objects and freezes what
is left (gc.freeze: the collector leaves those objects out of its passes; a frozen object no longer referenced is
still freed at once, only a cycle among frozen objects waits). Such cycles are what a session leaves behind as it
goes: every widget is one (it and its parent hold each other), and a screen that closes, a footer redrawn, a button
replaced leave theirs. So everything is collected once (gc.unfreeze, gc.collect, gc.freeze again) when the frozen
objects have grown by half since the last time (COMPACT_GROWTH, at least COMPACT_FLOOR), so that a pass never walks
much more than the door's live objects and never frees more than half as many; or after COMPACT_SECONDS in any case.
On a fixed ten minutes alone, four busy sessions had left over a million dead objects to the one pass: 2.4 s."""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)
FREEZE_SECONDS = 0.5
COMPACT_SECONDS = 600.0
COMPACT_GROWTH = 0.5  # a full pass once the frozen objects grew by this share of those it left
COMPACT_FLOOR = 100_000  # ... and by at least this many (a small door would otherwise pass every minute or so)
SLOW_COMPACTION_SECONDS = 0.5  # a full pass this long is worth a log line


class CollectorPacing:
    """Freeze the door's long-lived objects on a timer, and collect everything once enough of them may have died."""

    def __init__(
        self,
        freeze_seconds: float = FREEZE_SECONDS,
        compact_seconds: float = COMPACT_SECONDS,
        compact_floor: int = COMPACT_FLOOR,
    ) -> None:
        self.freeze_seconds, self.compact_seconds, self.compact_floor = freeze_seconds, compact_seconds, compact_floor
        self._timer: asyncio.TimerHandle | None = None
        self._last_compaction = time.monotonic()
        self._left = gc.get_freeze_count()  # the frozen objects the last full pass left

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
        if self.due():
            self.compact()
        else:
            self.freeze()
        self._timer = asyncio.get_running_loop().call_later(self.freeze_seconds, self._tick)

    def due(self) -> bool:
        """Whether a full pass is due: the frozen objects grew by half since the last (some of them dead), or its
        interval is over."""
        grown = gc.get_freeze_count() - self._left
        if grown >= max(self.compact_floor, self._left * COMPACT_GROWTH):
            return True
        return time.monotonic() - self._last_compaction >= self.compact_seconds

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
        self._left = gc.get_freeze_count()
        self._last_compaction = time.monotonic()
        seconds = time.perf_counter() - started
        if seconds >= SLOW_COMPACTION_SECONDS:
            log.info("full garbage collection: %d objects freed in %.2f s", found, seconds)
