"""The authoritative state of a card game: configuration, players, deck, RNG and the open window."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from core.cards.rules import Ruleset, ruleset
from core.cards.seating import check_first_player, check_table_size, seat_names
from core.cards.seats import MOST_SEATS, CardChallenge, CardState, Seat
from core.frozen import frozen_dataclass

MIN_PLAYERS, MAX_PLAYERS, MAX_REFORMATION_PLAYERS = 2, 6, MOST_SEATS


@dataclass(frozen=True)
class CoupConfig:
    """How a table is set up. first_player None means drawn from the seed; reformation adds
    allegiances, conversion and embezzlement (and allows up to 10 players); inquisitor replaces
    the Ambassador with the Inquisitor."""

    players: int = 4
    names: tuple[str, ...] = ()
    two_player_variant: bool = False
    first_player: int | None = None
    inquisitor: bool = False
    reformation: bool = False

    def __post_init__(self) -> None:
        most = MAX_REFORMATION_PLAYERS if self.reformation else MAX_PLAYERS
        check_table_size("Reformation" if self.reformation else "Coup", self.players, MIN_PLAYERS, most, self.names)
        if self.two_player_variant and self.players != 2:
            raise ValueError("the two-player variant needs exactly 2 players")
        check_first_player(self.first_player, self.players)

    @functools.cached_property
    def rules(self) -> Ruleset:
        """The characters and actions this table plays with (kept once asked: a config never changes, and the
        engine asks at nearly every step)."""
        return ruleset(self.inquisitor, self.reformation)

    def seat_names(self) -> tuple[str, ...]:
        """The players' names, defaulting to 'Player N'."""
        return seat_names(self.names, self.players)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for records and the wire."""
        data = asdict(self)
        data["names"] = list(self.names)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CoupConfig:
        """The config in data; ValueError on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError("a config is a mapping")
        known = {"players", "names", "two_player_variant", "first_player", "inquisitor", "reformation"}
        if set(data) - known:
            raise ValueError(f"unknown config fields: {', '.join(sorted(set(data) - known))}")
        return cls(
            players=int(data.get("players", 4)),
            names=tuple(str(n) for n in data.get("names", ())),
            two_player_variant=bool(data.get("two_player_variant", False)),
            first_player=data.get("first_player"),
            inquisitor=bool(data.get("inquisitor", False)),
            reformation=bool(data.get("reformation", False)),
        )


@frozen_dataclass
class Player(Seat):
    """A Coup or Reformation seat, as the state keeps it and every view shows it: also its allegiance (Reformation,
    once chosen); out once every card is face up."""

    allegiance: str = ""

    def still_in(self) -> bool:
        """Out of the game once every card is face up (a seat still choosing its first card in the
        two-player variant holds none yet, but is in)."""
        return self.influence > 0 or not self.revealed


@frozen_dataclass
class Pending:
    """The action in flight this turn, and the block on it if any (all public: a view shows the state's own)."""

    actor: int
    kind: str
    target: int | None
    claim: str | None
    cost: int
    blocker: int | None = None
    block_card: str | None = None
    __replace__: ClassVar[Callable[..., Pending]]  # given by frozen_dataclass (core.frozen.replacer)


@frozen_dataclass
class Challenge(CardChallenge):
    """Who challenged whom, over which character, on the action or on its block (all public)."""

    on_block: bool


@dataclass(slots=True)
class CoupState(CardState[Player]):
    """Everything the engine knows, in immutable values (see CardState). window names the open decision and owed who
    must answer it; when no window is open, then names the next automatic step."""

    config: CoupConfig
    players: tuple[Player, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    rng: int
    active: int = 0
    window: str = "action"
    owed: tuple[int, ...] = ()
    then: str = ""
    pending: Pending | None = None
    challenge: Challenge | None = None
    losses: tuple[tuple[int, str], ...] = ()
    drawn: tuple[str, ...] = ()
    choices: tuple[tuple[str, ...], ...] = ()
    discarded: tuple[str, ...] = ()
    turn: int = 1
    version: int = 0
    winner: int | None = None
    reserve: int = 0
    examined: str | None = None

    def factions_split(self) -> bool:
        """Reformation: true while living players of both allegiances remain (found in one pass, stopping at the first
        living player of another allegiance than the first's: asked for every action's legal moves)."""
        side = None
        for player in self.players:
            if player.alive:
                if side is None:
                    side = player.allegiance
                elif player.allegiance != side:
                    return True
        return False

    def allegiances_chosen(self) -> bool:
        """Reformation: whether the seats have their allegiances (from the first player's choice on)."""
        return bool(self.players[0].allegiance)

    def fair_targets(self, actor: int, seats: list[int]) -> list[int]:
        """The seats of seats that actor may aim a restricted action at, or that may block actor's Foreign Aid (the
        same seats: while both factions are in the game, those of the other one). Whether they are split is asked
        once, as it asks who is still in."""
        if not self.factions_split():
            return seats
        players = self.players
        side = players[actor].allegiance
        return [seat for seat in seats if players[seat].allegiance != side]
