"""The expert: the states it builds from a view are the real one but for hidden cards, it never reads what its view
hides, and the same seed and node budget play the same game."""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

import pytest

from core.cards.beliefs import beliefs
from core.cards.coach import advise, reason_for
from core.cards.engine import COUP
from core.cards.expert import (
    COUP_SEARCH,
    FEW_DEALS,
    G54_SEARCH,
    LIVE_SECONDS,
    REFORMATION_SEARCH,
    SEARCHES,
    Assessment,
    ExpertBot,
    Search,
)
from core.cards.moves import Move
from core.game import waited_on
from core.registry import game_spec
from core.sim import derive_seeds, play_game
from netplay.table import Table
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
        hands = {i: tuple(hand) for i, hand in enumerate(state.hands) if i != seat}
        asides = [c for i, aside in enumerate(getattr(state, "asides", ())) if i != seat for c in aside]
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


class SteppingClock:
    """A clock that moves on by step each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def searched_views(game: str, options: dict[str, Any], search: Search, count: int) -> list[Any]:
    """count views of rule-bot games in which the expert searches."""
    engine = game_spec(game).engine
    views = (engine.view(state, seat) for state, seat in decisions(game, options, 2))
    return [v for v in views if v.window in search.windows and len(v.legal) > 1][:count]


@pytest.mark.parametrize(("game", "options", "search"), CASES)
def test_a_clock_that_never_runs_out_leaves_the_expert_s_moves_as_the_budget_makes_them(
    game: str, options: dict[str, Any], search: Search
) -> None:
    timed, untimed = ExpertBot(5, nodes=300, search=search), ExpertBot(5, nodes=300, search=search)
    waited_on(timed, SteppingClock(0.0))
    assert timed.clock is not None
    for view in searched_views(game, options, search, 6):
        assert timed.assess(view) == untimed.assess(view)
    assert timed.clock_stops == 0


@pytest.mark.parametrize(("game", "options", "search"), CASES)
def test_the_clock_stops_a_search_before_a_deal_that_would_end_past_its_time(
    game: str, options: dict[str, Any], search: Search
) -> None:
    views = searched_views(game, options, search, 3)
    bot = ExpertBot(5, search=search)
    waited_on(bot, SteppingClock(LIVE_SECONDS * 0.6))  # a deal takes 0.6 of the time: a second would end past it
    for view in views:
        found = bot.assess(view)
        assert found.deals == 1 and found.move in view.legal
    assert bot.clock_stops == len(views)
    slow = ExpertBot(5, search=search)
    waited_on(slow, SteppingClock(LIVE_SECONDS * 0.3))  # two deals fit, a third would not
    assert slow.assess(views[0]).deals == 2


def test_a_table_stops_its_experts_by_the_clock_and_a_seeded_game_by_the_budget_alone() -> None:
    table = Table("coup", COUP.load_config({"players": 3}), 5, {1: "expert", 2: "rule"}, save_records=False)
    assert table.bots[1].clock is time.perf_counter  # type: ignore[attr-defined]  # people wait on it there
    table.set_bot(0, "expert")
    assert table.bots[0].clock is time.perf_counter  # type: ignore[attr-defined]
    assert game_spec("coup").make_bot("expert", 5).clock is None  # type: ignore[attr-defined]  # coup sim, the bench
    assert waited_on(game_spec("coup").make_bot("rule", 5), time.perf_counter).name == "rule"  # nothing to stop


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
