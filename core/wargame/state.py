"""The authoritative state of a wargame: counters, phase, VP, the placement queue, the combat in progress."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from core.wargame.config import WargameConfig
from core.wargame.events import Event
from core.wargame.units import MAP, Unit

LOG_LENGTH = 30


@dataclass(frozen=True)
class Placement:
    """count counters of kind to place together for side, on a hex allowed by rule (see placement.RULES)."""

    side: int
    kind: str
    rule: str
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {"side": self.side, "kind": self.kind, "rule": self.rule, "count": self.count}


@dataclass(frozen=True)
class Combat:
    """One attack being resolved. stage names the decision it waits for: "bugout" (rebel leaders in the attacked
    hexes choose to stay or leave), "attacker_losses", "defender_losses", "retreat", "advance"; pending lists the
    leaders still to choose (bugout) or the hexes still to retreat from or advance into."""

    side: int
    attackers: tuple[str, ...]
    targets: tuple[str, ...]
    leaders: tuple[str, ...] = ()
    surrender: bool = False
    stage: str = "bugout"
    pending: tuple[str, ...] = ()
    losses: int = 0
    retreat: bool = False
    odds: str = ""
    die: int = 0
    result: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        data = dict(self.__dict__)
        for key in ("attackers", "targets", "leaders", "pending"):
            data[key] = list(data[key])
        return data


@dataclass
class WargameState:
    """Everything the engine knows. phase is "setup", "reinforce", "move", "attack" or "subvert", played by side;
    the open decision (window) follows from flee, combat, disband and phase (see flow.window)."""

    config: WargameConfig
    rng: int
    units: dict[str, Unit]
    turn: int = 0
    phase: str = "setup"
    side: int = 0
    vp: list[int] = field(default_factory=lambda: [0, 0])
    queue: list[Placement] = field(default_factory=list)
    fresh: set[str] = field(default_factory=set)
    moved: set[str] = field(default_factory=set)
    attacked: set[str] = field(default_factory=set)
    leaders_used: set[str] = field(default_factory=set)
    defended: set[str] = field(default_factory=set)
    no_attack: set[str] = field(default_factory=set)
    flee: list[str] = field(default_factory=list)
    combat: Combat | None = None
    disband: list[str] = field(default_factory=list)
    last_die: int = 0
    last_result: str = ""
    log: list[Event] = field(default_factory=list)
    winner: int | None = None
    version: int = 0

    def clone(self) -> WargameState:
        """A copy sharing nothing mutable (units and records inside are frozen)."""
        return replace(
            self,
            units=dict(self.units),
            vp=list(self.vp),
            queue=list(self.queue),
            fresh=set(self.fresh),
            moved=set(self.moved),
            attacked=set(self.attacked),
            leaders_used=set(self.leaders_used),
            defended=set(self.defended),
            no_attack=set(self.no_attack),
            flee=list(self.flee),
            disband=list(self.disband),
            log=list(self.log),
        )

    def on_map(self) -> list[Unit]:
        """The counters on the board, in id order of the pool."""
        return [u for u in self.units.values() if u.status == MAP]

    def unit(self, uid: str) -> Unit:
        """The counter with id uid (KeyError if there is none)."""
        return self.units[uid]

    def find(self, uid: str) -> Unit | None:
        """The counter with id uid, or None."""
        return self.units.get(uid)

    def put(self, unit: Unit) -> None:
        """Store a changed counter."""
        self.units[unit.uid] = unit
