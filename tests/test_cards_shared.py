"""What the card engines share: states of immutable values (so a copy shares them), and the open view a replay
shows."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from core.cards.g54.config import MAX_PLAYERS as G54_MAX_PLAYERS
from core.cards.g54.config import G54Config
from core.cards.moves import Move
from core.cards.rules import LOYALIST
from core.cards.state import MAX_PLAYERS as COUP_MAX_PLAYERS
from core.cards.state import MAX_REFORMATION_PLAYERS, CoupConfig
from core.cards.table_view import UNSEEN
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


def mutables(value: Any, path: str = "state") -> list[str]:
    """The paths at which value holds something that can be changed in place: a list, dict or set, or an unfrozen
    dataclass (value itself, a state, aside)."""
    if isinstance(value, list | dict | set):
        return [path]
    if isinstance(value, tuple):
        return [shared for i, item in enumerate(value) for shared in mutables(item, f"{path}[{i}]")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        here = [path] if path != "state" and not type(value).__dataclass_params__.frozen else []
        names = [f.name for f in dataclasses.fields(value) if f.compare]  # what is worked out from them aside
        return here + [shared for name in names for shared in mutables(getattr(value, name), f"{path}.{name}")]
    return []


@pytest.mark.parametrize(("name", "config"), TABLES)
def test_a_clone_equals_its_state_which_holds_nothing_mutable(name: str, config: Any) -> None:
    """A clone shares every value of its state: safe, as a state holds nothing that can be changed in place."""
    for state in states_of(name, config, 3)[::3]:
        copy = state.clone()
        assert copy == state and type(copy) is type(state) and copy is not state
        assert mutables(state) == []


def test_a_draw_takes_the_top_cards_in_order_and_never_more_than_the_deck_holds() -> None:
    state = get_game("coup").new(CoupConfig(players=6), 4)
    deck = state.deck
    assert state.draw(2) == (deck[-1], deck[-2]) and state.deck == deck[:-2]
    with pytest.raises(ValueError):
        state.draw(len(state.deck) + 1)


@pytest.mark.parametrize(("name", "config"), TABLES)
def test_the_open_view_is_the_spectators_with_every_hand_face_up(name: str, config: Any) -> None:
    game = get_game(name)
    for state in states_of(name, config, 5):
        view, spectator = game.open_view(state), game.view(state, None)
        face_down = {"asides": spectator.asides} if name == "g54" else {}  # G54's cards lost face down show too
        assert dataclasses.replace(view, hands=spectator.hands, **face_down) == spectator
        over = state.window == "over"  # then the spectator sees every hand too
        assert view.hands == state.hands and (over or all(hand is None for hand in spectator.hands))
        if name == "g54":
            assert view.asides == state.asides and (over or all(aside is None for aside in spectator.asides))


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
            fresh.players = tuple(player.but() for player in state.players)  # the same seats, nothing kept with them
            assert game.view(fresh, seat) == kept


def test_a_conversion_changes_the_allegiance_every_view_shows() -> None:
    """Converting a player changes the allegiance of its seat (the state's own, which views show)."""
    game = get_game("reformation")
    state = game.new(CoupConfig(players=3, reformation=True, first_player=0), 1)
    state, _ = game.apply(state, 0, Move("allegiance", card=LOYALIST))
    before = game.view(state, 2).players[1].allegiance
    state.set_player(0, state.players[0].but(coins=5))
    state, _ = game.apply(state, 0, Move("convert", target=1))
    assert state.players[1].allegiance != before
    assert game.view(state, 2).players[1].allegiance == state.players[1].allegiance


def reachable(value: Any, found: dict[int, Any]) -> dict[int, Any]:
    """Every object in reach of value through any field, compared or not (each slot of each class it is built from),
    and through tuples, by id."""
    if id(value) in found:
        return found
    found[id(value)] = value
    if isinstance(value, tuple):
        for item in value:
            reachable(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for name in (name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())):
            reachable(getattr(value, name, None), found)
    return found


@pytest.mark.parametrize(("name", "config"), TABLES)
def test_no_secret_of_the_state_is_in_reach_of_a_view(name: str, config: Any) -> None:
    """A view shows the state's own seat records: nothing kept with them may hold another seat's hand or cards set
    aside, or the deck, or every view would reach it. Only the viewer's own cards are in reach (every seat's, once the
    game is over)."""
    game = get_game(name)
    for state in states_of(name, config, 5)[::2]:
        for _ in range(2):  # the second time, with whatever the first views kept
            for viewer in (None, *range(config.players)):
                found = reachable(game.view(state, viewer), {})
                others = [seat for seat in range(config.players) if seat != viewer and state.window != "over"]
                secrets = [state.hands[seat] for seat in others] + [state.deck]
                secrets += [state.asides[seat] for seat in others] if name == "g54" else []
                assert not [cards for cards in secrets if cards and id(cards) in found], viewer


def test_every_card_table_fits_the_views_kept_rows_of_unseen_hands() -> None:
    """A view shows None for every hand it may not see from rows kept per table size (core.cards.table_view)."""
    assert max(MAX_REFORMATION_PLAYERS, COUP_MAX_PLAYERS, G54_MAX_PLAYERS) < len(UNSEEN)
