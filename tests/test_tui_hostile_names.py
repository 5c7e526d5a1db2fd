"""Names that look like Textual markup ("[/]", "[b]…", "[@click=…]") are shown as typed on every screen that names
players: a player so named once crashed the others' table screens over SSH (MarkupError)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Button, Static

from core.cards.moves import Move
from core.registry import get_game, make_bot
from core.sim import play_game
from netplay.table import LocalTable, Table
from tests.test_tui_net import wait_for
from tests.tui_helpers import app_on
from tui.screens.coach import THINKING, CoachPanel
from tui.screens.confirm import ConfirmDialog
from tui.screens.game_over import GameOverScreen
from tui.screens.table import TableScreen
from tui.screens.target import TargetDialog
from tui.widgets.seat_panel import SeatPanel

HOSTILE = ("[/]", "[b]Natasha", "[@click=app.quit]Sacha", "Haig[/b]")


def table_of(game: str, script: list[tuple[int, Move]] = (), first: int = 0, seed: int = 11, **options) -> LocalTable:
    config = get_game(game).load_config({"players": 4, "names": list(HOSTILE), "first_player": first, **options})
    table = LocalTable(Table(game, config, seed, bots={}, bot_delay=0, save_records=False))
    for seat, move in script:
        table.apply_move(seat, move)
    return table


def title_of(panel: SeatPanel) -> str:
    """A seat panel's border title as drawn (Textual keeps it as markup, the name escaped)."""
    return Content.from_markup(str(panel.border_title)).plain


def shown(widget: Static) -> str:
    return str(widget.render())


async def test_the_seats_the_targets_and_a_challenge_name_markup_players_as_typed():
    app = app_on(table_of("coup"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [title_of(panel) for panel in app.screen.query(SeatPanel)]
        assert any("[b]Natasha" in title for title in titles) and any("[/]" in title for title in titles)
        await pilot.press("s")  # steal: whom?
        await pilot.pause()
        assert isinstance(app.screen, TargetDialog)
        labels = [str(button.label) for button in app.screen.query(Button)]
        assert any("[@click=app.quit]Sacha" in label for label in labels)
        await pilot.press("escape")
    claimed = table_of("coup", [(1, Move("tax")), (2, Move("pass")), (3, Move("pass"))], first=1)
    app = app_on(claimed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "[b]Natasha's Duke" in shown(app.screen.query_one(".dialog-title", Static))
        app.notify("[/] lost connection")  # notices are plain text too
        app.screen.notify("[/] is not idle yet")  # (a screen's notify asks for markup unless told otherwise)
        await pilot.pause()


async def test_the_game_over_box_names_a_markup_winner_as_typed():
    game = get_game("coup")
    config = game.load_config({"players": 4, "names": list(HOSTILE), "first_player": 0})
    outcome = play_game(game, config, 3, [make_bot("coup", "rule", 3 + s) for s in range(4)])
    table = table_of("coup", seed=3)
    for seat, data in outcome.record.moves:
        table.apply_move(seat, Move.from_dict(data))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        title = shown(app.screen.query_one(".dialog-title", Static))
        assert title.startswith("Game over") and (HOSTILE[outcome.winner] in title or "You win" in title)


async def test_reformation_and_g54_tables_open_with_markup_names():
    for game, options in (("reformation", {}), ("g54", {"selection": "first"})):
        app = app_on(table_of(game, **options))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table_screen = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
            titles = [title_of(panel) for panel in table_screen.query(SeatPanel)]
            assert "Haig[/b]" in titles, (game, titles)


async def test_the_coach_names_markup_players_as_typed():
    app = app_on(table_of("coup"))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        panel = app.screen
        assert isinstance(panel, CoachPanel)
        text = panel.query_one("#coach-text", Static)
        await wait_for(pilot, lambda: shown(text) != THINKING, 30)
        assert all(name in shown(text) for name in HOSTILE[1:])  # the opponents, as typed
