"""Helpers shared by the rule bot tests of base Coup and Reformation: hand-built tables and fuzzed decisions."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from core.bots.random_bot import RandomBot
from core.cards.engine import CoupGame
from core.cards.rule_bot import RuleBot
from core.cards.rules import copies_per_character
from core.cards.state import CoupConfig, CoupState, Player
from core.cards.views import CoupView


def dealt(
    config: CoupConfig,
    hands: list[list[str]],
    revealed: list[list[str]] | None = None,
    coins: list[int] | None = None,
    claims: list[list[str]] | None = None,
) -> CoupState:
    """A state of config at seat 0's action, the deck holding every card of its court not in a hand or face up."""
    n = len(hands)
    revealed = revealed or [[] for _ in range(n)]
    coins = coins or [2] * n
    claims = claims or [[] for _ in range(n)]
    players = tuple(
        Player(i, f"P{i + 1}", coins[i], len(hands[i]), tuple(revealed[i]), tuple(claims[i])) for i in range(n)
    )
    dealt = tuple(tuple(hand) for hand in hands)
    deck = Counter({c: copies_per_character(n) for c in config.rules.characters})
    deck.subtract(Counter(c for hand, p in zip(dealt, players, strict=True) for c in hand + p.revealed))
    assert all(v >= 0 for v in deck.values()), "more copies dealt than exist"
    return CoupState(config, players, dealt, tuple(sorted(deck.elements())), rng=1, active=0, owed=(0,))


def decision_points(
    game: CoupGame, configs: list[CoupConfig], games: int, seed: int
) -> Iterator[tuple[CoupState, int, CoupView]]:
    """Every decision of games (cycling through configs) played by a mix of rule and random moves."""
    rng = random.Random(seed)
    for index in range(games):
        config = configs[index % len(configs)]
        state = game.new(config, rng.getrandbits(32))
        rules = [RuleBot(rng.getrandbits(32)) for _ in range(config.players)]
        randoms = [RandomBot(rng.getrandbits(32)) for _ in range(config.players)]
        while game.result(state) is None:
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            yield state, seat, view
            bots = rules if rng.random() < 0.5 else randoms
            state, _ = game.apply(state, seat, bots[seat].choose(view))
