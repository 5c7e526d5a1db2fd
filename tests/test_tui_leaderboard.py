"""The leaderboard screen on a real host over 127.0.0.1, through keys: opened from the lobby, sorted, paged, one
game kind at a time, the player's own row highlighted."""

from __future__ import annotations

from textual.widgets import DataTable, Static, Tabs

from netplay.identity import profile_identity
from netplay.stats import PAGE_ROWS
from tests.test_tui_net import host, wait_for  # noqa: F401  (host is a fixture)
from tests.tui_helpers import quick_settings
from tui.app import CoupApp
from tui.screens.leaderboard import LeaderboardScreen
from tui.screens.lobby import LobbyScreen


def column(grid: DataTable, index: int) -> list[str]:
    """The text of one column of the table, top to bottom."""
    return [str(grid.get_row_at(row)[index]) for row in range(grid.row_count)]


def seed_board(server, me: str) -> None:
    """Twenty players who each beat the rule bot once (P00 to P19), then me, who lost to it twice."""
    for number in range(20):
        server.stats.count(f"s{number}:1", "coup", [(f"profile:{number:02}", f"P{number:02}"), ("bot:rule", "?")], 0)
    for number in range(2):
        server.stats.count(f"m{number}:1", "coup", [(me, "Player"), ("bot:rule", "Computer (rule)")], 1)


async def test_the_leaderboard_from_the_lobby_sorts_pages_and_highlights_the_players_row(host):  # noqa: F811
    server, port = host
    settings = quick_settings()
    app = CoupApp(settings=settings, join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        seed_board(server, profile_identity(settings.credentials["profile"]))
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
        board = app.screen
        grid = board.query_one("#board", DataTable)
        await wait_for(pilot, lambda: grid.row_count == PAGE_ROWS)
        assert column(grid, 1)[:2] == ["P00", "P01"]  # the first to beat the bot gained the most
        mine = board.query_one("#board-you", Static)
        assert "You: #21 Player · 2 games, 0 wins (0%), rating 14" in str(mine.render())  # on another page: said

        await pilot.press("right_square_bracket")
        await wait_for(pilot, lambda: grid.row_count == 22 - PAGE_ROWS)
        assert column(grid, 0)[-2:] == ["▶21", "22"] and column(grid, 1)[-2:] == ["Player", "Computer (rule)"]
        assert grid.cursor_row == grid.row_count - 2  # the cursor on the player's own row
        assert str(mine.render()) == ""

        await pilot.press("2")  # by wins: P00…P19 have one each, the bot two
        await wait_for(pilot, lambda: board.page == 0 and grid.row_count == PAGE_ROWS)
        await wait_for(pilot, lambda: column(grid, 3)[:2] == ["2", "1"])
        await pilot.press("3")  # by games
        await wait_for(pilot, lambda: column(grid, 2)[:2] == ["22", "2"])

        await pilot.press("g")
        await wait_for(pilot, lambda: grid.row_count == 0)
        assert board.query_one(Tabs).active == "reformation"
        assert "Nobody has finished a game of it here yet" in str(board.query_one("#board-help", Static).render())
        assert "no Coup: Reformation game" in str(mine.render())
        await pilot.press("shift+g")
        await wait_for(pilot, lambda: grid.row_count == PAGE_ROWS)

        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_the_leaderboard_opens_on_the_game_last_played_in_the_lobby(host):  # noqa: F811
    _, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        app.screen.last_game = "g54"  # as game_left sets it, back from a game of G54
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
        board = app.screen
        await wait_for(pilot, lambda: "Rebellion G54 by rating" in str(board.query_one("#board-help").render()))
        assert board.game == "g54" and board.query_one(Tabs).active == "g54"
        await pilot.press("g")  # and g goes on from there
        await wait_for(pilot, lambda: board.query_one(Tabs).active == "wargame")
