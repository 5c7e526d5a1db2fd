"""A host's lobby: its tables and their seats; create, join, watch, add computer opponents, start."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from core.registry import game_spec
from netplay.client import Client, HostError, connect_again, parse_address
from netplay.remote import RemoteTable
from tui.games import tui_game
from tui.screens.new_table import NewTableDialog
from tui.settings import record_line


def game_text(table: dict[str, Any]) -> str:
    """'g54 (first game)', 'coup (Inquisitor)': the game and the options that change it."""
    try:
        extras = game_spec(table["game"]).option_words(table.get("options", {}))
    except ValueError:  # a game this client does not know: its name alone
        extras = []
    return str(table["game"]) + (f" ({'; '.join(extras)})" if extras else "")


def seats_text(table: dict[str, Any]) -> str:
    """'Ana, Natasha (rule), open, open'."""
    words = []
    for seat in table["seats"]:
        if seat["kind"] == "open":
            words.append("open")
        elif seat["kind"] == "bot":
            words.append(f"{seat['name']} ({seat['level']})")
        else:
            words.append(seat["name"] + ("" if seat.get("connected", True) else " (away)"))
    return ", ".join(words)


UNCLAIMED_LIMIT = 8


def state_text(table: dict[str, Any]) -> str:
    """'waiting', 'playing · 2 watching', 'over: Ana won'."""
    if table["over"]:
        state = f"over: {table['winner']} won" if table.get("winner") else "over"
    else:
        state = "playing" if table["started"] else "waiting"
    watching = table.get("spectators", 0)
    return state + (f" · {watching} watching" if watching else "")


def timer_text(table: dict[str, Any]) -> str:
    """'30 s' a decision, or '—' for no clock."""
    timer = table.get("timer")
    return f"{timer:g} s" if isinstance(timer, (int, float)) else "—"


class LobbyScreen(Screen[None]):
    """Talks to the host through client; opens the table screen when our game starts."""

    BINDINGS = [
        ("n", "new", "New table"),
        ("j", "join", "Join"),
        ("w", "watch", "Watch"),
        ("f", "fill('rule')", "Add computer opponents"),
        ("e", "fill('expert')", "Experts"),
        ("s", "start", "Start"),
        ("r", "refresh", "Refresh"),
        ("slash", "search", "Search"),
        ("left_square_bracket", "page(-1)", "Page"),
        ("right_square_bracket", "page(1)", ""),
        ("escape", "disconnect", "Disconnect"),
    ]

    def __init__(self, client: Client, address: str, settings: Any) -> None:
        super().__init__()
        self.client, self.address, self.settings = client, address, settings
        self.tables: list[dict[str, Any]] = []
        self.remote: RemoteTable | None = None
        self.my_table: str | None = None
        self._waiting_for_view = False
        self._playing = False  # our table's screen is open (a resume after a reconnect must not open another)
        self._leaving = False
        self.page, self.pages, self.search = 0, 1, ""
        self._unclaimed: list[dict[str, Any]] = []  # updates that came before the reply naming their table

    def compose(self) -> ComposeResult:
        host = self.client.welcome.get("host", "host")
        yield Static(f" Lobby of {host} at {self.address}", id="status-bar")
        if self.settings.notice:
            yield Static(self.settings.notice, id="lobby-notice")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Input(placeholder="Find a table: its id, game or a player's name (Enter; empty shows all)", id="search")
        yield Static(id="lobby-help")
        yield Footer()

    def on_mount(self) -> None:
        grid = self.query_one("#tables", DataTable)
        grid.add_columns("Table", "Game", "State", "Timer", "Seats")
        self.client.on_message = self.from_host
        self.action_refresh()
        self._show_record()

    # -- host messages -----------------------------------------------------------------------

    def from_host(self, message: dict[str, Any]) -> None:
        """A message as the connection's reader hears it: handled on the app's own turn, in its context
        (a connection made before the app ran, by `coup join ADDR`, reads outside it)."""
        self.app.call_later(self.on_host_message, message)

    def on_host_message(self, message: dict[str, Any]) -> None:
        """Every message from the host that is not a reply to a request."""
        if not self.is_attached:
            return
        kind = message.get("type")
        if kind == "tables" and (self.page or self.search):
            self.action_refresh()  # the broadcast is the first page of everything: ask for what we are looking at
        elif kind == "tables":
            self._show_tables(message)
        elif kind == "joined":
            self._joined(message)
        elif kind == "started":
            self._started(message)
        elif kind == "update":
            if self.remote is not None and self.remote.table_id == message.get("table"):
                self._take_update(message)
            else:  # a spectator's first updates can come before its request's reply has been handled
                self._unclaimed = [*self._unclaimed[-(UNCLAIMED_LIMIT - 1) :], message]
        elif kind == "notice":  # news of our table from the host (a game rolled back after a restart)
            self.notify(str(message.get("message", "")), title="Host", timeout=20)
        elif kind == "error":
            if self.remote is not None and self.remote.has_view():
                self.remote.handle(message)
            else:
                self.notify(message.get("message", "refused"), title="Host", severity="error")
        elif kind == "closed" and not self._leaving and self.client.closed.is_set():  # not an old connection's end
            if self.remote is not None:
                self.remote.handle(message)
            self._reconnect()

    def _show_tables(self, message: dict[str, Any]) -> None:
        tables: list[dict[str, Any]] = message["tables"]
        self.tables, self.page, self.pages = tables, message.get("page", 0), message.get("pages", 1)
        grid = self.query_one("#tables", DataTable)
        row = grid.cursor_row
        grid.clear()
        for table in tables:
            mine = " ◀ you" if table["id"] == self.my_table else ""
            grid.add_row(table["id"] + mine, game_text(table), state_text(table), timer_text(table), seats_text(table))
        if tables:
            grid.move_cursor(row=min(row, len(tables) - 1))
        help_text = "n new table · j join · w watch · f add computer opponents (e: experts) · s start"
        if self.my_table is not None:
            help_text = f"You are at table {self.my_table}: wait for players; f seats computers (e: experts); s starts."
        elif not tables:
            help_text = f"No table matches {self.search!r}." if self.search else "No tables yet: press n to create one."
        where = f"Tables matching {self.search!r}. " if self.search else ""
        if self.pages > 1:
            where += f"Page {self.page + 1} of {self.pages} ([ and ] turn pages, / finds a table). "
        self.query_one("#lobby-help", Static).update(where + help_text)

    def _joined(self, message: dict[str, Any]) -> None:
        self.my_table = message["table"]
        remote = self.remote
        if remote is not None and (remote.table_id, remote.seat) == (message["table"], message["seat"]):
            remote.client = self.client  # the same seat over a new connection: the open table screen goes on
        else:
            table, seat, game = message["table"], message["seat"], message["game"]
            self.remote = RemoteTable(self.client, table, seat, game, coach=message.get("coach") is True)
        self._show_tables({"tables": self.tables, "page": self.page, "pages": self.pages})
        if message.get("resumed"):
            self.notify(f"Back at table {message['table']}, seat {message['seat'] + 1}.")

    def _started(self, message: dict[str, Any]) -> None:
        if self.remote is not None and self.remote.table_id == message["table"] and not self._playing:
            self._waiting_for_view = not self.remote.has_view()
            if not self._waiting_for_view:
                self._open_table()

    def _take_update(self, message: dict[str, Any]) -> None:
        """An update for our table: to the remote table, opening its screen at the first one."""
        assert self.remote is not None
        self.remote.handle(message)
        if self._waiting_for_view and self.remote.has_view():
            self._waiting_for_view = False
            self._open_table()

    def _open_table(self) -> None:
        assert self.remote is not None
        self._playing = True
        self.app.push_screen(tui_game(self.remote.game_name).play(self.remote, self.settings))

    @work(exclusive=True, group="reconnect")
    async def _reconnect(self) -> None:
        """Connect again with backoff, as the same identity, so the host gives our seat back with its full view."""

        def waiting(delay: float, attempt: int) -> None:
            self._say(f"Connection to the host lost: trying again in {delay:g} s (attempt {attempt}).")

        try:
            client = await connect_again(
                parse_address(self.address),
                self.settings.player_name,
                self.settings.host_credentials(),
                self.from_host,
                waiting,
            )
        except HostError as error:
            self._say(f"The host refused us: {error}")
            return
        self.client = client
        self.notify("Reconnected to the host.")
        try:
            await client.request({"type": "stats"})  # by its reply, a seat held for us has come back
        except (HostError, ConnectionError, TimeoutError):
            return  # lost again: its "closed" starts another round
        if self.remote is not None and self.remote.client is not client:
            self.remote.tell("The host no longer has this table (it stopped before the game was saved). Esc leaves.")
        self.action_refresh()

    def _say(self, text: str) -> None:
        """A line for the player on the lobby, and on the table screen above it."""
        self.query_one("#lobby-help", Static).update(text)
        if self.remote is not None and self._playing:
            self.remote.tell(text)

    # -- requests --------------------------------------------------------------------------------

    def _selected(self) -> dict[str, Any] | None:
        grid = self.query_one("#tables", DataTable)
        if not self.tables or grid.cursor_row < 0:
            return None
        return self.tables[min(grid.cursor_row, len(self.tables) - 1)]

    @work(exclusive=True, group="host")
    async def _ask(self, request: dict[str, Any]) -> dict[str, Any] | None:
        try:
            reply = await self.client.request(request)
        except (HostError, ConnectionError, TimeoutError) as error:
            self.notify(str(error) or "no answer", title="Host", severity="error")
            return None
        if reply.get("type") == "joined":
            self._joined(reply)
        elif reply.get("type") == "tables":
            self._show_tables(reply)
        elif reply.get("type") == "spectating":
            self.remote = RemoteTable(self.client, reply["table"], None, reply["game"])
            self.my_table = reply["table"]
            self._waiting_for_view = True
            early, self._unclaimed = self._unclaimed, []
            for update in early:
                if update.get("table") == reply["table"]:
                    self._take_update(update)
        elif reply.get("type") == "created":
            self.notify(f"Table {reply['table']['id']} created.")
            try:
                joined = await self.client.request({"type": "join", "table": reply["table"]["id"]})
            except (HostError, ConnectionError, TimeoutError) as error:  # taken meanwhile, or the host went away
                self.notify(str(error) or "no answer", title="Host", severity="error")
                return reply
            self._joined(joined)
        return reply

    def action_refresh(self) -> None:
        """Ask the host for its tables (the page and search we are looking at)."""
        self._ask({"type": "list", "page": self.page, "query": self.search})

    def action_search(self) -> None:
        """Open the search line."""
        search = self.query_one("#search", Input)
        search.display = True
        search.focus()

    @on(Input.Submitted, "#search")
    def _searched(self, event: Input.Submitted) -> None:
        self.search, self.page = event.value.strip()[:50], 0
        event.input.display = bool(self.search)
        self.query_one("#tables", DataTable).focus()
        self.action_refresh()

    def action_page(self, step: int) -> None:
        """Turn to the next or previous page of tables."""
        page = min(max(0, self.page + step), self.pages - 1)
        if page != self.page:
            self.page = page
            self.action_refresh()

    def action_new(self) -> None:
        """Create a table and sit at it."""

        def create(request: dict[str, Any] | None) -> None:
            if request is not None:
                self._ask({"type": "create", **request})

        self.app.push_screen(NewTableDialog(), create)

    def action_join(self) -> None:
        """Sit at the selected table."""
        table = self._selected()
        if table is not None:
            self._ask({"type": "join", "table": table["id"]})

    def action_watch(self) -> None:
        """Watch the selected table as a spectator."""
        table = self._selected()
        if table is not None:
            self._ask({"type": "spectate", "table": table["id"]})

    def action_fill(self, level: str) -> None:
        """Give the open seats of our table (or the selected one) to computer opponents of level."""
        table_id = self.my_table or (self._selected() or {}).get("id")
        if table_id:
            self._ask({"type": "fill", "table": table_id, "level": level})

    def action_start(self) -> None:
        """Start our table."""
        if self.my_table is None:
            self.notify("Join a table first (j), or create one (n).", severity="warning")
            return
        self._ask({"type": "start", "table": self.my_table})

    def game_left(self) -> None:
        """Back from a game (over, or left): the seat is given up."""
        self.remote, self.my_table, self._playing = None, None, False
        self.action_refresh()
        self._show_record()

    @work(group="record")
    async def _show_record(self) -> None:
        """The player's record on this host, in the status bar."""
        try:
            totals = await self.client.request({"type": "stats"})
        except (HostError, ConnectionError, TimeoutError):
            return
        host = self.client.welcome.get("host", "host")
        record = f" · {self.settings.player_name}: {record_line(totals)}" if totals.get("games") else ""
        self.query_one("#status-bar", Static).update(f" Lobby of {host} at {self.address}{record}")

    async def action_disconnect(self) -> None:
        """Leave the host."""
        self.dismiss()

    async def on_unmount(self) -> None:
        """Whatever ends the lobby (Esc, quitting, an SSH session closing) closes its connection."""
        self._leaving = True
        self.client.on_message = None
        await self.client.close()
