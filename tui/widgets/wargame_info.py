"""The wargame screen's decision panel in words: the rows of the unit lists and choices, and what ticks would do."""

from __future__ import annotations

from rich.text import Text

from core.cards.phrases import and_list
from core.wargame.board import STACKING_LIMIT
from core.wargame.casualties import leader_points, leaders_lost_with
from core.wargame.crt import Odds, attack_odds
from core.wargame.flow import must_move_out
from core.wargame.moves import ChooseLosses, Disband, MoveUnits, Retreat, Subvert, WargameMove
from core.wargame.picks import Picks, move_error, needed, picked_move
from core.wargame.plan import Plan
from core.wargame.units import GOVERNMENT, SIDE_NAMES
from core.wargame.views import WargameView, state_of
from tui.widgets.wargame_text import choice_text, unit_line, unit_names

PROMPTS = {
    "flee": "An enemy entered the hex of a lone rebel leader: where does he flee?",
    "bugout": (
        "Your leader's hex is attacked: stay (he adds to the defence, and dies if its last combat unit is lost)"
        " or bug out (he leaves it to the others)?"
    ),
}


def prompt(view: WargameView) -> str:
    """What the open decision asks."""
    return PROMPTS.get(view.window) or needed(view)


def tick_row(view: WargameView, uid: str, ticked: bool, where: bool, to: str | None = None) -> Text:
    """ "[x] N10 T4 4-3 tank → M3": a counter to tick, with its hex when where, and where it goes."""
    unit = view.unit(uid)
    row = Text(f"[{'x' if ticked else ' '}] ", style="bold green" if ticked else "")
    row.append(f"{unit.hex} " if where else "")
    row.append(unit_line(unit, view, short=where))
    if to is not None:
        row.append(f" → {to or '?'}", style="bold")
    return row


def plan_rows(view: WargameView, plan: Plan) -> list[Text]:
    """The counters of a move or attack plan, ticked or not (an attack's with their hexes)."""
    return [tick_row(view, uid, uid in plan.chosen, plan.mode == "attack") for uid in plan.units]


def pick_rows(view: WargameView, picks: Picks) -> list[Text]:
    """The counters of a decision made by ticking (a retreat's with the hex each goes to)."""
    retreat = view.window == "retreat"
    return [
        tick_row(view, uid, uid in picks.chosen, True, picks.to.get(uid, "") if retreat else None)
        for uid in picks.units
    ]


def choice_rows(view: WargameView, choices: list[WargameMove]) -> list[Text]:
    """A decision's choices in words."""
    return [Text(choice_text(move, view)) for move in choices]


def pick_outcome(view: WargameView, seat: int, picks: Picks) -> Text:
    """What the ticks would do, and whether the rules allow it: "Lose 1 mob in N4 (c confirms)"."""
    move = picked_move(view, picks)
    words = choice_text(move, view)
    if isinstance(move, Subvert) and move.units:
        words += f" (strength {sum(view.unit(uid).strength for uid in move.units)})"
    if isinstance(move, Retreat) and view.combat is not None:
        words = f"from {view.combat.pending[0]}: {words}"
    text = Text(words[:1].upper() + words[1:], style="bold")
    if isinstance(move, (ChooseLosses, Disband)):
        text.append(leaders_dying(view, move.units), style="bold yellow")
    error = move_error(view, seat, move)
    if error:
        text.append(f"\nNot allowed: {error}.", style="yellow")
    else:
        text.append(" · c confirms", style="bold green")
    return text


def leaders_dying(view: WargameView, uids: tuple[str, ...]) -> str:
    """ "; rebel leaders 1 and 3 die with them (+4 VP to the government)" when losing uids kills leaders, else ""."""
    dying = leaders_lost_with(view, uids)
    if not dying:
        return ""
    verb = "dies" if len(dying) == 1 else "die"
    points, scorer = sum(leader_points(u) for u in dying), SIDE_NAMES[1 - dying[0].side]
    return f"; {and_list([u.name for u in dying])} {verb} with them (+{points} VP to the {scorer})"


def combat_odds(view: WargameView) -> Odds:
    """The odds of the combat in progress as the board stands."""
    combat = view.combat
    assert combat is not None
    return attack_odds(view, combat.side, combat.attackers, combat.targets, combat.leaders)


def leave_map_question(view: WargameView, move: MoveUnits) -> str:
    """What moving off the map costs, as the question before it."""
    uids = (*move.units, *(u.uid for u in view.on_map() if u.riding in move.units))
    leaders = [u for u in map(view.unit, uids) if u.is_leader]
    question = f"Move {unit_names(view, uids, 'from')} off the map? They never come back."
    if any(u.side == GOVERNMENT for u in leaders):
        question += " The Maximum Leader counts as dead: the rebels score 5 VP."
    elif leaders:
        each = " each" if len(leaders) > 1 else ""
        question += f" A leader who flees counts as dead: the government scores 2 VP{each}."
    return question


def last_attack(view: WargameView) -> str:
    """How this phase's last attack ended ("H6 at 1-1 (die 3): NE, no effect"; "The government at the Capitol
    surrender"), or "" before the first."""
    for event in reversed(view.log):
        if event.turn != view.turn or event.kind == "phase":
            break
        if event.kind == "combat":
            return event.text.split(" attack ", 1)[-1]
        if event.kind == "surrender" and event.text.endswith(" surrender"):
            return event.text
    return ""


def over_stacked_note(view: WargameView, side: int) -> str:
    """The over-stacked hexes side must move units out of before its move phase can end, or ""."""
    blocked = must_move_out(state_of(view), side)
    if not blocked:
        return ""
    limit = f"more than {STACKING_LIMIT} units besides leaders and helicopters"
    return f"Over-stacked ({limit}): {', '.join(blocked)}. Move units out before e ends the phase."
