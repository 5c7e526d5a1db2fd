"""The expert: the states it builds from a view are the real one but for hidden cards, it never reads what its view
hides, and the same seed and node budget play the same game."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from core.cards.beliefs import beliefs
from core.cards.coach import advise, reason_for
from core.cards.expert import (
    COUP_SEARCH,
    FEW_DEALS,
    G54_SEARCH,
    REFORMATION_SEARCH,
    SEARCHES,
    Assessment,
    ExpertBot,
    Search,
)
from core.cards.moves import Move
from core.registry import game_spec
from core.sim import derive_seeds, play_game
from tests.tui_helpers import frozen_reformation

CASES = [
    ("coup", {"players": 4}, COUP_SEARCH),
    ("reformation", {"players": 5, "inquisitor": True}, REFORMATION_SEARCH),
    ("g54", {"players": 4, "selection": "random"}, G54_SEARCH),
]


def decisions(game: str, options: dict[str, Any], games: int) -> list[tuple[Any, int]]:
    """(state, seat) at every decision of some rule-bot games."""
    spec = game_spec(game)
    config = spec.engine.load_config(options)
    found = []
    for seed in derive_seeds(3, games):
        bots = [spec.make_bot("rule", s) for s in derive_seeds(seed, config.players)]
        state = spec.engine.new(config, seed)
        while spec.engine.result(state) is None:
            seat = spec.engine.to_act(state)[0]
            found.append((state, seat))
            state, _ = spec.engine.apply(state, seat, bots[seat].choose(spec.engine.view(state, seat)))
    return found


def public(state: Any) -> dict[str, Any]:
    """Every field of state but its config (a view does not carry how the roles were drawn) and its generator."""
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.name not in ("config", "rng")}


@pytest.mark.parametrize(("game", "options", "search"), CASES)
def test_a_view_and_the_true_deal_make_the_real_state(game: str, options: dict[str, Any], search: Search) -> None:
    built = 0
    for state, seat in decisions(game, options, 3):
        if state.window not in search.windows:
            continue
        view = search.engine.view(state, seat)
        hands = {i: tuple(p.hidden) for i, p in enumerate(state.players) if i != seat}
        asides = [c for i, p in enumerate(state.players) if i != seat for c in getattr(p, "aside", ())]
        world = search.world(view, hands, [*asides, *state.deck], 0)
        assert public(world) == public(state)
        assert search.engine.view(world, seat) == view
        built += 1
    assert built > 50


@pytest.mark.parametrize(("game", "options", "search"), CASES)
def test_the_expert_decides_the_same_whatever_the_hidden_cards(
    game: str, options: dict[str, Any], search: Search
) -> None:
    """Others' hands and the deck dealt anew, as the expert's view allows: its choices are the very same."""
    rng = random.Random(5)
    checked = 0
    for index, (state, seat) in enumerate(decisions(game, options, 2)):
        if state.window not in search.windows or index % 9:
            continue
        view = search.engine.view(state, seat)
        hands, rest = beliefs(view).sample(rng)
        other = search.world(view, hands, rest, rng.getrandbits(62))
        assert search.engine.view(other, seat) == view
        first = ExpertBot(index, nodes=300, search=search).choose(view)
        again = ExpertBot(index, nodes=300, search=search).choose(search.engine.view(other, seat))
        assert first == again
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("game", "options", "search"), CASES)
def test_the_same_seed_and_budget_play_the_same_game(game: str, options: dict[str, Any], search: Search) -> None:
    spec = game_spec(game)
    config = spec.engine.load_config(options)

    def play() -> list[Any]:
        bots = [spec.make_bot("rule", s) for s in derive_seeds(11, config.players)]
        bots[0] = ExpertBot(17, nodes=200, search=search)
        return play_game(spec.engine, config, 23, bots).record.moves

    assert play() == play()


def test_each_game_s_expert_searches_with_that_game_s_own_budget() -> None:
    for game, search in SEARCHES.items():
        bot = game_spec(game).make_bot("expert", 1)
        assert isinstance(bot, ExpertBot) and bot.search is search and bot.nodes == search.nodes
    assert COUP_SEARCH.nodes > REFORMATION_SEARCH.nodes  # Coup's moves cost least to play out
    assert ExpertBot(1, nodes=100, search=G54_SEARCH).nodes == 100


def test_the_coach_gives_no_odds_from_a_few_deals_and_names_a_search_nobody_won() -> None:
    table = frozen_reformation(5, [(0, Move("allegiance", card="Loyalist"))], players=8)  # our turn: many moves
    view = table.view_as(0)

    def label(move: Move, _: Any) -> str:
        return move.kind

    few = advise(view, REFORMATION_SEARCH, label, seed=1, nodes=1)
    assert few.move in view.legal and few.reason.startswith("the expert's pick from only 1 game played out")
    assert "%" not in few.reason
    lost = dict.fromkeys(view.legal, 0)
    assert (
        reason_for(Assessment(view.legal[0], lost, FEW_DEALS), str)
        == f"no move won any of {FEW_DEALS} games played out from what you can see"
    )


def test_the_coach_says_when_the_next_best_move_is_as_good_within_the_play_outs_luck() -> None:
    challenge, pass_ = Move("challenge"), Move("pass")
    close = reason_for(Assessment(challenge, {challenge: 19, pass_: 18}, 72), lambda move: move.kind)
    assert close.endswith("next best, pass, won 25%: as good, either will do")  # 26% and 25% of 72: luck
    clear = reason_for(Assessment(challenge, {challenge: 40, pass_: 18}, 72), lambda move: move.kind)
    assert clear.endswith("next best, pass, won 25%")
