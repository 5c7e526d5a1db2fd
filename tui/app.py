"""The Coup app: menu, table, dialogs; wires the menu's choices to a table."""

from __future__ import annotations

import logging
import traceback
from typing import Any

from textual.app import App
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.worker import WorkerFailed

from core.registry import get_game
from netplay.client import address_text
from netplay.storage import data_dir, write_private
from netplay.table import LocalTable, Table
from tui.games import tui_game
from tui.messages import Back, GameFinished, OpenJoin, StartGame
from tui.screens.confirm import ConfirmDialog
from tui.screens.join import Connected, JoinScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.settings import Settings

log = logging.getLogger(__name__)


class CoupApp(App[int]):
    """Opens the menu, or straight onto a given table (tests, quick starts)."""

    CSS_PATH = "coup.tcss"
    TITLE = "Coup"

    def __init__(
        self,
        settings: Settings | None = None,
        table: Any = None,
        join: tuple[str, int] | Connected | bool = False,
        scan_lan: bool = True,
    ) -> None:
        """table: open straight onto it; join: open the join screen (with an address: connect; with a connection
        already made: open its lobby)."""
        super().__init__()
        self.settings = settings or Settings()
        self.initial_table, self.join, self.scan_lan = table, join, scan_lan
        self.theme = "textual-dark"

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Textual's notify, its text always plain: notices carry names and hosts' words, never markup (a player named
        "[/]" crashed the screen that told of them). markup is not heeded: a screen's notify passes True unless told
        otherwise."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """Ctrl+C (which copies in a text field) says which key quits, in plain words: Textual's own notice is
        written in markup, which notices here never are."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {key} to quit the app.", title="Do you want to quit?")
                return

    def on_mount(self) -> None:
        if self.join and self.initial_table is None:
            # The menu is built only if the player goes back to it: styling its many widgets is most
            # of the cost of a new SSH session.
            if isinstance(self.join, Connected):
                self.push_screen(JoinScreen(self.settings, self.join.address, scan=False, connected=self.join))
                return
            address = address_text(*self.join) if isinstance(self.join, tuple) else ""
            self.push_screen(JoinScreen(self.settings, address, autoconnect=bool(address), scan=self.scan_lan))
            return
        self.push_screen(MenuScreen(self.settings))
        if self.initial_table is not None:
            self.push_screen(self.table_screen(self.initial_table))

    def table_screen(self, table: Any) -> Screen[None]:
        """The screen that plays table's game."""
        return tui_game(table.game.name).play(table, self.settings)

    async def action_quit(self) -> None:
        """Quit (ctrl+q); while a game is on, first ask, as leaving it with Esc does, saying what becomes of it: a
        game on this machine is lost, a host keeps a network seat for a while (and how to come back to it)."""
        if isinstance(self.screen, ConfirmDialog):
            return
        playing = [screen for screen in self.screen_stack if callable(on := getattr(screen, "game_on", None)) and on()]
        if not playing:
            self._quit()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._quit()

        lobby = next((screen for screen in self.screen_stack if isinstance(screen, LobbyScreen)), None)
        remote = getattr(getattr(playing[0], "table", None), "remote", False)  # else a game on this machine
        kept = lobby.seat_kept() if lobby is not None and remote else ""
        self.push_screen(ConfirmDialog(f"Quit coup? {kept or 'This game cannot be resumed.'}"), answered)

    def _quit(self) -> None:
        """Exit, a host we are connected to told that the player quits on purpose."""
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.quitting = True
        self.exit()

    def on_back(self, message: Back) -> None:
        """Close the screen, onto the menu (built now if the app started elsewhere)."""
        screen = message.screen
        if len(self.screen_stack) <= 2:
            self.switch_screen(MenuScreen(self.settings))
        else:
            screen.dismiss()

    def on_open_join(self, message: OpenJoin) -> None:
        """The join screen, from the menu."""
        self.push_screen(JoinScreen(self.settings, scan=self.scan_lan))

    def on_start_game(self, message: StartGame) -> None:
        config = get_game(message.game).load_config(
            {
                "players": len(message.names),
                "names": list(message.names),
                "first_player": message.first_player,
                **message.options,
            }
        )
        bots = {seat: level for seat, level in enumerate(message.levels, start=1)}
        table = Table(message.game, config, message.seed, bots, self.settings.bot_delay, self.settings.save_records)
        self.push_screen(self.table_screen(LocalTable(table, seat=0)))

    def on_game_finished(self, message: GameFinished) -> None:
        self.pop_screen()
        if message.choice == "quit":
            self.exit(0)
        elif getattr(message.table, "remote", False):
            if isinstance(self.screen, LobbyScreen):
                self.screen.game_left()
        elif message.choice == "again":
            old = message.table
            config = old.config
            levels = old.levels()
            seats = ("players", "names", "first_player")
            self.post_message(
                StartGame(
                    game=old.game.name,
                    names=config.seat_names(),
                    levels=tuple(levels[s] for s in range(1, config.players)),
                    seed=self.settings.new_seed(),
                    first_player=old.winner(),
                    options={k: v for k, v in config.to_dict().items() if k not in seats},
                )
            )

    def _handle_exception(self, error: Exception) -> None:
        """Never show a traceback: write it to a crash file and say where it is (tests still see
        the exception, as Textual's own handler arranges)."""
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        try:
            path = data_dir() / "crash.log"  # private: a traceback may quote a game's hidden cards
            write_private(path, "".join(traceback.format_exception(error)) + worker_traceback(error))
            where = f"details in {path}"
        except OSError:
            where = "and the crash report could not be written"
        log.error("internal error", exc_info=error)
        self.exit(
            return_code=1, message=f"coup stopped on an internal error ({type(error).__name__}: {error}); {where}"
        )


def worker_traceback(error: Exception) -> str:
    """A worker's failure carries the error it raised, whose traceback shows where (its own says only that it
    failed)."""
    cause = error.error if isinstance(error, WorkerFailed) else None
    if not isinstance(cause, BaseException):
        return ""
    return "\nThe worker raised:\n" + "".join(traceback.format_exception(cause))
