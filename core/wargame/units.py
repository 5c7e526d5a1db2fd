"""The wargame's counters: unit kinds, their strengths and allowances, the 112-counter pool, and the Unit record."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

GOVERNMENT, REBELS = 0, 1
SIDE_NAMES = ("government", "rebels")
WINS = ("the government wins", "the rebels win")

LEADER, GUARDS, ARMY, TANK, HELICOPTER, POLICE, IRREGULAR, MOB = (
    "leader",
    "guards",
    "army",
    "tank",
    "helicopter",
    "police",
    "irregular",
    "mob",
)

STRENGTH = {GUARDS: 3, ARMY: 3, TANK: 4, HELICOPTER: 3, POLICE: 2, IRREGULAR: 2, MOB: 1, LEADER: 0}
ALLOWANCE = {GUARDS: 4, ARMY: 2, TANK: 3, HELICOPTER: 8, POLICE: 4, IRREGULAR: 2, MOB: 1, LEADER: 3}
LEADER_BONUS = {GOVERNMENT: 2, REBELS: 1}
CARRIERS = frozenset({POLICE, GUARDS, HELICOPTER})  # leaders may ride these

POOL: dict[int, dict[str, int]] = {
    GOVERNMENT: {LEADER: 1, GUARDS: 1, HELICOPTER: 2, ARMY: 10, TANK: 7, POLICE: 20, MOB: 10},
    REBELS: {LEADER: 3, IRREGULAR: 16, POLICE: 10, MOB: 23, ARMY: 4, TANK: 3, HELICOPTER: 2},
}

POOL_STATUS, MAP, DEAD, FLED = "pool", "map", "dead", "fled"
STATUSES = (POOL_STATUS, MAP, DEAD, FLED)


@dataclass(frozen=True)
class Unit:
    """One counter. hex is a label ("G5") while status is "map", else ""; riding names the helicopter a leader
    sits in. A non-leader counter that is destroyed or flees goes back to the pool (its counter may be reused);
    a leader who dies or flees stays "dead"/"fled"."""

    uid: str
    side: int
    kind: str
    hex: str = ""
    status: str = POOL_STATUS
    riding: str = ""

    @property
    def on_map(self) -> bool:
        """Whether the counter is on the board."""
        return self.status == MAP

    @property
    def is_leader(self) -> bool:
        """Leaders have no strength of their own and ignore stacking."""
        return self.kind == LEADER

    @property
    def is_helicopter(self) -> bool:
        """Helicopters ignore terrain and stacking."""
        return self.kind == HELICOPTER

    @property
    def stacks(self) -> bool:
        """Whether the counter counts toward the stacking limit."""
        return self.kind not in (LEADER, HELICOPTER)

    @property
    def strength(self) -> int:
        """Combat strength (0 for leaders: their bonus is added to a stack)."""
        return STRENGTH[self.kind]

    @property
    def bonus(self) -> int:
        """What a leader adds to a stack (2 for the Maximum Leader, 1 for a rebel leader)."""
        return LEADER_BONUS[self.side] if self.is_leader else 0

    @property
    def allowance(self) -> int:
        """Movement allowance in hexes."""
        return ALLOWANCE[self.kind]

    @property
    def name(self) -> str:
        """A readable name: "government tank", "the Maximum Leader", "rebel leader 2"."""
        if self.is_leader:
            return "the Maximum Leader" if self.side == GOVERNMENT else f"rebel leader {self.uid.rsplit('-', 1)[1]}"
        side = "loyalist" if self.kind == MOB and self.side == GOVERNMENT else SIDE_NAMES[self.side].rstrip("s")
        return f"{side} {SINGULARS.get(self.kind, self.kind)}"

    @property
    def title(self) -> str:
        """The name to start a sentence with: "Government tank", "The Maximum Leader"."""
        return self.name[:1].upper() + self.name[1:]

    def placed(self, label: str) -> Unit:
        """The counter on the board at label."""
        return replace(self, hex=label, status=MAP, riding="")

    def removed(self, status: str) -> Unit:
        """The counter off the board: dead or fled leaders stay so, other counters return to the pool."""
        return replace(self, hex="", riding="", status=status if self.is_leader else POOL_STATUS)

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "uid": self.uid,
            "side": self.side,
            "kind": self.kind,
            "hex": self.hex,
            "status": self.status,
            "riding": self.riding,
        }


PLURALS = {ARMY: "armies", POLICE: "police", GUARDS: "guards"}
SINGULARS = {GUARDS: "guard"}  # one counter of a kind named in the plural (its verb agrees: "guard retreats")


def kind_count(kind: str, count: int) -> str:
    """ "1 army", "3 armies", "2 police", "1 guard": a count of counters of one kind."""
    if count == 1:
        return f"1 {SINGULARS.get(kind, kind)}"
    return f"{count} {PLURALS.get(kind, kind + 's')}"


def describe(units: Iterable[Unit]) -> str:
    """ "2 irregulars and 1 mob"."""
    return counted([(unit.kind, 1) for unit in units])


def counted(kinds: Iterable[tuple[str, int]]) -> str:
    """ "2 irregulars and 1 mob", "1 leader, 1 mob and 2 police" from (kind, how many) pairs, a kind maybe more than
    once; "" for none."""
    totals: dict[str, int] = {}
    for kind, count in kinds:
        totals[kind] = totals.get(kind, 0) + count
    parts = [kind_count(kind, n) for kind, n in sorted(totals.items())]
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 2 else parts)


def unit_id(side: int, kind: str, number: int) -> str:
    """A counter's stable id: "G-tank-3", "R-leader-1"."""
    return f"{'GR'[side]}-{kind}-{number}"


def all_counters() -> dict[str, Unit]:
    """Every counter of the game, in the pool."""
    return {
        unit_id(side, kind, n): Unit(unit_id(side, kind, n), side, kind)
        for side, kinds in POOL.items()
        for kind, count in kinds.items()
        for n in range(1, count + 1)
    }
