"""A rematch at a network table: asking for one, answering another player's request, and the answers counting down."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Static

from tui.screens.footer_keys import FooterKeys
from tui.screens.listening import while_up

DECLINED = "declined"  # what the dialog returns when the player declines (or leaves): back to the lobby
MODES = {
    "bots": "A computer opponent takes the seat of anyone who declines.",
    "wait": "The new table waits for a new player in the seat of anyone who declines.",
}


def names_of(table: Any, seats: list[int]) -> str:
    """'Ana, Bob' for seats (by the table's names)."""
    names = table.names
    return ", ".join(names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}" for seat in seats)


def rematch_text(table: Any, now: float) -> str:
    """Where the rematch stands, for the player at table."""
    state = table.rematch
    if state is None:
        return "Asking the others for a rematch…"
    kind, mine = state.get("state"), table.seat
    if kind == "off":
        return "No rematch: nobody else accepted. Esc goes back to the lobby."
    if kind in ("started", "waiting"):
        went = mine in state.get("accepted", ())
        return "The rematch is ready: joining it…" if went else "The rematch goes on without you. Esc: the lobby."
    lines = []
    if mine in state.get("owed", ()):
        lines.append(f"{names_of(table, [state['by']])} asks for a rematch: a accepts, d declines.")
    for label, key in (("Accepted", "accepted"), ("Waiting for", "owed"), ("Declined", "declined")):
        if state.get(key):
            lines.append(f"{label}: {names_of(table, state[key])}")
    left = max(0, round((table.rematch_ends or now) - now))
    lines.append(f"{left} s left to answer. {MODES.get(str(state.get('mode')), '')}")
    return "\n".join(lines)


class RematchScreen(ModalScreen[str]):
    """Asks for a rematch (propose) or shows another player's request; returns DECLINED when the player declines
    or leaves. When the rematch starts, the lobby closes this screen and opens the new game."""

    BINDINGS = [
        ("a", "accept", "Accept"),
        ("d,escape", "decline", "Decline, back to the lobby"),
        ("d,escape", "withdraw", "Withdraw, back to the lobby"),  # (the same, once our answer is yes)
        ("escape", "lobby", "Back to the lobby"),  # (the same, once the vote is over)
    ]

    def __init__(self, table: Any, propose: bool) -> None:
        super().__init__(classes="dialog")
        self.table, self.propose = table, propose
        self.footer_keys = FooterKeys(self)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="rematch-box"):
            yield Static("Rematch", classes="dialog-title")
            yield Static(id="rematch-status")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Accept (a)", id="accept", variant="primary", compact=True)
                yield Button("Decline (d)", id="decline", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._unsubscribe = self.table.subscribe(while_up(self, lambda events: self._show()))
        if self.propose:
            self.table.answer_rematch(True)
        self._show()
        self.set_interval(0.5, self._show)

    def on_unmount(self) -> None:
        self._unsubscribe()

    def _show(self) -> None:
        status = rematch_text(self.table, asyncio.get_running_loop().time())
        self.query_one("#rematch-status", Static).update(Content(status))  # names as typed, never markup
        owed = self.table.rematch_owed()
        self.query_one("#accept", Button).display = owed
        decline = "Decline (d)" if owed else "Withdraw (d)" if self._voting() else "Lobby (Esc)"
        self.query_one("#decline", Button).label = decline
        self.footer_keys.refresh()

    def _voting(self) -> bool:
        """Whether the vote is still open (no word yet counts as open: our ask is on its way)."""
        state = self.table.rematch
        return state is None or state.get("state") == "open"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Accept and decline while our answer is owed, withdraw once it is given, back to the lobby once the vote is
        over."""
        owed, voting = bool(self.table.rematch_owed()), self._voting()
        shown = {"accept": owed, "decline": owed, "withdraw": voting and not owed, "lobby": not voting}
        return shown.get(action, True)

    def action_lobby(self) -> None:
        """Back to the lobby (the vote is over)."""
        self.dismiss(DECLINED)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "accept":
            self.action_accept()
        else:
            self.action_decline()

    def action_accept(self) -> None:
        """Accept the rematch asked for."""
        if self.table.rematch_owed():
            self.table.answer_rematch(True)

    def action_withdraw(self) -> None:
        """Take our yes back and go back to the lobby."""
        self.action_decline()

    def action_decline(self) -> None:
        """Decline (when the rematch still waits for answers) and go back to the lobby."""
        state = self.table.rematch
        if state is not None and state.get("state") == "open":
            self.table.answer_rematch(False)
        self.dismiss(DECLINED)


def play_again(screen: Screen[Any], table: Any, leave: Callable[[], None], propose: bool) -> None:
    """Open the rematch dialog over screen; when the player declines it, close what else is open over screen (the
    game-over dialog) and leave()."""

    def answered(choice: str | None) -> None:
        if choice == DECLINED:
            while screen.app.screen is not screen and screen in screen.app.screen_stack:
                screen.app.pop_screen()
            leave()

    screen.app.push_screen(RematchScreen(table, propose), answered)


def offer_rematch(screen: Screen[Any], table: Any, leave: Callable[[], None]) -> None:
    """Open the rematch dialog when another player asks for one and our answer is owed (once), in place of the
    game-over box: the table behind it shows the final hands."""
    if not getattr(table, "remote", False) or not table.rematch_owed():
        return
    if not any(isinstance(open_screen, RematchScreen) for open_screen in screen.app.screen_stack):
        while screen.app.screen is not screen and screen in screen.app.screen_stack:
            screen.app.pop_screen()  # the game-over box (or the log over it): the rematch box takes its place
        play_again(screen, table, leave, propose=False)
