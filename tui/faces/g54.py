"""The face of Coup: Rebellion G54: keys 1-5 for the roles in play, tokens on the seats, the roles panel, and
what each choice asks (a target, the Communist's pair, the Customs Officer's role)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.screen import Screen
from textual.widget import Widget

from core.cards.events import Event
from core.cards.g54.roles import BY_KIND, RICH_POOR, ROLE
from core.cards.g54.state import G54Player
from core.cards.g54.text import describe, move_label, purpose, situation, waiting_for
from core.cards.g54.views import G54View
from core.cards.moves import Move
from core.cards.phrases import challenge_question, coins_text
from core.cards.rules import COUP_COST
from core.cards.text import Speaker
from tui.faces.auto_pass import g54_pass_kind
from tui.faces.base import Choice, bluff_note
from tui.faces.decisions import AskTarget, Decision, Play, Target, ask_card, ask_target
from tui.faces.g54_dialogs import DIALOG_WINDOWS, g54_dialog
from tui.screens.g54_rules import g54_rules_text
from tui.screens.rules import RulesScreen
from tui.widgets.g54_roles_panel import RolesPanel
from tui.widgets.g54_seats import g54_seat_parts
from tui.widgets.seat_panel import SeatParts

KEYS = {
    "income": "i",
    "coup": "c",
    "challenge": "c",
    "pass": "p",
    "prove": "y",
    "concede": "n",
    "block": "b",
    "join": "j",
    "pay": "y",
    "refuse": "n",
    "claim": "l",
}
"""Keys of the general actions and the answers; a role's action has its number in the roles panel."""


def g54_choices(view: G54View) -> list[Choice]:
    """One button per general action, per role action (keyed by the role's number) and per answer."""
    if view.window in DIALOG_WINDOWS:
        return []
    grouped: dict[str, list[Move]] = {}
    for move in view.legal:
        grouped.setdefault(move.kind, []).append(move)
    choices = []
    for kind, moves in grouped.items():
        role = BY_KIND.get(kind)
        key = str(view.roles.index(role.name) + 1) if role is not None else KEYS[kind]
        choices.append(Choice(key, move_label(moves[0], view), tuple(moves)))
    return choices


def target_label(view: G54View, seat: int) -> str:
    """A target dialog's line for seat: coins, influence and tokens."""
    player = view.players[seat]
    who = "yourself" if seat == view.viewer else player.name
    held = view.tokens[seat]
    tokens = f" [{', '.join(held)}]" if held else ""
    return f"{who} — {coins_text(player.coins)}, {player.influence} influence{tokens}"


def confirm_question(move: Move, view: G54View) -> str | None:
    """The question asked before move, or None to play it at once."""
    say = Speaker([p.name for p in view.players], view.viewer)
    if move.kind == "coup":
        return f"Launch a coup against {say.who(move.target, False)} for {COUP_COST} coins?"
    if move.kind == "challenge" and view.window == "react" and view.claim is not None:
        claim = view.claim
        return (
            f"Challenge {say.whose(claim.seat)} claim that the card set aside is the {claim.role}? "
            "If it is, you lose an influence; if not, they lose another."
        )
    if move.kind == "challenge" and view.claim is not None:
        return challenge_question(say, view.claim.seat, view.claim.role)
    role = BY_KIND.get(move.kind)
    if role is not None and role.harm == "influence" and view.window == "action":
        question = f"Claim the {role.name} to {purpose(say, move.kind, move.target, move.other, move.card)}?"
        return question + bluff_note(role.name, view)
    return None


def ask_pair(moves: tuple[Move, ...], view: G54View) -> AskTarget:
    """Communist: the richest player first, then the poorest among the pairs that are legal with it."""
    richest = dict.fromkeys(m.target for m in moves if m.target is not None)

    def poorest_for(rich: int) -> AskTarget:
        name = "yourself" if rich == view.viewer else view.players[rich].name
        poorest = [m.other for m in moves if m.target == rich and m.other is not None]
        targets = (Target(p, target_label(view, p), Play(Move("communist", rich, other=p))) for p in poorest)
        return AskTarget(f"Communist: up to 3 coins go from {name} to… (the poorest)", tuple(targets))

    title = "Communist: take up to 3 coins from… (the richest)"
    return AskTarget(title, tuple(Target(r, target_label(view, r), poorest_for(r)) for r in richest))


class G54Face:
    """What the table screen says and asks in G54; it keeps the roles panel it shows beside the log."""

    bound_keys: frozenset[str] = frozenset("r")

    def __init__(self) -> None:
        self.roles_panel = RolesPanel(id="g54-roles")

    def describe(self, event: Event, names: tuple[str, ...], viewer: int | None) -> str | None:
        return describe(event, names, viewer)

    def status(self, view: G54View) -> str:
        return f" Rebellion G54 · turn {view.turn} · deck {view.deck_count}"

    def status_extra(self, view: G54View) -> str:
        return ""

    def situation(self, view: G54View) -> str:
        """text.situation, with a warning on the turn the viewer's own Disappear token will fire."""
        warning = ""
        if view.window == "action" and view.viewer == view.active and view.viewer in view.disappear:
            warning = " Your Disappear token fires at the end of this turn: you will lose an influence."
        return situation(view) + warning

    def waiting_for(self, view: G54View) -> str:
        return waiting_for(view)

    def seat_parts(self, view: G54View, seat: G54Player, show_hand: bool) -> SeatParts:
        return g54_seat_parts(seat, view, show_hand)

    def panels(self) -> Iterable[Widget]:
        return (self.roles_panel,)

    def show_panels(self, view: G54View) -> None:
        self.roles_panel.show(view.roles, view.taxed)

    def rules(self, view: G54View) -> Screen[None]:
        return RulesScreen(g54_rules_text(view.roles))

    def choices(self, view: G54View) -> list[Choice]:
        return g54_choices(view)

    def pick(self, choice: Choice, view: G54View) -> Decision:
        """Play the button's move, or first ask its target: a player, the Communist's pair or the taxed role."""
        first = choice.moves[0]
        role = BY_KIND.get(first.kind)
        if view.window != "action" or (len(choice.moves) == 1 and first.target is None):
            return Play(first, confirm_question(first, view))
        if role is not None and role.aim == RICH_POOR:
            return ask_pair(choice.moves, view)
        if role is not None and role.aim == ROLE:
            title = "Customs Officer: tax which role? Everyone else pays you 1 coin whenever they claim it."
            roles = [m.card for m in choice.moves if m.card is not None]
            return ask_card(title, roles, first.kind, cancellable=True)  # (another action may still be chosen)
        title = "Coup (pay 7): choose a target" if role is None else f"{role.name}: {role.action} Choose a player."
        return ask_target(
            title, choice.moves, lambda seat: target_label(view, seat), lambda move: confirm_question(move, view)
        )

    def dialog(self, view: G54View, hand: tuple[str, ...]) -> Decision | None:
        return g54_dialog(view, hand)

    def pass_kind(self, view: G54View) -> str | None:
        return g54_pass_kind(view)
