"""The seeded generator (core.rng): its stream and its shuffle, which every record's replay depends on."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.rng import LANES, MASK64, advance, below, draws, next_u64, seed_state, shuffle


def test_the_stream_is_splitmix64() -> None:
    """The first outputs of splitmix64 from seed 0 (its published reference values): a saved game replays only
    while the stream stays the same."""
    state, outputs = seed_state(0), []
    for _ in range(3):
        state, value = next_u64(state)
        outputs.append(value)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@given(st.integers(min_value=0, max_value=MASK64), st.integers(min_value=0, max_value=3 * LANES))
def test_draws_are_the_numbers_next_u64_returns_one_after_another(seed: int, count: int) -> None:
    expected, state = [], seed
    for _ in range(count):
        state, number = next_u64(state)
        expected.append(number)
    assert draws(seed, count) == tuple(expected) and advance(seed, count) == state


def test_draws_of_a_long_series_are_the_stream_too() -> None:
    """A self-play series of many games draws its seeds in one call (core.sim.derive_seeds)."""
    state, expected = 7, []
    for _ in range(20_000):
        state, number = next_u64(state)
        expected.append(number)
    assert draws(7, 20_000) == tuple(expected) and advance(7, 20_000) == state
    assert draws(7, 0) == draws(7, -3) == ()


@given(st.integers(min_value=0, max_value=MASK64), st.lists(st.integers(), max_size=3 * LANES))
def test_a_shuffle_is_fisher_yates_drawing_below_from_the_top(seed: int, items: list[int]) -> None:
    """shuffle works its draws out in place of below: the same swaps, the same generator state after."""
    expected, state = list(items), seed
    for i in range(len(expected) - 1, 0, -1):
        state, j = below(state, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    shuffled = list(items)
    assert shuffle(seed, shuffled) == state and shuffled == expected
