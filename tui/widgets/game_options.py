"""The pieces of a game's own options on the menu and the new-table dialog: yes/no checks, option fields, sizes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.widget import Widget
from textual.widgets import Select


@dataclass(frozen=True)
class Check:
    """A yes/no option: the config key it sets, the slug naming its widgets (#slug on the menu, #new-slug on the
    new-table dialog), its label, and the one table size it applies to (None: every size)."""

    key: str
    slug: str
    label: str
    players: int | None = None

    def applies(self, players: int) -> bool:
        """Whether the option means anything at a table of players."""
        return self.players is None or self.players == players


class OptionsField(Widget):
    """A game's options that a check cannot say (G54's roles), on the new-table dialog: a widget that says them."""

    def options(self) -> dict[str, Any]:
        """The options chosen, as the game's config reads them (a field with nothing to say: none)."""
        return {}


def number(select: Select[int]) -> int:
    """The number chosen in a select of numbers that allows no blank."""
    value = select.value
    if not isinstance(value, int):
        raise ValueError(f"{select.id} holds no number")
    return value


DEFAULT_PLAYERS = 4
"""The table size the menu and the new-table dialog start at (and come back to after the wargame's two)."""


def nearest_size(counts: list[tuple[str, int]], wanted: int) -> int:
    """The table size of counts (a game's, in order) nearest the size wanted."""
    return min(max(wanted, counts[0][1]), counts[-1][1])


def offer_player_counts(select: Select[int], counts: list[tuple[str, int]], wanted: int) -> None:
    """Offer counts in select at the size wanted (the last one chosen where there was a choice), or the nearest."""
    select.set_options(counts)
    select.value = nearest_size(counts, wanted)


def chosen_size(select: Select[int], counts: list[tuple[str, int]], wanted: int) -> int:
    """The size to come back to after a game of fewer sizes (the wargame's one, G54's six at most): select's, unless
    its game offers no choice or select shows only where that game bounds the size wanted."""
    chosen = number(select)
    return wanted if len(counts) == 1 or chosen == nearest_size(counts, wanted) else chosen
