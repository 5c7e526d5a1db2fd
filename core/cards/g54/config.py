"""How a G54 table is set up: players, and which five roles are in play (or how they are drawn)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.cards.g54.roles import FIRST_GAME, check_roles, in_play_order
from core.cards.seating import check_first_player, check_table_size, seat_names

MIN_PLAYERS, MAX_PLAYERS = 2, 6
SELECTIONS = ("first", "random", "advanced", "pick")
"""first: the rulebook's suggested first game; random: one draw per group from the basic roles;
advanced: the same with advanced roles allowed; pick: the host's own five (roles)."""


@dataclass(frozen=True)
class G54Config:
    """players, their names, the first player (None: drawn from the seed) and the role selection."""

    players: int = 4
    names: tuple[str, ...] = ()
    first_player: int | None = None
    selection: str = "first"
    roles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_table_size("G54", self.players, MIN_PLAYERS, MAX_PLAYERS, self.names)
        check_first_player(self.first_player, self.players)
        if self.selection not in SELECTIONS:
            raise ValueError(f"role selection is one of {', '.join(SELECTIONS)}, not {self.selection!r}")
        if self.selection == "pick":
            check_roles(self.roles)
            object.__setattr__(self, "roles", in_play_order(self.roles))
        elif self.roles:
            raise ValueError(f"roles are given only with the 'pick' selection, not {self.selection!r}")

    def fixed_roles(self) -> tuple[str, ...]:
        """The five roles when the config names them (first game or pick); () when drawn at random."""
        if self.selection == "first":
            return in_play_order(FIRST_GAME)
        return self.roles

    def seat_names(self) -> tuple[str, ...]:
        """The players' names, defaulting to 'Player N'."""
        return seat_names(self.names, self.players)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for records and the wire."""
        return {
            "players": self.players,
            "names": list(self.names),
            "first_player": self.first_player,
            "selection": self.selection,
            "roles": list(self.roles),
        }

    @classmethod
    def from_dict(cls, data: Any) -> G54Config:
        """The config in data; ValueError on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError("a config is a mapping")
        known = {"players", "names", "first_player", "selection", "roles"}
        if set(data) - known:
            raise ValueError(f"unknown config fields: {', '.join(sorted(map(str, set(data) - known)))}")
        names, roles = data.get("names", ()), data.get("roles", ())
        if not isinstance(names, (list, tuple)) or not isinstance(roles, (list, tuple)):
            raise ValueError("names and roles are lists")
        return cls(
            players=int(data.get("players", 4)),
            names=tuple(str(n) for n in names),
            first_player=data.get("first_player"),
            selection=str(data.get("selection", "first")),
            roles=tuple(str(r) for r in roles),
        )
