"""The player's planner: the stack selected to move, or the attack being aimed, before it becomes a move."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.wargame.board import OFF_MAP, STACKING_LIMIT, adjacent, stacking_count
from core.wargame.bot_eval import unit_value
from core.wargame.combat import attack_error, attackable, can_attack
from core.wargame.crt import Odds, attack_odds
from core.wargame.movement import can_leave_map, group_error, reach
from core.wargame.moves import Attack, MoveUnits
from core.wargame.units import REBELS, Unit
from core.wargame.views import WargameView


@dataclass
class Plan:
    """mode "idle", "move" (a stack chosen at origin) or "attack" (targets chosen); units are the listed counters
    (numbered 1.. on screen), chosen those ticked; surrender calls on the defenders to surrender."""

    mode: str = "idle"
    origin: str = ""
    units: list[str] = field(default_factory=list)
    chosen: set[str] = field(default_factory=set)
    targets: list[str] = field(default_factory=list)
    surrender: bool = False

    def toggle(self, number: int) -> bool:
        """Tick or untick the numbered counter (1-based); False if there is none."""
        if not 1 <= number <= len(self.units):
            return False
        uid = self.units[number - 1]
        self.chosen.symmetric_difference_update({uid})
        return True

    def chosen_in_order(self) -> tuple[str, ...]:
        """The ticked counters, as listed."""
        return tuple(uid for uid in self.units if uid in self.chosen)


# -- moving ---------------------------------------------------------------------------------


def movable(view: WargameView, side: int, label: str) -> list[Unit]:
    """side's counters in label that can still start a move (leaders riding a helicopter go with it)."""
    return [u for u in view.stack(label) if u.side == side and u.uid not in view.moved and not u.riding]


def select_stack(view: WargameView, side: int, label: str) -> Plan | None:
    """A move plan for side's stack in label, its ground units ticked, or the helicopters when there are no ground
    units; None when nothing there can move. In an over-stacked hex only the surplus is ticked, the counters least
    worth first and never a leader: what must leave (ticking the whole stack walked the Maximum Leader and his
    Guards out of the Capitol)."""
    units = movable(view, side, label)
    if not units:
        return None
    ground = [u for u in units if not u.is_helicopter]
    helicopters = [u.uid for u in units if u.is_helicopter]
    stacking = [u for u in ground if u.stacks]
    surplus = stacking_count(view.stack(label)) - STACKING_LIMIT if label != OFF_MAP else 0
    if surplus > 0 and stacking:
        default = [u.uid for u in sorted(stacking, key=unit_value)[:surplus]]
    elif any(not u.is_leader for u in ground) or not helicopters:
        default = [u.uid for u in ground]
    else:
        default = helicopters
    return Plan("move", label, [u.uid for u in units], set(default))


def move_reach(view: WargameView, plan: Plan) -> tuple[dict[str, float], str]:
    """The hexes the ticked counters can end in, and why they cannot move together ("" if they can)."""
    uids = plan.chosen_in_order()
    if not uids:
        return {}, "tick the units to move (number keys)"
    error = group_error(view, view.unit(uids[0]).side, uids)
    if not error and stacking_count(view.unit(uid) for uid in uids) > STACKING_LIMIT:
        error = f"at most {STACKING_LIMIT} units may end in a hex: untick some (number keys)"
    return ({}, error) if error else (reach(view, uids), "")


def move_to(plan: Plan, label: str) -> MoveUnits:
    """The move sending the ticked counters to label."""
    return MoveUnits(plan.chosen_in_order(), label)


def off_map(view: WargameView, plan: Plan) -> MoveUnits | None:
    """The move taking the ticked counters off the map, if they can leave it."""
    uids = plan.chosen_in_order()
    if uids and can_leave_map(view, uids):
        return MoveUnits(uids, OFF_MAP)
    return None


# -- attacking ------------------------------------------------------------------------------


def is_target(view: WargameView, side: int, label: str) -> bool:
    """Whether side may aim an attack at label now."""
    return attackable(view, side, label)


def aim_refusal(view: WargameView, side: int, label: str) -> str:
    """Why an attack cannot be aimed at label: a leader alone is met by moving in, not by attacking; a unit is
    attacked once a turn."""
    enemies = [u for u in view.units if u.on_map and u.hex == label and u.side != side]
    if enemies and all(u.is_leader for u in enemies):
        what = "string up the Maximum Leader" if side == REBELS else "make him flee"
        return f"A leader alone cannot be attacked: end a combat unit's move in {label} to {what}."
    if enemies and all(u.is_leader or u.uid in view.defended for u in enemies):
        return f"The units in {label} were attacked already this turn: a unit is attacked once a turn."
    return "Aim at a hex of enemy units next to yours."


def candidates(view: WargameView, side: int, targets: list[str]) -> list[Unit]:
    """side's combat units that may attack every target, then their unused leaders."""
    if not targets:
        return []
    fighters = [
        u for u in view.units if u.side == side and can_attack(view, u) and all(t in adjacent(u.hex) for t in targets)
    ]
    hexes = {u.hex for u in fighters}
    leaders = [
        u
        for u in view.units
        if u.side == side and u.on_map and u.is_leader and u.hex in hexes and u.uid not in view.leaders_used
    ]
    return sorted(fighters, key=lambda u: (u.hex, -u.strength, u.uid)) + leaders


def aim(view: WargameView, side: int, plan: Plan, label: str) -> Plan:
    """The attack plan with label added to or taken off its targets; units still able to join are listed, every
    one ticked when the list is new."""
    targets = [t for t in plan.targets if t != label] if label in plan.targets else [*plan.targets, label]
    units = candidates(view, side, targets)
    listed = [u.uid for u in units]
    chosen = set(listed) if plan.mode != "attack" else {uid for uid in plan.chosen if uid in listed}
    if plan.mode == "attack":
        chosen |= {uid for uid in listed if uid not in plan.units}
    return Plan("attack" if targets else "idle", "", listed, chosen, targets, plan.surrender and len(targets) == 1)


def attack_of(view: WargameView, plan: Plan) -> Attack:
    """The attack the plan describes."""
    attackers = tuple(uid for uid in plan.chosen_in_order() if not view.unit(uid).is_leader)
    leaders = tuple(uid for uid in plan.chosen_in_order() if view.unit(uid).is_leader)
    return Attack(attackers, tuple(plan.targets), leaders, plan.surrender)


def assess(view: WargameView, side: int, plan: Plan) -> tuple[Odds, str]:
    """The odds of the planned attack and why it cannot be made ("" if it can)."""
    move = attack_of(view, plan)
    odds = attack_odds(view, side, move.attackers, move.targets, move.leaders)
    return odds, attack_error(view, side, move)
