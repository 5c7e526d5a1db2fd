"""The player's pickers for decisions made by ticking counters (losses, advances, retreats, subversion, disbanding):
which counters may be ticked, the move the ticks make, and whether the engine accepts it."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.game import IllegalMove
from core.wargame.board import STACKING_LIMIT, stack_at
from core.wargame.bot_eval import unit_value
from core.wargame.casualties import leaders_lost_with
from core.wargame.engine import WARGAME
from core.wargame.flow import subversion_targets
from core.wargame.moves import Advance, ChooseLosses, Disband, Retreat, Subvert, WargameMove
from core.wargame.resolve import advancers, losses_owed
from core.wargame.retreat import leader_hexes, retreat_hexes, retreating
from core.wargame.units import Unit
from core.wargame.views import WargameView, state_of

PICKED = ("attacker_losses", "defender_losses", "advance", "retreat", "subvert", "disband")


@dataclass
class Picks:
    """The counters listed for the open decision (numbered 1.. on screen), those ticked, and for a retreat where
    each counter goes."""

    units: list[str] = field(default_factory=list)
    chosen: set[str] = field(default_factory=set)
    to: dict[str, str] = field(default_factory=dict)

    def toggle(self, index: int) -> bool:
        """Tick or untick the counter at index (0-based); False if there is none."""
        if not 0 <= index < len(self.units):
            return False
        self.chosen.symmetric_difference_update({self.units[index]})
        return True

    def chosen_in_order(self) -> tuple[str, ...]:
        """The ticked counters, as listed."""
        return tuple(uid for uid in self.units if uid in self.chosen)


def pickable(view: WargameView) -> list[Unit]:
    """The counters the open decision is made of, by hex: the units that may be lost, advance, be subverted or
    disbanded, or that retreat (with their leaders)."""
    state = state_of(view)
    combat = state.combat
    units: list[Unit] = []
    if view.window in ("attacker_losses", "defender_losses"):
        units = losses_owed(state)[1]
    elif view.window == "advance" and combat is not None:
        units = advancers(state, combat.pending[0])
    elif view.window == "retreat" and combat is not None:
        fighters, leaders = retreating(state, combat.pending[0])
        units = [*fighters, *leaders]
    elif view.window == "subvert":
        uids = dict.fromkeys(uid for group in subversion_targets(state) for uid in group)
        units = [state.units[uid] for uid in uids]
    elif view.window == "disband":
        units = [u for u in stack_at(state, state.disband[0]) if u.side == view.side and u.stacks]
    return sorted(units, key=lambda u: (u.hex, u.is_leader, -u.strength, u.uid))


def start_picks(view: WargameView) -> Picks:
    """The picker of the open decision, with the first legal move's counters ticked (losses: the cheapest choice; a
    retreat: its hexes; a subversion: none)."""
    units = [u.uid for u in pickable(view)]
    first = view.legal[0] if view.legal else None
    if isinstance(first, ChooseLosses):
        first = min(view.legal, key=lambda move: _worth(view, move))
    if isinstance(first, Retreat):
        to = dict(first.moves)
        return Picks(units, set(), to)
    chosen = set(getattr(first, "units", ())) if view.window != "subvert" else set()  # subverting nobody is first
    return Picks(units, chosen & set(units))


def _worth(view: WargameView, move: WargameMove) -> float:
    """What the counters a move names are worth to their side, the leaders who die with them included (the cheapest
    losses are ticked first: never the last unit guarding a leader while another choice spares him)."""
    uids = getattr(move, "units", ())
    return sum(unit_value(u) for u in [*map(view.unit, uids), *leaders_lost_with(view, uids)])


def picked_move(view: WargameView, picks: Picks) -> WargameMove:
    """The move the ticks make in the open decision."""
    uids = picks.chosen_in_order()
    window = view.window
    if window == "retreat":
        return Retreat(tuple(sorted(picks.to.items())))
    if window == "advance":
        return Advance(uids)
    if window == "subvert":
        return Subvert(uids)
    if window == "disband":
        return Disband(uids)
    return ChooseLosses(uids)


def send_to(view: WargameView, picks: Picks, label: str) -> bool:
    """Send the ticked retreating counters to label; False (nothing changed) if one of them cannot go there."""
    ticked = picks.chosen_in_order()
    if not ticked or any(label not in retreat_targets(view, picks, uid) for uid in ticked):
        return False
    picks.to.update({uid: label for uid in ticked})
    picks.chosen.clear()
    return True


def retreat_targets(view: WargameView, picks: Picks, uid: str) -> list[str]:
    """Where a retreating counter may go: a combat unit to any hex open to it, a leader with his units where he can
    (as the other counters are sent now)."""
    state = state_of(view)
    unit = state.units[uid]
    if not unit.is_leader:
        return retreat_hexes(state, unit)
    assignment = {key: to for key, to in picks.to.items() if not state.units[key].is_leader}
    return leader_hexes(state, unit, assignment)


def move_error(view: WargameView, seat: int, move: WargameMove) -> str:
    """Why the engine refuses move for seat in view's position ("" if it takes it)."""
    try:
        WARGAME.apply(state_of(view), seat, move)
    except IllegalMove as error:
        return str(error)
    return ""


def needed(view: WargameView) -> str:
    """What the open decision asks the player to tick."""
    window = view.window
    count = len(getattr(view.legal[0], "units", ())) if view.legal else 0
    plural = "s" if count != 1 else ""
    if window in ("attacker_losses", "defender_losses"):
        side = "attacking" if window == "attacker_losses" else "defending"
        return f"Tick the {count} {side} unit{plural} you lose."
    if window == "disband":
        return f"Over-stacked with no way out: tick the {count} unit{plural} to give up."
    if window == "advance":
        return f"The hex is clear: tick who advances (up to {STACKING_LIMIT} units, any leaders; none: stay)."
    if window == "subvert":
        return "Subversion: tick 1 unit, or 2 in one hex, of strength 6 or less (none: nobody)."
    return "Retreat: each counter goes where its → says (c confirms); tick some and Enter a lit hex to send them there."
