"""The board: the map (hexgrid data), hex predicates by label, and who stands where."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Protocol

from core.wargame.config import WargameConfig
from core.wargame.units import Unit
from hexgrid.coords import Hex, neighbors
from hexgrid.maps import HexMap, load_map

MAP_FILE = Path(__file__).with_name("map.json")
STACKING_LIMIT = 3
OFF_MAP = "off"
START_NAMES = ("Power Plant", "Police Station", "Army Base", "Capitol", "University", "Armory", "Airport")


class Board(Protocol):
    """What the rules read of a game in progress: the counters, who has moved, attacked, been attacked, just changed
    sides or lent a bonus this turn, and the options. The engine's WargameState is a board, and so is every
    seat's WargameView (the wargame hides nothing), so the planner and the bot ask the engine's own rules."""

    @property
    def config(self) -> WargameConfig: ...

    @property
    def moved(self) -> Collection[str]: ...

    @property
    def attacked(self) -> Collection[str]: ...

    @property
    def defended(self) -> Collection[str]: ...

    @property
    def no_attack(self) -> Collection[str]: ...

    @property
    def leaders_used(self) -> Collection[str]: ...

    def on_map(self) -> Sequence[Unit]:
        """The counters on the map."""

    def unit(self, uid: str) -> Unit:
        """The counter with id uid (KeyError if there is none)."""

    def find(self, uid: str) -> Unit | None:
        """The counter with id uid, or None (ids from outside are checked with it)."""


@cache
def game_map() -> HexMap:
    """The wargame's map (loaded once)."""
    return load_map(MAP_FILE)


@cache
def hex_of(label: str) -> Hex:
    """The Hex of a label."""
    return Hex.parse(label)


@cache
def label_of(h: Hex) -> str:
    """The label of a Hex ("G5"), worked out once per hex."""
    return h.label


@cache
def adjacent(label: str) -> tuple[str, ...]:
    """The labels of the on-map neighbours of label."""
    hex_map = game_map()
    return tuple(n.label for n in neighbors(hex_of(label)) if hex_map.contains(n))


@cache
def all_hexes() -> tuple[str, ...]:
    """Every hex label, row by row."""
    return tuple(h.label for h in game_map().hexes())


@cache
def map_labels() -> frozenset[str]:
    """Every hex label, spelt as the map spells it."""
    return frozenset(all_hexes())


@cache
def terrain(label: str) -> str:
    """ "clear", "city", "forest" or "lake"."""
    return game_map().terrain[hex_of(label)]


def on_board(label: str) -> bool:
    """Whether label is a hex of the map."""
    try:
        return game_map().contains(hex_of(label))
    except ValueError:
        return False


def is_city(label: str) -> bool:
    """City hexes (every strategic hex but the Capitol)."""
    return terrain(label) == "city"


@cache
def tagged(tag: str) -> frozenset[str]:
    """The labels of the hexes tagged tag ("strategic", "fortified")."""
    return frozenset(h.label for h in game_map().tagged(tag))


def is_fortified(label: str) -> bool:
    """Fortified strategic hexes double their defenders."""
    return label in tagged("fortified")


def strategic_hexes() -> tuple[str, ...]:
    """The nine strategic hexes, sorted."""
    return tuple(sorted(tagged("strategic")))


@cache
def named(name: str) -> str:
    """The label of the named hex ("Radio Station")."""
    return game_map().named(name).label


def is_edge(label: str) -> bool:
    """Hexes on the map's border (units leave the map from them)."""
    return game_map().is_edge(hex_of(label))


def has_side(kind: str, a: str, b: str) -> bool:
    """Whether the hexside between a and b carries kind ("river", "bridge", "road")."""
    return game_map().has_side(kind, hex_of(a), hex_of(b))


def hex_name(label: str) -> str:
    """ "G5 (Police Station)" or "G6"."""
    name = game_map().names.get(hex_of(label))
    return f"{label} ({name})" if name else label


def stacks(board: Board) -> dict[str, list[Unit]]:
    """The counters of every occupied hex."""
    result: dict[str, list[Unit]] = {}
    for unit in board.on_map():
        result.setdefault(unit.hex, []).append(unit)
    return result


def stack_at(board: Board, label: str) -> tuple[Unit, ...]:
    """The counters in hex label."""
    return tuple(u for u in board.on_map() if u.hex == label)


def stacking_count(units: Iterable[Unit]) -> int:
    """How many of units count toward the stacking limit."""
    return sum(1 for u in units if u.stacks)


def enemy_units(units: Iterable[Unit], side: int) -> list[Unit]:
    """The enemies of side among units, leaders left out (a lone leader blocks nothing)."""
    return [u for u in units if u.side != side and not u.is_leader]


def controller(board: Board, label: str) -> int | None:
    """The side with a ground combat unit in label (leaders and helicopters cannot control a hex)."""
    sides = {u.side for u in stack_at(board, label) if u.stacks}
    return sides.pop() if len(sides) == 1 else None


def next_to_enemy(occupied: dict[str, list[Unit]], label: str, side: int) -> bool:
    """Whether an enemy combat unit stands next to label."""
    return any(enemy_units(occupied.get(n, ()), side) for n in adjacent(label))


def overstacked(board: Board, side: int) -> list[str]:
    """side's hexes over the stacking limit, sorted."""
    return sorted(
        label
        for label, units in stacks(board).items()
        if stacking_count(u for u in units if u.side == side) > STACKING_LIMIT
    )
