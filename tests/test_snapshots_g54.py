"""Snapshots of Rebellion G54: the role selection in each mode, tables (one with every kind of token) and dialogs."""

from __future__ import annotations

import pytest

from core.cards.moves import Move
from tests.g54_helpers import PASS
from tests.g54_helpers import table as g54_state
from tests.tui_g54_helpers import dealt_g54, frozen_g54, named
from tests.tui_helpers import app_on, bot_moves

SIZES = [(80, 24), (120, 40)]
MODE_KEYS = {"first": [], "random": ["2"], "advanced": ["3"], "pick": ["4", "space", "down", "down", "space"]}


async def settle(pilot) -> None:
    """Let dialogs opened on mount and the footers beneath them finish painting."""
    for _ in range(3):
        await pilot.pause()
    await pilot.wait_for_scheduled_animations()


def roles_screen(keys: list[str]):
    """Menu -> Rebellion G54 -> s, then keys on the role selection."""

    async def run_before(pilot) -> None:
        pilot.app.screen.query_one("#game").value = "g54"
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)

    return run_before


def your_turn():
    """A freshly dealt advanced-roles table: your turn."""
    return dealt_g54(11, selection="advanced")


def lived_in():
    """The suggested first game after 30 moves of random bots."""
    return bot_moves(dealt_g54(4), 30, seed=4)


def every_token():
    """Peacekeeping on Natasha, a treaty between you and Sacha, Haig collecting a tax on the Banker and Disappear
    tokens on you and Natasha; cards lost face up and face down. No real game has all four tokens at once (three
    Special Interests roles would be needed): this is a picture of the seats, built directly."""
    hands = [["Banker"], ["Mercenary", "Peacekeeper"], ["Foreign Consular"], ["Director", "Mercenary"]]
    state = g54_state(
        hands,
        roles=("Mercenary", "Foreign Consular", "Peacekeeper"),
        coins=[3, 4, 1, 6],
        revealed=[[], [], ["Banker"], []],
        aside=[["Director"], [], ["Peacekeeper"], []],
        peacekeeper=1,
        treaty=(0, 2),
        collector=3,
        taxed="Banker",
        disappear=[0, 1],
    )
    state.set_player(1, state.players[1].claiming("Peacekeeper"))
    state.set_player(3, state.players[3].claiming("Mercenary"))
    return frozen_g54(named(state))


def lose_with_a_reactive_claim():
    """Natasha coups you; Intellectual is in play: reveal, or set a card aside claiming it."""
    state = named(g54_state([["Banker", "Guerrilla"], ["Politician", "Banker"]], roles=("Intellectual",), active=1))
    state.set_player(1, state.players[1].but(coins=7))
    return frozen_g54(state, script=((1, Move("coup", target=0)),))


def writer_draws():
    """Your Writer stood: keep two, or draw another for a coin."""
    hands = [["Banker", "Guerrilla"], ["Guerrilla", "Banker"], ["Politician", "Peacekeeper"]]
    state = named(g54_state(hands, roles=("Writer",), coins=[2, 2, 2]))
    return frozen_g54(state, script=((0, Move("writer")), (1, PASS), (2, PASS)))


TABLES = {
    "your_turn": your_turn,
    "lived_in": lived_in,
    "every_token": every_token,
    "lose_reactive": lose_with_a_reactive_claim,
    "writer_exchange": writer_draws,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("mode", list(MODE_KEYS))
def test_role_selection(snap_compare, mode, size):
    assert snap_compare(app_on(), terminal_size=size, run_before=roles_screen(MODE_KEYS[mode]))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("window", list(TABLES))
def test_g54_table(snap_compare, window, size):
    assert snap_compare(app_on(TABLES[window]()), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_g54_rules(snap_compare, size):
    assert snap_compare(app_on(your_turn()), terminal_size=size, press=["r"])
