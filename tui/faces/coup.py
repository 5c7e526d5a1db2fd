"""The face of Coup and Reformation: their words, buttons, seats and the dialogs of their windows."""

from __future__ import annotations

from collections.abc import Iterable

from textual.screen import Screen
from textual.widget import Widget

from core.cards.events import Event
from core.cards.moves import Move
from core.cards.phrases import coins_text
from core.cards.rules import ACTIONS, CONVERT_OTHER_COST, CONVERT_SELF_COST
from core.cards.state import Player
from core.cards.text import challenge_prompt, describe, move_label, situation, waiting_for
from core.cards.views import CoupView
from tui.faces.auto_pass import coup_pass_kind
from tui.faces.base import Choice, bluff_note
from tui.faces.decisions import AskExamine, AskKeep, Decision, Play, ask_card, ask_target
from tui.screens.rules import RulesScreen, card_rules
from tui.widgets.coup_seats import coup_seat_parts
from tui.widgets.reference_card import ReferenceCard
from tui.widgets.seat_panel import SeatParts

ACTION_KEYS = {
    "income": "i",
    "foreign_aid": "f",
    "coup": "c",
    "tax": "t",
    "assassinate": "a",
    "steal": "s",
    "exchange": "e",
    "examine": "x",
    "convert": "v",
    "embezzle": "z",
}
ANSWER_KEYS = {"challenge": "c", "pass": "p", "prove": "y", "concede": "n"}
BLOCK_KEYS = ("b", "m")
CONFIRMED = {"coup", "assassinate", "challenge"}
DIALOG_WINDOWS = ("lose", "exchange", "setup", "allegiance", "show", "examine")
LOSS_CAUSES = {"challenge": "you lost a challenge", "coup": "a coup", "assassinate": "an assassination"}


def choices_for(view: CoupView) -> list[Choice]:
    """Group the viewer's legal moves into buttons: one per action (targets are asked after),
    one per answer. Windows answered in a dialog (lose, exchange, set-up) give none."""
    if view.window in DIALOG_WINDOWS:
        return []
    grouped: dict[str, list[Move]] = {}
    for move in view.legal:
        grouped.setdefault(move.kind if move.kind != "block" else f"block:{move.card}", []).append(move)
    choices = []
    blocks = 0
    for group, moves in grouped.items():
        if group.startswith("block:"):
            key, blocks = BLOCK_KEYS[blocks], blocks + 1
        else:
            key = ACTION_KEYS.get(group) or ANSWER_KEYS[group]
        choices.append(Choice(key, move_label(moves[0], view), tuple(moves)))
    return choices


def target_label(view: CoupView, seat: int) -> str:
    """A target dialog's line for seat."""
    player = view.players[seat]
    if seat == view.viewer:
        return f"yourself ({coins_text(CONVERT_SELF_COST)})"
    side = f", {player.allegiance}" if player.allegiance else ""
    return f"{player.name} — {coins_text(player.coins)}, {player.influence} influence{side}"


def confirm_question(move: Move, view: CoupView) -> str | None:
    """The question asked before move, or None to play it at once."""
    if move.kind == "embezzle" and not view.reserve:
        return "The Treasury Reserve is empty: Embezzle takes nothing, and can still be challenged. Embezzle anyway?"
    if move.kind not in CONFIRMED:
        return None
    if move.kind == "challenge":
        return challenge_prompt(view)
    target = view.players[move.target].name if move.target is not None else ""
    what = "Launch a coup against" if move.kind == "coup" else "Assassinate"
    return f"{what} {target} for {ACTIONS[move.kind].cost} coins?{bluff_note(ACTIONS[move.kind].claim, view)}"


class CoupFace:
    """What the table screen says and asks in Coup and Reformation."""

    bound_keys: frozenset[str] = frozenset()

    def describe(self, event: Event, names: tuple[str, ...], viewer: int | None) -> str | None:
        return describe(event, names, viewer)

    def status(self, view: CoupView) -> str:
        game = "Reformation" if view.reformation else "Coup"
        return f" {game} · turn {view.turn} · deck {view.deck_count} · treasury {view.treasury}"

    def status_extra(self, view: CoupView) -> str:
        return f" · reserve {view.reserve}" if view.reformation else ""

    def situation(self, view: CoupView) -> str:
        return situation(view)

    def waiting_for(self, view: CoupView) -> str:
        return waiting_for(view)

    def seat_parts(self, view: CoupView, seat: Player, show_hand: bool) -> SeatParts:
        return coup_seat_parts(seat, view.hands[seat.seat] if show_hand else None)

    def __init__(self) -> None:
        self.reference = ReferenceCard(id="reference-card")

    def panels(self) -> Iterable[Widget]:
        return (self.reference,)

    def show_panels(self, view: CoupView) -> None:
        self.reference.show(view.inquisitor, view.reformation)

    def rules(self, view: CoupView) -> Screen[None]:
        return RulesScreen(card_rules(view.reformation))

    def choices(self, view: CoupView) -> list[Choice]:
        return choices_for(view)

    def pick(self, choice: Choice, view: CoupView) -> Decision:
        """Play the button's move, or ask for a target first when the action has one."""
        first = choice.moves[0]
        if first.target is None:
            return Play(first, confirm_question(first, view))
        title = f"{ACTIONS[first.kind].label}: choose a target"
        if first.kind == "convert":
            title = f"Convert: choose whom ({coins_text(CONVERT_OTHER_COST)}, yourself {CONVERT_SELF_COST})"
        return ask_target(
            title, choice.moves, lambda seat: target_label(view, seat), lambda move: confirm_question(move, view)
        )

    def dialog(self, view: CoupView, hand: tuple[str, ...]) -> Decision | None:
        pending = view.pending
        if view.window == "lose":
            cause = LOSS_CAUSES.get(view.loss_reason, view.loss_reason)
            return ask_card(f"You lose an influence ({cause}): reveal which card?", hand, "reveal")
        if view.window == "exchange":
            return AskKeep(hand, view.drawn, lambda cards: Play(Move("keep", cards=cards)))
        if view.window == "setup":
            title = "Two-player variant: keep which card of your set of five?"
            return ask_card(title, view.choices, "choose", "The other four are discarded face down.")
        if view.window == "allegiance":
            title = "You start: choose your allegiance. The others alternate clockwise from you."
            return ask_card(title, ("Loyalist", "Reformist"), "allegiance")
        if view.window == "show" and pending is not None:
            title = f"{view.players[pending.actor].name} examines you: which card do you show?"
            return ask_card(title, hand, "show", "Only they see it.")
        if view.window == "examine" and pending is not None and pending.target is not None and view.examined:
            target = view.players[pending.target].name
            return AskExamine(target, view.examined, give_back=Play(Move("return")), force=Play(Move("force")))
        return None

    def pass_kind(self, view: CoupView) -> str | None:
        return coup_pass_kind(view)
