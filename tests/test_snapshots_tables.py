"""Snapshots of card tables of every size: each card game at 2, 6 and 10 players (as it allows) at 80x24, the
largest at 120x40 too, the game over at 10 players, and the pace dialog. Lived-in positions, seeded."""

from __future__ import annotations

import pytest

from tests.tui_g54_helpers import dealt_g54
from tests.tui_helpers import app_on, bot_moves, lived_in, played_out

SMALL, LARGE = (80, 24), (120, 40)


async def settle(pilot) -> None:
    """Let dialogs opened on mount and the footers beneath them finish painting."""
    for _ in range(3):
        await pilot.pause()
    await pilot.wait_for_scheduled_animations()


TABLES = {
    "coup-2": lambda: lived_in("coup", 2, 6, 16),
    "coup-6": lambda: lived_in("coup", 6, 2, 12),
    "reformation-2": lambda: lived_in("reformation", 2, 6, 16),
    "reformation-6": lambda: lived_in("reformation", 6, 1, 25),
    "reformation-10": lambda: lived_in("reformation", 10, 5, 40),
    "g54-2": lambda: bot_moves(dealt_g54(5, selection="advanced", players=2), 10, seed=5),
    "g54-6": lambda: bot_moves(dealt_g54(53, selection="advanced", players=6), 40, seed=53),
    "reformation-10-over": lambda: played_out("reformation", 10, 5),
}
LARGEST = ("coup-6", "reformation-10", "g54-6", "reformation-10-over")


@pytest.mark.parametrize(
    ("name", "size"),
    [(name, SMALL) for name in TABLES] + [(name, LARGE) for name in LARGEST],
    ids=lambda value: value if isinstance(value, str) else f"{value[0]}x{value[1]}",
)
def test_table_sizes(snap_compare, name, size):
    assert snap_compare(app_on(TABLES[name]()), terminal_size=size, run_before=settle)


def test_pace_dialog(snap_compare):
    assert snap_compare(app_on(TABLES["reformation-10"]()), terminal_size=SMALL, press=["o"], run_before=settle)
