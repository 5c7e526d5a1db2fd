"""What a seat sees of a wargame: the whole board (nothing is hidden), the phase and its legal moves."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from core.wargame.config import WargameConfig
from core.wargame.events import Event
from core.wargame.flow import owed, window
from core.wargame.moves import WargameMove
from core.wargame.state import Combat, Placement, WargameState
from core.wargame.units import Unit


@dataclass(frozen=True)
class WargameView:
    """The board and the decision in progress. units holds every counter (status "map", "pool", "dead", "fled");
    window names the open decision (see flow.window) and owed the seat that owes it; queue is what is being
    placed (its head first); fresh the counters placed in this reinforcement phase; combat the attack being
    resolved; log the latest events; legal the viewer's moves. A view is a board.Board: the rules read it as they
    read the engine's state, and state_of gives back the state it shows."""

    viewer: int | None
    config: WargameConfig
    turn: int
    phase: str
    side: int
    window: str
    owed: tuple[int, ...]
    units: tuple[Unit, ...]
    vp: tuple[int, int]
    last_die: int
    last_result: str
    combat: Combat | None
    queue: tuple[Placement, ...]
    fresh: tuple[str, ...]
    flee: tuple[str, ...]
    disband: tuple[str, ...]
    moved: tuple[str, ...]
    attacked: tuple[str, ...]
    defended: tuple[str, ...]
    no_attack: tuple[str, ...]
    leaders_used: tuple[str, ...]
    log: tuple[Event, ...]
    legal: tuple[WargameMove, ...]
    winner: int | None
    version: int

    def stack(self, label: str) -> tuple[Unit, ...]:
        """The counters in hex label."""
        return tuple(u for u in self.units if u.on_map and u.hex == label)

    def stacks(self) -> dict[str, tuple[Unit, ...]]:
        """The counters on the map by hex label."""
        found: dict[str, tuple[Unit, ...]] = {}
        for unit in self.units:
            if unit.on_map:
                found[unit.hex] = (*found.get(unit.hex, ()), unit)
        return found

    def on_map(self) -> tuple[Unit, ...]:
        """The counters on the map, in the engine's order."""
        return self._on_map

    def unit(self, uid: str) -> Unit:
        """The counter with id uid (KeyError if there is none)."""
        return self._by_uid[uid]

    def find(self, uid: str) -> Unit | None:
        """The counter with id uid, or None."""
        return self._by_uid.get(uid)

    @cached_property
    def _on_map(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.on_map)

    @cached_property
    def _by_uid(self) -> dict[str, Unit]:
        return {u.uid: u for u in self.units}


def make_view(state: WargameState, seat: int | None, legal: tuple[WargameMove, ...]) -> WargameView:
    """Copy the state out for seat (everything is public)."""
    seat_owing = owed(state)
    return WargameView(
        viewer=seat,
        config=state.config,
        turn=state.turn,
        phase=state.phase,
        side=state.side,
        window=window(state),
        owed=() if seat_owing is None else (seat_owing,),
        units=tuple(state.units.values()),
        vp=(state.vp[0], state.vp[1]),
        last_die=state.last_die,
        last_result=state.last_result,
        combat=state.combat,
        queue=tuple(state.queue),
        fresh=tuple(sorted(state.fresh)),
        flee=tuple(state.flee),
        disband=tuple(state.disband),
        moved=tuple(sorted(state.moved)),
        attacked=tuple(sorted(state.attacked)),
        defended=tuple(sorted(state.defended)),
        no_attack=tuple(sorted(state.no_attack)),
        leaders_used=tuple(sorted(state.leaders_used)),
        log=tuple(state.log),
        legal=legal,
        winner=state.winner,
        version=state.version,
    )


def state_of(view: WargameView) -> WargameState:
    """The state view shows, for the rules to read where only views are known (a network client): all of it but
    the dice's generator, which no view shows and no rule listing moves draws from (rng 0)."""
    return WargameState(
        config=view.config,
        rng=0,
        units={unit.uid: unit for unit in view.units},
        turn=view.turn,
        phase=view.phase,
        side=view.side,
        vp=list(view.vp),
        queue=list(view.queue),
        fresh=set(view.fresh),
        moved=set(view.moved),
        attacked=set(view.attacked),
        leaders_used=set(view.leaders_used),
        defended=set(view.defended),
        no_attack=set(view.no_attack),
        flee=list(view.flee),
        combat=view.combat,
        disband=list(view.disband),
        last_die=view.last_die,
        last_result=view.last_result,
        log=list(view.log),
        winner=view.winner,
        version=view.version,
    )
