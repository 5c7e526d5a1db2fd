"""Chat on screen: the line at the bottom a key opens, and chat lines in a log, marked apart from the game's events
and always shown as plain text (never as markup)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, RichLog

from netplay.chat import KEPT, TEXT_LIMIT, Said
from tui.widgets.text_field import TextField

CHAT_KEY = "apostrophe"  # free on every screen with chat: the card tables, the wargame's map, the lobby
LOCAL = "Chat is for network tables."
STYLES = {"lobby": "bold cyan", "table": "bold cyan", "spectators": "bold magenta"}


def chat_text(said: Said) -> Text:
    """'» Ana: text' (a spectator's: '» Ana (watching): text'), its mark and name styled, its words as they are."""
    who = f"» {said.name}" + (" (watching)" if said.scope == "spectators" else "")
    return Text.assemble((f"{who}: ", STYLES[said.scope]), said.text)


def follow_chat(table: Any, log: RichLog) -> Callable[[], None]:
    """Write a remote table's chat into log, what was said so far first, then each new line; the unsubscribe (a
    local table has no chat: nothing to follow)."""
    chat = getattr(table, "chat", None)
    if chat is None:
        return lambda: None
    for said in chat.lines:
        log.write(chat_text(said))
    unsubscribe: Callable[[], None] = chat.subscribe(lambda said: log.write(chat_text(said)))
    return unsubscribe


WATCHERS_HEAR = "Only the other watchers hear you, not the players (Enter sends, Esc cancels)"


class ChatLine(TextField):
    """The chat line: hidden until opened; Enter says what was typed, Esc closes it unsaid."""

    DEFAULT_CSS = """
    ChatLine {
        display: none;
        height: 1;
        border: none;
        padding: 0 1;
    }
    ChatLine:focus {
        border: none;
    }
    """
    BINDINGS = [Binding("escape", "close", "Close chat")]

    class Said(Message):
        """Someone typed a line to say."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, placeholder: str = "Say something (Enter sends and closes the line, Esc cancels)") -> None:
        """placeholder: what the empty line says (who hears it, and the keys)."""
        super().__init__(placeholder=placeholder, max_length=TEXT_LIMIT, id="chat-line")
        self.can_focus = False  # closed, it takes no keys (a screen focuses its first focusable widget)
        self._before: Widget | None = None

    def open(self) -> None:
        """Show the line and type into it."""
        if not self.has_focus:
            self._before = self.screen.focused
        self.display = self.can_focus = True
        self.focus()

    def action_close(self) -> None:
        """Hide the line, forgetting what was typed, and give the keys back to what had them."""
        self.value = ""
        self.display = self.can_focus = False
        before, self._before = self._before, None
        self.screen.set_focus(before if before is not None and before.is_attached else None)

    @on(Input.Submitted)
    def _send(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text:
            self.post_message(self.Said(text))
        self.action_close()


class ChatPane(RichLog):
    """The lobby's chat: a few lines under the tables, hidden until someone speaks or the chat line opens."""

    DEFAULT_CSS = """
    ChatPane {
        display: none;
        height: 5;
        border-top: solid $secondary;
        padding: 0 1;
        background: $surface;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="lobby-chat", wrap=True, markup=False, auto_scroll=True, min_width=20, max_lines=KEPT)
        self.can_focus = False

    def hear(self, said: Said) -> None:
        """Show a line (and the pane)."""
        self.display = True
        self.write(chat_text(said))
