"""What the card engines share: whole state copies, and the open view a replay shows."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest

from core.cards.copying import deep_copy
from core.cards.g54.config import G54Config
from core.cards.moves import Move
from core.cards.rules import LOYALIST
from core.cards.state import CoupConfig
from core.registry import get_game, make_bot

TABLES = [
    ("coup", CoupConfig(players=4)),
    ("coup", CoupConfig(players=2, two_player_variant=True, inquisitor=True)),
    ("reformation", CoupConfig(players=6, reformation=True, inquisitor=True)),
    ("g54", G54Config(players=5, selection="advanced")),
]


def states_of(name: str, config: Any, seed: int) -> list[Any]:
    """Every state of one rule-bot game."""
    game = get_game(name)
    bots = [make_bot(name, "rule", seed * 10 + seat) for seat in range(config.players)]
    states = [game.new(config, seed)]
    while game.result(states[-1]) is None:
        seat = game.to_act(states[-1])[0]
        state, _ = game.apply(states[-1], seat, bots[seat].choose(game.view(states[-1], seat)))
        states.append(state)
    return states


def shared_mutables(a: Any, b: Any, path: str = "state") -> list[str]:
    """The paths at which a and b hold the very same list or unfrozen dataclass."""
    if isinstance(a, list):
        inside = [shared_mutables(x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b, strict=True))]
        return ([path] if a is b else []) + [shared for paths in inside for shared in paths]
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        here = [path] if a is b and not type(a).__dataclass_params__.frozen else []
        names = [f.name for f in dataclasses.fields(a)]
        inside = [shared_mutables(getattr(a, name), getattr(b, name), f"{path}.{name}") for name in names]
        return here + [shared for paths in inside for shared in paths]
    return []


@pytest.mark.parametrize(("name", "config"), TABLES)
def test_a_clone_equals_its_state_and_shares_nothing_mutable(name: str, config: Any) -> None:
    for state in states_of(name, config, 3)[::3]:
        copy = state.clone()
        assert copy == state and type(copy) is type(state)
        assert shared_mutables(state, copy) == []


def test_a_field_of_a_type_it_cannot_copy_is_an_error_never_shared() -> None:
    @dataclass
    class Odd:
        seen: set[int] = field(default_factory=set)

    with pytest.raises(TypeError, match=r"Odd\.seen"):
        deep_copy(Odd())


@pytest.mark.parametrize(("name", "config"), TABLES)
def test_the_open_view_is_the_spectators_with_every_hand_face_up(name: str, config: Any) -> None:
    game = get_game(name)
    for state in states_of(name, config, 5):
        view, spectator = game.open_view(state), game.view(state, None)
        assert dataclasses.replace(view, players=spectator.players) == spectator
        for seat, seen, player in zip(view.players, spectator.players, state.players, strict=True):
            assert seat.hand == tuple(player.hidden)
            face_down = {"aside": seen.aside} if name == "g54" else {}  # G54's cards lost face down show too
            assert dataclasses.replace(seat, hand=seen.hand, **face_down) == seen
            assert getattr(seat, "aside", ()) == tuple(getattr(player, "aside", ()))


@pytest.mark.parametrize(("name", "config"), TABLES)
def test_a_view_kept_with_a_seat_is_the_view_worked_out_afresh(name: str, config: Any) -> None:
    """What a view shows of each seat is kept with the seat (which never changes) for as long as what else it shows
    (an allegiance, role tokens) is the same: every seat's view, on every state of a game, from every seat and a
    spectator's, is the one worked out from seats that never showed in a view."""
    game = get_game(name)
    for state in states_of(name, config, 7):
        for seat in (None, *range(config.players)):
            kept = game.view(state, seat)
            fresh = state.clone()
            fresh.players = [player.but() for player in state.players]  # the same seats, nothing kept with them
            assert game.view(fresh, seat) == kept


def test_a_conversion_changes_the_allegiance_a_kept_seat_view_shows() -> None:
    """Converting a player changes its allegiance, not its seat: the view shows the new allegiance all the same."""
    game = get_game("reformation")
    state = game.new(CoupConfig(players=3, reformation=True, first_player=0), 1)
    state, _ = game.apply(state, 0, Move("allegiance", card=LOYALIST))
    converted, before = state.players[1], game.view(state, 2).players[1].allegiance
    state.players[0] = state.players[0].but(coins=5)
    state, _ = game.apply(state, 0, Move("convert", target=1))
    assert state.allegiance[1] != before and state.players[1] is converted
    assert game.view(state, 2).players[1].allegiance == state.allegiance[1]
