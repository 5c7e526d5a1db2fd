"""The doors' garbage collector pacing: long-lived objects set aside, every cycle reclaimed in time."""

from __future__ import annotations

import asyncio
import gc
import weakref

from netplay.gc_pacing import CollectorPacing


class Leaf:
    """An object in no cycle: reference counting frees it."""


class Node:
    """An object in a reference cycle: only the collector can free it."""

    def __init__(self) -> None:
        self.me = self


def test_a_cycle_set_aside_waits_for_the_next_full_collection_and_is_freed_then() -> None:
    pacing = CollectorPacing()
    try:
        node = Node()
        alive = weakref.ref(node)
        pacing.freeze()
        assert gc.get_freeze_count() > 0
        del node
        gc.collect()
        assert alive() is not None, "a frozen cycle is left out of the collector's passes"
        pacing.compact()
        assert alive() is None, "the full collection frees it"
        assert gc.get_freeze_count() > 0, "and sets the survivors aside again"
    finally:
        pacing.stop()
    assert gc.get_freeze_count() == 0


def test_an_object_no_longer_referenced_is_freed_at_once_even_when_set_aside() -> None:
    pacing = CollectorPacing()
    try:
        plain = Leaf()
        alive = weakref.ref(Node())  # (a Node dies young: collected by the pass before the freeze)
        holder = [plain]
        pacing.freeze()
        assert alive() is None
        kept = weakref.ref(plain)
        del plain, holder
        assert kept() is None, "reference counting frees a frozen object nobody holds"
    finally:
        pacing.stop()


async def test_on_a_loop_it_freezes_on_its_timer_and_collects_everything_at_longer_intervals() -> None:
    pacing = CollectorPacing(freeze_seconds=0.01, compact_seconds=0.05)
    pacing.start()
    try:
        node = Node()
        alive = weakref.ref(node)
        await asyncio.sleep(0.03)
        del node
        assert gc.get_freeze_count() > 0
        for _ in range(100):
            if alive() is None:
                break
            await asyncio.sleep(0.01)
        assert alive() is None, "a compaction came and freed the cycle"
    finally:
        pacing.stop()
    assert gc.get_freeze_count() == 0


async def test_a_full_pass_comes_once_the_frozen_objects_grew_by_half_long_before_its_interval() -> None:
    pacing = CollectorPacing(freeze_seconds=0.01, compact_seconds=3600, compact_floor=1_000)
    pacing.compact()  # what it leaves frozen is the measure of growth
    third = max(1_000, gc.get_freeze_count()) // 3  # of what the frozen objects may grow by before a full pass
    pacing.start()
    try:
        dead = [Node() for _ in range(third)]
        alive = weakref.ref(dead[0])
        await asyncio.sleep(0.05)  # frozen on the timer, and too few for a full pass
        del dead
        await asyncio.sleep(0.05)
        assert alive() is not None, "cycles set aside wait while the frozen objects grew by less than half"
        kept = [Node() for _ in range(2 * third)]  # the door grows on: now by more than half
        for _ in range(100):
            if alive() is None:
                break
            await asyncio.sleep(0.01)
        assert alive() is None, "the growth brought a full pass, an hour before its interval"
        del kept
    finally:
        pacing.stop()


def test_no_full_pass_is_due_while_the_frozen_objects_grew_by_less_than_the_floor() -> None:
    pacing = CollectorPacing(compact_seconds=3600, compact_floor=10**9)
    try:
        pacing.compact()
        kept = [Node() for _ in range(10_000)]
        pacing.freeze()
        assert not pacing.due()
        del kept
    finally:
        pacing.stop()
