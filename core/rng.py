"""A tiny splitmix64 random generator whose whole state is one int, so game states stay plain data."""

from __future__ import annotations

from typing import Any

MASK64 = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return seed & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, a 64-bit random number)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, a number in range(n)); the modulo bias is below 2**-58 for small n."""
    state, value = next_u64(state)
    return state, value % n


def shuffle(state: int, items: list[Any]) -> int:
    """Shuffle items in place (Fisher-Yates) and return the new generator state: each swap draws below(state, i + 1),
    worked out here without the two calls (the card games shuffle the deck after every proof and exchange)."""
    for i in range(len(items) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state
