"""The dialog that asks each question a face may return, and the decision its answer leads to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import ModalScreen

from tui.faces.decisions import AskCard, AskExamine, AskKeep, AskTarget, Decision
from tui.screens.examine import ExamineDialog
from tui.screens.exchange import DRAW_ANOTHER, ExchangeDialog
from tui.screens.pick_card import OptionalPickDialog, PickCardDialog
from tui.screens.target import TargetDialog

Ask = AskTarget | AskCard | AskKeep | AskExamine
FollowUp = Callable[[Any], Decision | None]
"""From a dialog's answer (None: cancelled) to what follows it (None: nothing)."""


def dialog_for(ask: Ask) -> tuple[ModalScreen[Any], FollowUp]:
    """The dialog asking ask, and what its answer decides."""
    if isinstance(ask, AskTarget):
        aimed = {target.seat: target.then for target in ask.targets}
        targets = [(target.seat, target.label) for target in ask.targets]
        return TargetDialog(ask.title, targets), lambda seat: None if seat is None else aimed[seat]
    if isinstance(ask, AskCard):
        options = ask.options
        dialog = (OptionalPickDialog if ask.cancellable else PickCardDialog)(ask.title, list(options), ask.hint)
        return dialog, lambda card: None if card is None else options[card]
    if isinstance(ask, AskKeep):
        draw_label = ask.draw.label if ask.draw is not None else ""
        exchange = ExchangeDialog(ask.hand, ask.pool, ask.title, ask.sources, draw_label, ask.keep_count)
        return exchange, lambda cards: kept(ask, cards)
    shown = {"return": ask.give_back, "force": ask.force}
    return ExamineDialog(ask.target, ask.card), lambda choice: shown.get(choice) if choice else None


def kept(ask: AskKeep, cards: tuple[str, ...] | None) -> Decision | None:
    """What the exchange dialog's answer decides: drawing one more card first, or keeping cards."""
    if cards is None:
        return None
    if cards == DRAW_ANOTHER and ask.draw is not None:
        return ask.draw.then
    return ask.then(cards)
