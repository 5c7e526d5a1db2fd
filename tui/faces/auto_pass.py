"""Which kind of window (settings.AUTO_PASS) the viewer owes a pass in, for each card game; None where auto-pass
never answers: no pass to give, or a claim aimed at the viewer (an action at them or everyone, their own action
blocked or joined)."""

from __future__ import annotations

from core.cards.g54.roles import EVERYONE, ROLES
from core.cards.g54.views import G54View
from core.cards.moves import Move
from core.cards.views import CoupView

PASS = Move("pass")
G54_KINDS = {
    "claim": "challenge",
    "react": "challenge",
    "block": "block",
    "join": "join",
    "fund": "join",
    "lawyer": "join",
}


def owes_a_pass(view: CoupView | G54View) -> bool:
    """Whether the viewer owes the open window and may pass in it."""
    return view.viewer is not None and view.viewer in view.owed and PASS in view.legal


def coup_pass_kind(view: CoupView) -> str | None:
    """Coup and Reformation: a challenge of an action or a block, or a block of foreign aid, aimed elsewhere."""
    pending = view.pending
    if not owes_a_pass(view) or pending is None or view.viewer in (pending.actor, pending.target):
        return None
    return "block" if view.window == "block" else "challenge"


def g54_pass_kind(view: G54View) -> str | None:
    """G54: a challenge, a block or an offer to join, aimed elsewhere (an action at everyone is aimed at you too)."""
    if not owes_a_pass(view):
        return None
    pending = view.pending
    if pending is not None:
        everyone = pending.role is not None and ROLES[pending.role].aim == EVERYONE
        if everyone or view.viewer in (pending.actor, pending.target, pending.other):
            return None
    return G54_KINDS.get(view.window)
