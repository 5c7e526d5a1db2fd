"""A tiny splitmix64 random generator whose whole state is one int, so game states stay plain data."""

from __future__ import annotations

from typing import Any

MASK64 = (1 << 64) - 1
GAMMA, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
"""splitmix64's step and its two multipliers (next_u64, and shuffle's draws worked out inline)."""


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


def shuffle(state: int, items: list[Any]) -> int:
    """Shuffle items in place (Fisher-Yates) and return the new generator state: each swap draws below(state, i + 1),
    worked out here without the two calls (the card games shuffle the deck after every proof and exchange)."""
    for i in range(len(items) - 1, 0, -1):
        state = (state + GAMMA) & MASK64  # next_u64, then below's modulo
        z = ((state ^ (state >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state
