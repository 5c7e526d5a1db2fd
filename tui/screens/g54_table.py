"""How the table screen shows and plays Coup: Rebellion G54: keys 1-5 for the roles in play, tokens on the
seats, the roles panel, and a dialog for each G54 window that needs more than a button."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widget import Widget

from core.cards.events import Event
from core.cards.g54.roles import BY_KIND, RICH_POOR, ROLE
from core.cards.g54.text import describe, move_label, purpose, situation, waiting_for
from core.cards.g54.views import G54SeatView, G54View
from core.cards.moves import Move
from core.cards.rules import COUP_COST
from core.cards.text import Speaker
from tui.screens.exchange import DRAW_ANOTHER, ExchangeDialog
from tui.screens.g54_rules import g54_rules_text
from tui.screens.pick_card import PickCardDialog
from tui.screens.rules import RulesScreen
from tui.screens.table import Choice, CoupFace
from tui.screens.target import TargetDialog
from tui.widgets.g54_roles_panel import RolesPanel
from tui.widgets.g54_seats import g54_seat_text

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
DIALOG_WINDOWS = ("lose", "exchange", "give", "produce")
REACTIONS = {
    "intellectual": "claiming Intellectual (+5 coins)",
    "missionary": "claiming Missionary (draw a card)",
}
LOSS_CAUSES = {
    "challenge": "you lost a challenge",
    "coup": "a coup",
    "disappear": "your Disappear token",
    "crime_boss": "you refused the Crime Boss",
    "general": "the General",
    "guerrilla": "the Guerrilla",
    "judge": "the Judge",
    "protestor": "the protest",
}


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
        choices.append(Choice(key, move_label(moves[0], view), moves))
    return choices


class G54Face(CoupFace):
    """The table screen's words, buttons, seats, panels and dialogs for G54."""

    dialog_windows = DIALOG_WINDOWS
    bound_keys = frozenset("r")

    def describe(self, event: Event, names: tuple[str, ...], viewer: int | None) -> str | None:
        return describe(event, names, viewer)

    def situation(self, view: G54View) -> str:  # type: ignore[override]
        """text.situation, with a warning on the turn the viewer's own Disappear token will fire."""
        warning = ""
        if view.window == "action" and view.viewer == view.active and view.viewer in view.disappear:
            warning = " Your Disappear token fires at the end of this turn: you will lose an influence."
        return situation(view) + warning

    def waiting_for(self, view: G54View) -> str:  # type: ignore[override]
        return waiting_for(view)

    def status(self, view: G54View) -> str:  # type: ignore[override]
        return f" Rebellion G54 · turn {view.turn} · deck {view.deck_count}"

    def status_extra(self, view: G54View) -> str:  # type: ignore[override]
        return ""

    def choices(self, view: G54View) -> list[Choice]:  # type: ignore[override]
        return g54_choices(view)

    def seat_text(self, view: G54View, seat: G54SeatView, show_hand: bool) -> Text:  # type: ignore[override]
        return g54_seat_text(seat, view, show_hand)

    def panels(self) -> Iterable[Widget]:
        return (RolesPanel(id="g54-roles"),)

    def show_panels(self, view: G54View) -> None:  # type: ignore[override]
        self.screen.query_one("#g54-roles", RolesPanel).show(view.roles, view.taxed)

    def rules(self) -> RulesScreen:
        return RulesScreen(g54_rules_text(self.screen.table.view().roles))

    # -- choosing -----------------------------------------------------------------------------

    def pick(self, choice: Choice, view: G54View) -> None:  # type: ignore[override]
        first = choice.moves[0]
        role = BY_KIND.get(first.kind)
        if view.window != "action" or (len(choice.moves) == 1 and first.target is None):
            self.screen.confirm_then_submit(first, view)
        elif role is not None and role.aim == RICH_POOR:
            self.ask_pair(choice.moves, view)
        elif role is not None and role.aim == ROLE:
            self.ask_role(choice.moves, view)
        else:
            targets = [(m.target, self.target_label(view, m.target)) for m in choice.moves if m.target is not None]
            title = "Coup (pay 7): choose a target" if role is None else f"{role.name}: {role.action} Choose a player."
            self.screen.ask_target(title, targets, first.kind)

    @staticmethod
    def target_label(view: G54View, seat: int) -> str:  # type: ignore[override]
        player = view.players[seat]
        who = "yourself" if seat == view.viewer else player.name
        tokens = f" [{', '.join(player.tokens)}]" if player.tokens else ""
        return f"{who} — {player.coins} coins, {player.influence} influence{tokens}"

    def ask_pair(self, moves: list[Move], view: G54View) -> None:
        """Communist: the richest player first, then the poorest among the pairs that are legal with it."""
        richest = list(dict.fromkeys(m.target for m in moves if m.target is not None))

        def rich_chosen(seat: int | None) -> None:
            if seat is None:
                return
            poorest = [m.other for m in moves if m.target == seat and m.other is not None]
            name = "yourself" if seat == view.viewer else view.players[seat].name
            dialog = TargetDialog(
                f"Communist: up to 3 coins go from {name} to… (the poorest)",
                [(p, self.target_label(view, p)) for p in poorest],
            )
            self.screen.app.push_screen(
                dialog, lambda poor: None if poor is None else self.screen.submit(Move("communist", seat, other=poor))
            )

        title = "Communist: take up to 3 coins from… (the richest)"
        dialog = TargetDialog(title, [(r, self.target_label(view, r)) for r in richest])
        self.screen.app.push_screen(dialog, rich_chosen)

    def ask_role(self, moves: list[Move], view: G54View) -> None:
        """Customs Officer: the role to tax."""
        roles = [m.card for m in moves if m.card is not None]
        title = "Customs Officer: tax which role? Everyone else pays you 1 coin whenever they claim it."
        self.screen.app.push_screen(PickCardDialog(title, roles, "1-5 or click"), self.screen.answer(moves[0].kind))

    def confirm_question(self, move: Move, view: G54View) -> str | None:  # type: ignore[override]
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
            claim = view.claim
            return f"Challenge {say.whose(claim.seat)} {claim.role}? If it is shown, you lose an influence."
        role = BY_KIND.get(move.kind)
        if role is not None and role.harm == "influence" and view.window == "action":
            return f"Claim the {role.name} to {purpose(say, move.kind, move.target, move.other, move.card)}?"
        return None

    # -- dialogs ------------------------------------------------------------------------------

    def open_dialog(self, view: G54View, hand: tuple[str, ...]) -> None:  # type: ignore[override]
        if view.window == "lose":
            self.ask_loss(view)
        elif view.window == "give" and view.pending is not None:
            actor = view.players[view.pending.actor].name
            title = f"{actor}'s Producer takes a card from you: which one do you hand over?"
            hint = f"{actor} then gives you one card back."
            self.screen.app.push_screen(PickCardDialog(title, list(hand), hint), self.screen.answer("give"))
        elif view.window == "exchange":
            self.ask_exchange(view, hand)
        elif view.window == "produce":
            self.ask_produce(view, hand)

    def ask_loss(self, view: G54View) -> None:
        """Reveal a card, or set one aside face down under a reactive claim."""
        options = {}
        for move in view.legal:
            if move.kind == "reveal":
                options[f"Reveal {move.card}"] = move
            else:
                options[f"Set {move.card} aside, {REACTIONS[move.kind]}"] = move
        cause = LOSS_CAUSES.get(view.loss_reason, view.loss_reason)
        title = f"You lose an influence ({cause}): which card?"
        hint = "A card set aside is lost face down. If someone challenges and it is not that role, you lose another."
        hint = hint if len(options) > len({m.card for m in view.legal}) else "1-9 or click"

        def chosen(label: str | None) -> None:
            if label is not None:
                self.screen.submit(options[label])

        self.screen.app.push_screen(PickCardDialog(title, list(options), hint), chosen)

    def ask_exchange(self, view: G54View, hand: tuple[str, ...]) -> None:
        """Director, Newscaster, Reporter, Writer: keep as many cards as you hold; a Writer may first draw more."""
        role = view.pending.role if view.pending is not None else "Exchange"
        can_draw = Move("draw") in view.legal
        title = f"{role}: keep {len(hand)} of these cards, return the rest"
        draw = "Draw another, pay 1" if can_draw else ""

        def kept(cards: tuple[str, ...] | None) -> None:
            if cards == DRAW_ANOTHER:
                self.screen.submit(Move("draw"))
            else:
                self.screen.keep(cards)

        self.screen.app.push_screen(ExchangeDialog(hand, view.drawn, title, draw_label=draw), kept)

    def ask_produce(self, view: G54View, hand: tuple[str, ...]) -> None:
        """Producer: keep as many cards as you hold, then choose which of the others the target gets back."""
        pending = view.pending
        assert pending is not None and pending.target is not None and view.given is not None
        target = view.players[pending.target].name
        giver = f"from {target}"
        sources = ("yours",) * len(hand) + (giver,) + ("drawn",) * len(view.drawn)
        title = f"Producer: keep {len(hand)}; next you give {target} one of the others"
        pool = (view.given, *view.drawn)

        def kept(cards: tuple[str, ...] | None) -> None:
            if not cards:
                return
            rest = [*hand, *pool]
            for card in cards:
                rest.remove(card)
            if len(set(rest)) == 1:
                self.screen.submit(Move("keep", card=rest[0], cards=cards))
                return
            ask = f"Give which card to {target}? The other goes back to the deck."

            def given(card: str | None) -> None:
                if card is not None:
                    self.screen.submit(Move("keep", card=card, cards=cards))

            self.screen.app.push_screen(PickCardDialog(ask, rest), given)

        dialog = ExchangeDialog(hand, pool, title, sources=sources, keep_count=len(hand))
        self.screen.app.push_screen(dialog, kept)
