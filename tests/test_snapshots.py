"""Snapshot tests of every screen at 80x24 and 120x40, each on a seeded, frozen table."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from core.cards.moves import Move
from core.cards.rules import DUKE
from core.registry import game_spec, make_bot
from core.sim import play_game
from tests.tui_helpers import app_on, bot_moves, find_seed, finished_table, frozen_reformation, frozen_table
from tui.replay_app import ReplayApp
from tui.screens.new_table import NewTableDialog
from tui.screens.rules import lobby_help

SIZES = [(80, 24), (120, 40)]


async def settle(pilot) -> None:
    """Let dialogs opened on mount and the footers beneath them finish painting."""
    for _ in range(3):
        await pilot.pause()
    await pilot.wait_for_scheduled_animations()


def your_turn():
    return frozen_table(seed=11, script=[], first=0)


def challenge_prompt():
    """Natasha claims the Duke; the others passed; you owe the answer."""
    return frozen_table(11, [(1, Move("tax")), (2, Move("pass")), (3, Move("pass"))], first=1)


def block_prompt():
    """Natasha steals from you; nobody challenged; you may block."""
    script = [(1, Move("steal", target=0)), (2, Move("pass")), (3, Move("pass")), (0, Move("pass"))]
    return frozen_table(11, script, first=1)


def lose_card():
    """You challenged Natasha's Duke, she showed it: you choose the card to lose."""
    seed = find_seed(1, lambda s: DUKE in s.hands[1] and len(set(s.hands[0])) == 2)
    script = [(1, Move("tax")), (2, Move("pass")), (3, Move("pass")), (0, Move("challenge")), (1, Move("prove"))]
    return frozen_table(seed, script, first=1)


def exchange():
    """You claimed the Ambassador and nobody challenged: keep two of four."""
    script = [(0, Move("exchange")), (1, Move("pass")), (2, Move("pass")), (3, Move("pass"))]
    return frozen_table(11, script, first=0)


TABLES = {
    "your_turn": your_turn,
    "challenge_prompt": challenge_prompt,
    "block_prompt": block_prompt,
    "lose_card": lose_card,
    "exchange": exchange,
    "game_over": finished_table,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_menu(snap_compare, size):
    assert snap_compare(app_on(), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("window", list(TABLES))
def test_table(snap_compare, window, size):
    assert snap_compare(app_on(TABLES[window]()), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["coup", "wargame"])
def test_new_table_dialog(snap_compare, game, size):
    """A host's new-table dialog: Coup's options, or the wargame's with the side to play."""

    async def open_dialog(pilot) -> None:
        pilot.app.push_screen(NewTableDialog())
        await pilot.pause()
        pilot.app.screen.query_one("#new-game", Select).value = game
        await settle(pilot)

    assert snap_compare(app_on(), terminal_size=size, run_before=open_dialog)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lobby_help(snap_compare, size):
    """What ? shows in a host's lobby."""

    async def open_help(pilot) -> None:
        pilot.app.push_screen(lobby_help())
        await settle(pilot)

    assert snap_compare(app_on(), terminal_size=size, run_before=open_help)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_rules(snap_compare, size):
    assert snap_compare(app_on(your_turn()), terminal_size=size, press=["question_mark"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_target_and_confirm(snap_compare, size):
    """Steal asks for a target; a coup would then ask to confirm."""
    assert snap_compare(app_on(your_turn()), terminal_size=size, press=["s"])


def ten_players():
    """A lived-in 10-player Reformation table with the Inquisitor: the one-line-per-player layout."""
    return bot_moves(frozen_reformation(5, [(0, Move("allegiance", card="Loyalist"))]), 40)


def examine_script() -> list[tuple[int, Move]]:
    """Seat 0 (Loyalist) examines seat 1 (Reformist); nobody challenges."""
    passes = [(seat, Move("pass")) for seat in range(1, 4)]
    return [(0, Move("allegiance", card="Loyalist")), (0, Move("examine", target=1)), *passes]


def examined_shows():
    """You are examined: choose the card to show."""
    return frozen_reformation(5, examine_script(), players=4, seat=1)


def inquisitor_decides():
    """You examined: the shown card, give it back or force an exchange."""
    table = frozen_reformation(5, examine_script(), players=4, seat=0)
    table.apply_move(1, Move("show", card=table.state.hands[1][0]))
    return table


REFORMATION_TABLES = {
    "ten_players": ten_players,
    "examined_shows": examined_shows,
    "inquisitor_decides": inquisitor_decides,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("window", list(REFORMATION_TABLES))
def test_reformation(snap_compare, window, size):
    assert snap_compare(app_on(REFORMATION_TABLES[window]()), terminal_size=size, run_before=settle)


def replayed(game: str) -> ReplayApp:
    """The replay of a seeded game of rule bots, with its players' names."""
    spec = game_spec(game)
    config = spec.engine.load_config({"players": 3, "names": ["Ana", "Bo", "Cy"]})
    bots = [make_bot(game, "rule", seed) for seed in range(3)]
    return ReplayApp(play_game(spec.engine, config, 5, bots).record)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["coup", "g54"])
def test_replay_at_the_end(snap_compare, game, size):
    """coup replay FILE, End: every hand, lost cards and players out marked as at the table."""
    assert snap_compare(replayed(game), terminal_size=size, press=["end"])
