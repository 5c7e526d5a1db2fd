"""A host's leaderboard, one game kind at a time: players and computer levels by rating, wins, games or win rate, a
page at a time, the player's own row highlighted (and under the page when it ranks elsewhere)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, Tab, Tabs

from core.registry import GAMES, game_spec
from netplay.client import HostError

Ask = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]  # a request to the host, its reply (HostError if refused)
COLUMNS = ("#", "Name", "Games", "Wins", "Win %", "Rating")
SORTS = ("rating", "wins", "games", "rate")  # by the keys 1-4
SORT_WORDS = {"rating": "rating", "wins": "wins", "games": "games played", "rate": "win rate"}
COLUMN_SORTS = {"Rating": "rating", "Wins": "wins", "Games": "games", "Win %": "rate"}  # a header click sorts by it
MINE = "bold"  # and the cursor starts on it


def win_rate(row: dict[str, Any]) -> str:
    """'42%': the share of the row's games won."""
    games = int(row.get("games", 0))
    return f"{round(100 * int(row.get('wins', 0)) / games)}%" if games else "—"


def cells(row: dict[str, Any]) -> list[Text]:
    """A leaderboard row as the table shows it (the player's own row marked and highlighted)."""
    mine = bool(row.get("you"))
    rank = f"▶{row['rank']}" if mine else str(row["rank"])
    values = [rank, str(row["name"]), str(row["games"]), str(row["wins"]), win_rate(row), str(row["rating"])]
    right = (0, 2, 3, 4, 5)
    return [
        Text(value, style=MINE if mine else "", justify="right" if index in right else "left")
        for index, value in enumerate(values)
    ]


def own_line(reply: dict[str, Any], title: str) -> str:
    """What the line under the page says of the player's own standing."""
    mine = reply.get("you")
    if mine is None:
        return f" You have no {title} game on this host yet."
    return (
        f" You: #{mine['rank']} {mine['name']} · {mine['games']} games, {mine['wins']} wins ({win_rate(mine)}),"
        f" rating {mine['rating']}"
    )


class LeaderboardScreen(Screen[None]):
    """Asks the host (through ask) for a page of one game's leaderboard whenever the game, sort or page changes."""

    DEFAULT_CSS = """
    LeaderboardScreen #board { height: 1fr; }
    LeaderboardScreen #board-you { height: 1; color: $text-accent; }
    LeaderboardScreen #board-help { padding: 0 1; color: $text-muted; }
    LeaderboardScreen Tabs { height: 2; }
    """
    BINDINGS = [
        ("g", "next_game(1)", "Next game"),
        Binding("shift+g", "next_game(-1)", "Previous game", show=False),
        ("1", "sort('rating')", "Rating"),
        ("2", "sort('wins')", "Wins"),
        ("3", "sort('games')", "Games"),
        ("4", "sort('rate')", "Win %"),
        Binding("left_square_bracket", "page(-1)", "Page", key_display="[ ]"),
        Binding("right_square_bracket", "page(1)", "Next page", show=False),
        ("escape", "app.pop_screen", "Back"),
    ]

    game: reactive[str] = reactive(next(iter(GAMES)), init=False)
    sort: reactive[str] = reactive("rating", init=False)
    page: reactive[int] = reactive(0, init=False)

    def __init__(self, ask: Ask, host: str = "the host", game: str | None = None) -> None:
        """game: the board it opens on (the first game's when None or not a game's name)."""
        super().__init__()
        self.ask, self.host = ask, host
        self.pages = 1
        if game in GAMES:
            self.set_reactive(LeaderboardScreen.game, game)

    def compose(self) -> ComposeResult:
        yield Static(Content(f" Leaderboard of {self.host}"), id="status-bar")
        yield Tabs(*(Tab(game_spec(name).title, id=name) for name in GAMES), active=self.game, id="board-games")
        yield DataTable(id="board", cursor_type="row", zebra_stripes=True)
        yield Static(id="board-you")
        yield Static(id="board-help")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#board", DataTable).add_columns(*COLUMNS)
        self.query_one("#board", DataTable).focus()
        self.fetch()

    def watch_game(self) -> None:
        self.page = 0
        self.query_one(Tabs).active = self.game
        self.fetch()

    def watch_sort(self) -> None:
        self.page = 0
        self.fetch()

    def watch_page(self) -> None:
        self.fetch()

    @on(Tabs.TabActivated)
    def _tab(self, event: Tabs.TabActivated) -> None:
        if event.tab.id is not None and event.tab.id != self.game:
            self.game = event.tab.id

    @on(DataTable.HeaderSelected)
    def _header(self, event: DataTable.HeaderSelected) -> None:
        sort = COLUMN_SORTS.get(str(event.label))
        if sort is not None:
            self.sort = sort

    def action_next_game(self, step: int) -> None:
        """Show the next (or previous) game kind's board."""
        names = list(GAMES)
        self.game = names[(names.index(self.game) + step) % len(names)]

    def action_sort(self, sort: str) -> None:
        """Sort by rating, wins, games or win rate."""
        self.sort = sort

    def action_page(self, step: int) -> None:
        """Turn to the next or previous page."""
        self.page = min(max(0, self.page + step), self.pages - 1)

    @work(exclusive=True, group="board")
    async def fetch(self) -> None:
        """Ask the host for the page in view, and show it."""
        request = {"type": "leaderboard", "game": self.game, "sort": self.sort, "page": self.page}
        try:
            reply = await self.ask(request)
        except (HostError, ConnectionError, TimeoutError) as error:
            self.query_one("#board-help", Static).update(Content(f"The host did not answer: {error or 'no answer'}"))
            return
        self.show(reply)

    def show(self, reply: dict[str, Any]) -> None:
        """Fill the table with a leaderboard reply."""
        self.pages = int(reply.get("pages", 1))
        title = game_spec(self.game).title
        grid = self.query_one("#board", DataTable)
        grid.clear()
        rows: list[dict[str, Any]] = reply.get("rows", [])
        for row in rows:
            grid.add_row(*cells(row))
        mine = next((index for index, row in enumerate(rows) if row.get("you")), None)
        if mine is not None:
            grid.move_cursor(row=mine)
        self.query_one("#board-you", Static).update("" if mine is not None else own_line(reply, title))
        where = f"{title} by {SORT_WORDS[self.sort]}, page {self.page + 1} of {self.pages}."
        empty = " Nobody has finished a game of it here yet." if not rows else ""
        help_text = f"{where}{empty} 1-4 or a click on a column sorts."
        self.query_one("#board-help", Static).update(help_text)
