"""Moves of the wargame: one small frozen record per kind of decision, each plain data with to_dict/from_dict."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True)
class WargameMove:
    """Base of every move: kind names it in plain data."""

    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        """Plain data: {"kind": ..., field: value, ...}, tuples as lists."""
        return move_to_dict(self)


@dataclass(frozen=True)
class Place(WargameMove):
    """Put the next counter(s) of the placement queue on hex (set-up and reinforcements)."""

    kind: ClassVar[str] = "place"
    hex: str


@dataclass(frozen=True)
class AutoPlace(WargameMove):
    """Place every counter left in the queue on legal hexes drawn from the game's RNG."""

    kind: ClassVar[str] = "auto_place"


@dataclass(frozen=True)
class MoveUnits(WargameMove):
    """Move units (one unit, a stack, or a carrier with leaders riding it) to hex to, or off the map with "off";
    path, if given, is the route from the units' hex to `to` inclusive (else the cheapest route is taken)."""

    kind: ClassVar[str] = "move"
    units: tuple[str, ...]
    to: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class Disembark(WargameMove):
    """A leader leaves the helicopter he rides, at the start of his own movement."""

    kind: ClassVar[str] = "disembark"
    leader: str


@dataclass(frozen=True)
class EndPhase(WargameMove):
    """End the move or attack phase."""

    kind: ClassVar[str] = "end_phase"


@dataclass(frozen=True)
class Attack(WargameMove):
    """attackers (each adjacent to every target hex) attack every unit in targets together; leaders (stacked with
    an attacker) add their bonus; surrender calls on the defenders to surrender (optional rule, one target)."""

    kind: ClassVar[str] = "attack"
    attackers: tuple[str, ...]
    targets: tuple[str, ...]
    leaders: tuple[str, ...] = ()
    surrender: bool = False


@dataclass(frozen=True)
class ChooseLosses(WargameMove):
    """The units a side loses to a combat result."""

    kind: ClassVar[str] = "losses"
    units: tuple[str, ...]


@dataclass(frozen=True)
class Retreat(WargameMove):
    """Where each retreating counter goes: (unit id, hex) pairs."""

    kind: ClassVar[str] = "retreat"
    moves: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Advance(WargameMove):
    """Participating attackers that move into the vacated hex (none: stay)."""

    kind: ClassVar[str] = "advance"
    units: tuple[str, ...] = ()


@dataclass(frozen=True)
class BugOut(WargameMove):
    """A rebel leader in an attacked hex leaves for hex to, or stays to lead the defence (to = "")."""

    kind: ClassVar[str] = "bug_out"
    leader: str
    to: str = ""


@dataclass(frozen=True)
class Flee(WargameMove):
    """A lone rebel leader whose hex an enemy entered flees to the adjacent hex to."""

    kind: ClassVar[str] = "flee"
    leader: str
    to: str


@dataclass(frozen=True)
class Subvert(WargameMove):
    """Advanced scenario: the rebels turn these government units (none: decline)."""

    kind: ClassVar[str] = "subvert"
    units: tuple[str, ...] = ()


@dataclass(frozen=True)
class Disband(WargameMove):
    """Units a side gives up to get an over-stacked hex it cannot leave back to the limit."""

    kind: ClassVar[str] = "disband"
    units: tuple[str, ...]


MOVE_TYPES: dict[str, type[WargameMove]] = {
    t.kind: t
    for t in (Place, AutoPlace, MoveUnits, Disembark, EndPhase, Attack, ChooseLosses, Retreat, Advance, BugOut, Flee)
}
MOVE_TYPES.update({t.kind: t for t in (Subvert, Disband)})


def move_to_dict(move: WargameMove) -> dict[str, Any]:
    """Plain data: {"kind": ..., field: value, ...}, tuples as lists."""
    data: dict[str, Any] = {"kind": move.kind}
    for f in fields(move):
        value = getattr(move, f.name)
        data[f.name] = [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value
    return data


def load_move(data: Any) -> WargameMove:
    """The move in plain data; ValueError on anything malformed."""
    if not isinstance(data, dict) or data.get("kind") not in MOVE_TYPES:
        raise ValueError(f"a move is a mapping with a 'kind' among {', '.join(MOVE_TYPES)}")
    cls = MOVE_TYPES[data["kind"]]
    names = {f.name: f for f in fields(cls)}
    unknown = set(data) - set(names) - {"kind"}
    if unknown:
        raise ValueError(f"unknown fields for a {data['kind']} move: {', '.join(sorted(map(str, unknown)))}")
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name == "kind":
            continue
        values[name] = _field_value(cls, name, value)
    try:
        return cls(**values)
    except TypeError as error:
        raise ValueError(f"bad {data['kind']} move: {error}") from None


def _field_value(cls: type, name: str, value: Any) -> Any:
    if name == "surrender":
        if not isinstance(value, bool):
            raise ValueError("surrender is true or false")
        return value
    if name == "moves":
        if not isinstance(value, (list, tuple)) or not all(
            isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in value
        ):
            raise ValueError("a retreat's moves are [unit, hex] pairs")
        return tuple(sorted(tuple(p) for p in value))
    if name in ("units", "attackers", "targets", "leaders", "path"):
        if not isinstance(value, (list, tuple)) or not all(isinstance(x, str) for x in value):
            raise ValueError(f"{name} is a list of strings")
        return tuple(value) if name == "path" else tuple(sorted(value))
    if not isinstance(value, str):
        raise ValueError(f"{name} is a string")
    return value


def canonical(move: WargameMove) -> WargameMove:
    """The move with its unordered lists sorted (so it compares equal to the listed legal move)."""
    return load_move(move_to_dict(move))
