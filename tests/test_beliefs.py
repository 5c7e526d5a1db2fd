"""The belief tracker: its chances match a brute-force count over every labelled deal, no impossible deal weighs."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import permutations
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.cards.beliefs import Beliefs, beliefs, bluff_chance, claim_at_stake, shuffle
from core.registry import game_spec
from core.sim import derive_seeds


def positions(game: str, players: int, games: int, **options: Any) -> Iterator[tuple[Any, Any, int]]:
    """(state, view, seat) for every seat at every decision of rule-bot games."""
    spec = game_spec(game)
    config = spec.engine.load_config({"players": players, **options})
    for seed in derive_seeds(players, games):
        bots = [spec.make_bot("rule", s) for s in derive_seeds(seed, players)]
        state = spec.engine.new(config, seed)
        while spec.engine.result(state) is None:
            for seat in range(players):
                yield state, spec.engine.view(state, seat), seat
            seat = spec.engine.to_act(state)[0]
            state, _ = spec.engine.apply(state, seat, bots[seat].choose(spec.engine.view(state, seat)))


def brute_force(belief: Beliefs) -> dict[int, dict[str, float]]:
    """P(seat holds card) over every assignment of the labelled unseen cards to the opponents' face-down slots."""
    cards = [card for card, count in belief.pool for _ in range(count)]
    slots = [o for o in belief.opponents for _ in range(o.cards)]
    found = {o.seat: dict.fromkeys([c for c, _ in belief.pool], 0.0) for o in belief.opponents}
    total = 0.0
    for deal in permutations(range(len(cards)), len(slots)):
        hands: dict[int, list[str]] = {o.seat: [] for o in belief.opponents}
        for opponent, index in zip(slots, deal, strict=True):
            hands[opponent.seat].append(cards[index])
        weight = 1.0
        for o in belief.opponents:
            weight *= belief.likelihood(o, tuple(sorted(hands[o.seat])))
        total += weight
        for seat, hand in hands.items():
            for card in set(hand):
                found[seat][card] += weight
    return {seat: {card: w / total for card, w in by_card.items()} for seat, by_card in found.items()}


def small(belief: Beliefs) -> bool:
    """Few enough labelled deals to count one by one."""
    slots = sum(o.cards for o in belief.opponents)
    return slots <= 4 and sum(count for _, count in belief.pool) <= 13


@pytest.mark.parametrize(("game", "players", "options"), [("coup", 3, {}), ("coup", 2, {}), ("reformation", 3, {})])
def test_chances_match_a_count_of_every_labelled_deal(game: str, players: int, options: dict[str, Any]) -> None:
    checked = claimed = 0
    for index, (_, view, _) in enumerate(positions(game, players, 3, **options)):
        belief = beliefs(view)
        if index % 13 or not small(belief):
            continue
        exact, counted = belief.holds(), brute_force(belief)
        for seat, by_card in counted.items():
            assert exact[seat] == pytest.approx(by_card, abs=1e-9)
        checked += 1
        claimed += any(o.claims for o in belief.opponents)
    assert checked >= 10 and claimed >= 3


def test_g54_chances_match_a_count_of_every_labelled_deal() -> None:
    checked = 0
    for index, (_, view, _) in enumerate(positions("g54", 2, 3, selection="random")):
        belief = beliefs(view)
        if index % 5 == 0 and small(belief):
            counted = brute_force(belief)
            for seat, by_card in belief.holds().items():
                assert by_card == pytest.approx(counted[seat], abs=1e-9)
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize(("game", "players"), [("coup", 4), ("reformation", 5), ("g54", 4)])
def test_no_impossible_deal_weighs_and_the_true_one_does(game: str, players: int) -> None:
    rng = random.Random(1)
    options = {"inquisitor": True} if game == "reformation" else {}
    for index, (state, view, _) in enumerate(positions(game, players, 2, **options)):
        if index % 11:
            continue
        belief = beliefs(view)
        pool = dict(belief.pool)
        truth = {o.seat: tuple(sorted(state.hands[o.seat])) for o in belief.opponents}
        assert all(count >= 0 for count in pool.values())
        held = Counter(card for hand in truth.values() for card in hand)
        assert all(held[card] <= count for card, count in pool.items()) and set(held) <= set(pool)
        assert all(belief.likelihood(o, truth[o.seat]) > 0 for o in belief.opponents)
        hands, rest = belief.sample(rng)
        for o in belief.opponents:
            assert len(hands[o.seat]) == o.cards and belief.likelihood(o, hands[o.seat]) > 0
        dealt = [c for hand in hands.values() for c in hand] + rest
        assert sorted(dealt) == sorted(c for c, n in belief.pool for _ in range(n))
        if belief.deals() <= 3000:
            for hands, weight in belief.worlds():
                assert weight > 0
                used = [c for hand in hands.values() for c in hand]
                assert all(used.count(card) <= count for card, count in pool.items())


def test_the_bluff_odds_of_a_claim_follow_the_bluff_rate() -> None:
    """With no claim anywhere but the one at stake, the claim is a bluff exactly as often as Bayes says."""
    for _, view, seat in positions("coup", 2, 4):
        stake = claim_at_stake(view)
        if stake is None or stake[0] == seat or stake[2]:
            continue
        claimant, card, _ = stake
        if view.players[claimant].claims != (card,):
            continue
        plain = beliefs(view, bluff=1.0).chance(claimant, card)
        odds = bluff_chance(view)
        assert odds is not None
        rate = beliefs(view).bluff
        assert odds == pytest.approx((1 - plain) * rate / ((1 - plain) * rate + plain))
        return
    pytest.fail("no lone claim found")


@given(st.integers(min_value=0, max_value=2**64), st.lists(st.integers(), max_size=30))
def test_the_search_shuffles_as_random_shuffle_does(seed: int, cards: list[int]) -> None:
    """beliefs.shuffle makes random.Random.shuffle's own draws (a seeded search plays the same game as before it)."""
    theirs, ours = list(cards), list(cards)
    random.Random(seed).shuffle(theirs)
    generator = random.Random(seed)
    shuffle(generator, ours)  # type: ignore[arg-type]  # any items shuffle alike
    assert ours == theirs and generator.random() == _after_shuffle(seed, len(cards))


def _after_shuffle(seed: int, size: int) -> float:
    """The next draw of a generator seeded with seed after random.Random.shuffle of size items."""
    generator = random.Random(seed)
    generator.shuffle(list(range(size)))
    return generator.random()
