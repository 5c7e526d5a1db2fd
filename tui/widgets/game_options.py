"""The games on offer and their table sizes, shared by the menu and the new-table dialog."""

from __future__ import annotations

from textual.widgets import Select

from core.cards.g54 import config as g54
from core.cards.state import MAX_PLAYERS, MAX_REFORMATION_PLAYERS, MIN_PLAYERS

GAMES = [("Coup", "coup"), ("Coup: Reformation", "reformation"), ("Rebellion G54", "g54")]
"""The games a host's new-table dialog offers: the card games."""
LOCAL_GAMES = [*GAMES, ("Coup 1992: the wargame", "wargame")]
"""The games the menu offers against computer opponents."""


def player_counts(game: str) -> list[tuple[str, int]]:
    """The table sizes game allows, as Select options."""
    if game == "g54":
        return [(str(n), n) for n in range(g54.MIN_PLAYERS, g54.MAX_PLAYERS + 1)]
    most = MAX_REFORMATION_PLAYERS if game == "reformation" else MAX_PLAYERS
    return [(str(n), n) for n in range(MIN_PLAYERS, most + 1)]


def offer_player_counts(select: Select[int], game: str) -> None:
    """Offer game's table sizes in select, keeping the current size where it still fits."""
    current = int(select.value)  # type: ignore[arg-type]
    counts = player_counts(game)
    select.set_options(counts)
    select.value = min(current, counts[-1][1])
