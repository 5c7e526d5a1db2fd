"""A tiny splitmix64 random generator whose whole state is one int, so game states stay plain data."""

from __future__ import annotations

import struct
from typing import Any

MASK64 = (1 << 64) - 1
GAMMA, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
"""splitmix64's step and its two multipliers (next_u64, and draws)."""
LANE_BITS = 128
"""The bits draws gives each number it works out: twice a number's 64, room for its product by a multiplier."""
LANES = 32
"""The most numbers draws works out in one big integer (more than any card game's shuffle takes: 24 for 25 cards)."""


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return seed & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, a 64-bit random number)."""
    state = (state + GAMMA) & MASK64
    z = ((state ^ (state >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, a number in range(n)); the modulo bias is below 2**-58 for small n."""
    state, value = next_u64(state)
    return state, value % n


def draws(state: int, count: int) -> tuple[int, ...]:
    """The count numbers next_u64 would return from state, one call after another: worked out LANES at a time,
    each in a lane of its own in one big integer, so each of splitmix64's dozen operations runs once rather than once
    a number (Python pays for every operation on a number of 64 bits; the card games shuffle the deck at every deal,
    proof and exchange). Lane k holds the state after k + 1 steps (state plus k + 1 times GAMMA, within 64 bits); a
    shift spills a lane's bits only into the top half of the lane below, which LOW clears before the next
    multiplication, so no lane reaches another; the numbers are then read out of the lanes' low halves."""
    if count < 1:
        return ()  # as a loop over range(count) draws none
    if count > LANES:  # a stretch of LANES at a time
        numbers: list[int] = []
        for done in range(0, count, LANES):
            numbers.extend(draws(advance(state, done), min(LANES, count - done)))
        return tuple(numbers)
    low = LOW[count]
    z = (state * ONES[count] + STEPS[count]) & low
    z = ((z ^ (z >> 30)) & low) * MIX1 & low
    z = ((z ^ (z >> 27)) & low) * MIX2 & low
    z ^= z >> 31
    lanes: tuple[int, ...] = READ[count].unpack(z.to_bytes(LANE_BITS // 8 * count, "little"))
    return lanes


def advance(state: int, count: int) -> int:
    """The generator state after count draws from state."""
    return (state + count * GAMMA) & MASK64


ONES = [sum(1 << (LANE_BITS * k) for k in range(lanes)) for lanes in range(LANES + 1)]
"""By number of lanes: a 1 in each (the state, multiplied by it, in every lane)."""
STEPS = [sum(((k + 1) * GAMMA) << (LANE_BITS * k) for k in range(lanes)) for lanes in range(LANES + 1)]
"""By number of lanes: k + 1 steps of GAMMA in lane k."""
LOW = [MASK64 * ones for ones in ONES]
"""By number of lanes: every lane's low 64 bits."""
READ = [struct.Struct("<" + "Q8x" * lanes) for lanes in range(LANES + 1)]
"""By number of lanes: each lane's low 64 bits, read out of its 16 bytes (little-endian)."""


def shuffle(state: int, items: list[Any]) -> int:
    """Shuffle items in place (Fisher-Yates) and return the new generator state: each swap draws below(state, i + 1),
    from the top down, its numbers worked out by draws (15 cards: 36k instructions, 77k drawing them one by one)."""
    swaps = max(len(items) - 1, 0)
    for i, number in zip(range(swaps, 0, -1), draws(state, swaps), strict=True):
        j = number % (i + 1)  # below's modulo
        items[i], items[j] = items[j], items[i]
    return advance(state, swaps)
