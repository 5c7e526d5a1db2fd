"""A host's lobby: its tables and their seats; create, join, watch, add computer opponents, start."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from core.registry import game_spec
from netplay.chat import heard
from netplay.client import Client, HostError, connect_again, parse_address
from netplay.identity import shown_code
from netplay.lobby import SAID_KEPT
from netplay.remote import RemoteTable
from netplay.table import CONNECTION
from tui.games import tui_game
from tui.screens.confirm import ConfirmDialog
from tui.screens.join_code import JoinCodeDialog
from tui.screens.leaderboard import LeaderboardScreen
from tui.screens.new_table import NewTableDialog
from tui.screens.rules import lobby_help
from tui.settings import record_line
from tui.widgets.chat import CHAT_KEY, ChatLine, ChatPane
from tui.widgets.row_list import RowList
from tui.widgets.text_field import TextField


def game_text(table: dict[str, Any]) -> str:
    """'g54 (first game)', 'coup (Inquisitor)': the game and the options that change it."""
    try:
        extras = game_spec(table["game"]).option_words(table.get("options", {}))
    except ValueError:  # a game this client does not know: its name alone
        extras = []
    return str(table["game"]) + (f" ({'; '.join(extras)})" if extras else "")


def host_said(text: str) -> str:
    """The host's words as a sentence ("That game has started…"; its errors start in lower case), or "No answer"."""
    text = text or "no answer"
    return text[:1].upper() + text[1:]


def seats_text(table: dict[str, Any]) -> str:
    """'Ana, Natasha (rule), open, open'; 'government: Ana, rebels: open' in a game of sides; nobody is away from a
    finished game (its players have gone)."""
    words = []
    over = table.get("over") is True
    for seat in table["seats"]:
        if seat["kind"] == "open":
            words.append("open")
        elif seat["kind"] == "bot":
            words.append(f"{seat['name']} ({seat['level']})")
        else:
            program = seat.get("program")
            words.append(seat["name"] + (f" (program: {program})" if isinstance(program, str) and program else ""))
            words[-1] += "" if seat.get("connected", True) or over else " (away)"
            words[-1] += " (computer plays)" if seat.get("stand_in") else ""
    sides = _sides(table.get("game"))
    if len(sides) == len(words):
        words = [f"{side}: {word}" for side, word in zip(sides, words, strict=True)]
    return ", ".join(words)


def _sides(game: object) -> tuple[str, ...]:
    """The sides a game's seats are, by seat ("government", "rebels"); () for a game of players alike."""
    try:
        return game_spec(str(game)).sides if game is not None else ()
    except ValueError:  # a game this client does not know
        return ()


UNCLAIMED_LIMIT = 8 + SAID_KEPT  # a new spectator's first updates, and what was said at the table before


def listed(tables: list[dict[str, Any]], table_id: str | None) -> dict[str, Any] | None:
    """The table table_id among the tables listed, or None."""
    return next((t for t in tables if t["id"] == table_id), None)


def state_text(table: dict[str, Any]) -> str:
    """'waiting', 'playing · 2 watching', 'over: Ana won'."""
    if table["over"]:
        state = f"over: {table['winner']} won" if table.get("winner") else "over"
    else:
        state = "playing" if table["started"] else "waiting"
    watching = table.get("spectators", 0)
    state += " · private" if table.get("private") else ""
    state += " · no watchers" if table.get("watchers") is False else ""
    return state + (f" · {watching} watching" if watching else "")


def timer_text(table: dict[str, Any]) -> str:
    """'30 s' a decision, or '—' for no clock."""
    timer = table.get("timer")
    return f"{timer:g} s" if isinstance(timer, (int, float)) else "—"


REPLACED = (
    "You came in again from another connection (another ssh login or coup join), which plays your seat now: "
    "this one is back in the lobby."
)


class LobbyScreen(Screen[None]):
    """Talks to the host through client; opens the table screen when our game starts."""

    BINDINGS = [  # the footer fits 80 columns with the first seven; the help line under the tables says the others
        ("n", "new", "New"),
        ("j", "join", "Join"),
        ("w", "watch", "Watch"),
        ("f", "fill('rule')", "Computers"),
        Binding("e", "fill('expert')", "Experts", show=False),
        ("s", "start", "Start"),
        Binding("l", "leave_table", "Leave table", show=False),
        (CHAT_KEY, "chat", "Chat"),
        ("c", "code", "Code"),
        Binding("r", "refresh", "Refresh", show=False),
        Binding("slash", "search", "Search", show=False),
        Binding("b", "leaderboard", "Leaderboard", show=False),
        Binding("left_square_bracket", "page(-1)", "Page", show=False),
        Binding("right_square_bracket", "page(1)", "Page", show=False),
        Binding("escape", "disconnect", "Disconnect", show=False),
        Binding("question_mark,f1", "help", "Help", show=False),
    ]

    def __init__(self, client: Client, address: str, settings: Any) -> None:
        super().__init__()
        self.client, self.address, self.settings = client, address, settings
        self.tables: list[dict[str, Any]] = []
        self.remote: RemoteTable | None = None
        self.my_table: str | None = None
        self.my_code: str | None = None  # our private table's code, to pass on
        self._waiting_for_view = False
        self._playing = False  # our table's screen is open (a resume after a reconnect must not open another)
        self.last_game: str | None = None  # the game kind last played here: the leaderboard opens on it
        self._left_unfinished: str | None = None  # a game we left under way: our record changes once it ends
        self._leaving = False
        self._runner_shown: str | None = None  # who else created our table and alone fills and starts it
        self.quitting = False  # the player leaves the host on purpose (Esc here, ctrl+q): the host is told so
        self.page, self.pages, self.search = 0, 1, ""
        self._listing = self._list_again = False  # a list request is in flight; another is owed once it is answered
        self._unclaimed: list[dict[str, Any]] = []  # updates (and past words) before the reply naming their table

    def compose(self) -> ComposeResult:
        host = self.client.welcome.get("host", "host")
        yield Static(Content(f" Lobby of {host} at {self.address}"), id="status-bar")
        if self.settings.notice:
            yield Static(self.settings.notice, id="lobby-notice")
        yield RowList("Table", "Game", "State", "Timer", "Seats", id="tables")
        find = "Find a table: its id, game or a player's name (Enter; empty shows all)"
        yield TextField(placeholder=find, id="search")
        yield Static(id="lobby-help")
        yield ChatPane()
        yield ChatLine("Say something to the lobby (Enter sends and closes the line, Esc cancels)")
        yield Footer()

    def on_mount(self) -> None:
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
        elif kind in ("joined", "spectating") and message.get("rematch"):
            self._rematched(message)
        elif kind == "joined":
            self._joined(message)
        elif kind == "started":
            self._started(message)
        elif kind == "update":
            if self.remote is not None and self.remote.table_id == message.get("table"):
                self._take_update(message)
            else:  # a spectator's first updates can come before its request's reply has been handled
                self._keep_unclaimed(message)
        elif message.get("past"):  # said or noted at the table before we came (back): shown with its game
            if self.remote is not None and self.remote.table_id == message.get("table"):
                self.remote.handle(message)
            else:
                self._keep_unclaimed(message)
        elif kind == "chat":
            self._heard(message)
        elif kind in ("notice", "rematch") and (remote := self._playing_at(message.get("table"))) is not None:
            remote.handle(message)  # news of our table for its screen: a seat handed over, a rematch
        elif kind == "notice":  # news of our table from the host (a game rolled back after a restart)
            self.notify(str(message.get("message", "")), title="Host", timeout=20, markup=False)
        elif kind == "error" and message.get("code") == "replaced":
            self._unseated("Your seat moved", REPLACED)
        elif kind == "error" and message.get("code") == "expired":
            self._unseated("Table closed", host_said(str(message.get("message", ""))))
        elif kind == "error":
            if self.remote is not None and self.remote.has_view():
                self.remote.handle(message)
            else:
                self.notify(
                    host_said(str(message.get("message", "refused"))), title="Host", severity="error", markup=False
                )
        elif kind == "closed" and not self._leaving and self.client.closed.is_set():  # not an old connection's end
            if self.remote is not None:
                self.remote.handle(message)
            self._reconnect()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Filling and starting are greyed out at a table another player created and runs (the help line says who)."""
        if action in ("fill", "start") and self._runner_shown is not None:
            return None
        return True

    def _runner(self, tables: list[dict[str, Any]]) -> str | None:
        """The name of the player who created our table and alone fills and starts it, when that is not us."""
        mine = listed(tables, self.my_table)
        runner = None if mine is None else mine.get("creator_seat")
        if not isinstance(runner, int) or self.remote is None or runner == self.remote.seat:
            return None
        return str(mine["seats"][runner]["name"]) if mine is not None and runner < len(mine["seats"]) else None

    def _keep_unclaimed(self, message: dict[str, Any]) -> None:
        """Keep a message for a table we are not at yet (a spectator's request not answered yet), the latest few."""
        self._unclaimed = [*self._unclaimed[-(UNCLAIMED_LIMIT - 1) :], message]

    def _show_tables(self, message: dict[str, Any]) -> None:
        if not self.query("#tables"):
            return  # the screen is being taken down (its widgets go first) while the host's broadcasts go on
        tables: list[dict[str, Any]] = message["tables"]
        self.tables, self.page, self.pages = tables, message.get("page", 0), message.get("pages", 1)
        left = listed(tables, self._left_unfinished)
        if self._left_unfinished is not None and (left is None or left.get("over")):
            self._left_unfinished = None  # the game we left is over (or forgotten): it counts in our record now
            self._show_record()
        mine = {self.my_table: " ◀ you"}
        self.query_one("#tables", RowList).show(
            [
                (t["id"] + mine.get(t["id"], ""), game_text(t), state_text(t), timer_text(t), seats_text(t))
                for t in tables
            ]
        )
        help_text = "? help · f adds computers (e: experts) · c joins by a code · / finds a table · b leaderboard"
        help_text += " ·" if self.search else " · Esc leaves"  # Esc clears the search first (said below)
        runner = self._runner(tables) if self.my_table is not None else None
        if runner != self._runner_shown:
            self._runner_shown = runner
            self.refresh_bindings()
        if self.my_table is not None and self.my_code is not None:
            code = shown_code(self.my_code)
            friends = "friends press c and type it; f seats computers; s starts"
            if runner is not None:
                friends = f"friends press c and type it; {runner}, who created it, starts it; l leaves"
            help_text = f"Private table {self.my_table}, code {code}: {friends}."
        elif self.my_table is not None and runner is not None:
            help_text = f"You are at table {self.my_table}: {runner}, who created it, starts it; l leaves it."
        elif self.my_table is not None and self._full(tables):
            help_text = f"You are at table {self.my_table}: every seat is taken; s starts; l leaves."
        elif self.my_table is not None:
            help_text = f"You are at table {self.my_table}: wait for players; f/e add computers; s starts; l leaves."
        elif not tables:
            help_text = f"No table matches {self.search!r}." if self.search else "No tables yet: press n to create one."
        if self.search:
            help_text += " Esc clears the search."
        where = f"Tables matching {self.search!r}. " if self.search else ""
        if self.pages > 1:
            where += f"Page {self.page + 1} of {self.pages} ([ and ] turn pages, / finds a table). "
        shown = self.query_one("#lobby-help", Static)
        if str(shown.content) != where + help_text:  # an update lays the screen out again: only when it changed
            shown.update(Content(where + help_text))

    def _full(self, tables: list[dict[str, Any]]) -> bool:
        """Whether our table (among the tables listed) has no open seat left."""
        mine = listed(tables, self.my_table)
        return mine is not None and all(seat.get("kind") != "open" for seat in mine.get("seats", ()))

    def _heard(self, message: dict[str, Any]) -> None:
        """A chat line: the lobby's in its pane, a table's to our table (its screen shows it)."""
        said = heard(message)
        if said is not None and said.scope == "lobby":
            self.query_one(ChatPane).hear(said)
        elif said is not None and self.remote is not None:
            self.remote.handle(message)

    def _at_table(self, message: dict[str, Any], seat: int | None) -> RemoteTable:
        """The remote table a joined or spectating reply puts us at (its label shows a private table's code)."""
        self.my_table, self.my_code = message["table"], message.get("code")
        label = f"table {message['table']}" + (f" · code {shown_code(self.my_code)}" if self.my_code else "")
        coach = message.get("coach") is True  # the table allows the coach (only a joined reply says so)
        return RemoteTable(self.client, message["table"], seat, message["game"], label, coach)

    def _joined(self, message: dict[str, Any]) -> None:
        remote = self.remote
        if remote is not None and (remote.table_id, remote.seat) == (message["table"], message["seat"]):
            self.my_table = message["table"]
            remote.client = self.client  # the same seat over a new connection: the open table screen goes on
        else:
            self.remote = self._at_table(message, message["seat"])
        self._show_tables({"tables": self.tables, "page": self.page, "pages": self.pages})
        if message.get("resumed") and self.remote is not None:  # in the log: a notice covered the table's keys
            self.remote.note_after_history(f"Back at table {message['table']}, seat {message['seat'] + 1}.")

    def _playing_at(self, table_id: Any) -> RemoteTable | None:
        """Our table, if its screen is open and it is table_id."""
        remote = self.remote
        return remote if self._playing and remote is not None and remote.table_id == table_id else None

    def _rematched(self, message: dict[str, Any]) -> None:
        """Our game's rematch has its table: close the finished game's screens and go there, as a player or a
        spectator (its game opens when it starts)."""
        while self.app.screen is not self:
            self.app.pop_screen()
        self._playing = False
        if message["type"] == "joined":
            self._joined(message)
        else:
            self._spectating(message)
        self.notify(f"Rematch at table {message['table']}.")

    def _unseated(self, title: str, why: str) -> None:
        """The host put us at no table: a newer connection of ours (another SSH login, another `coup join`) took our
        seat, or our table never started and was closed. This one's table screens close, and it says why."""
        while self.app.screen is not self:
            self.app.pop_screen()
        self.remote, self.my_table, self.my_code, self._playing = None, None, None, False
        self.notify(why, title=title, severity="warning", timeout=30, markup=False)
        self.action_refresh()

    def _spectating(self, reply: dict[str, Any]) -> None:
        """We watch the table: its game opens at its first update (which may have come already)."""
        remote = self.remote
        if remote is not None and self._playing and (remote.table_id, remote.seat) == (reply["table"], None):
            remote.client = self.client  # watching again over a new connection: the open table screen goes on
            return
        self.remote = self._at_table(reply, None)
        self.remote.seats_played_by_computer(reply)
        self._waiting_for_view = True
        early, self._unclaimed = self._unclaimed, []
        for message in early:
            if message.get("table") != reply["table"]:
                continue
            if message.get("type") == "update":
                self._take_update(message)
            else:
                self.remote.handle(message)

    def _started(self, message: dict[str, Any]) -> None:
        remote = self.remote
        if remote is None or remote.table_id != message["table"]:
            return
        remote.seats_played_by_computer(message)
        if not self._playing:
            self._waiting_for_view = not remote.has_view()
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
        remote = self.remote
        if remote is not None and remote.client is not client:
            await self._table_lost(remote)
        self.action_refresh()

    async def _table_lost(self, remote: RemoteTable) -> None:
        """Our table did not come back with the new connection: watch it again (a host keeps no seat for a
        watcher), else say why it is gone."""
        over = remote.has_view() and remote.view().winner is not None
        if remote.seat is None and not over:
            where = {"code": self.my_code} if self.my_code else {"table": remote.table_id}
            try:
                self._spectating(await self.client.request({"type": "spectate", **where}))
                return
            except (HostError, ConnectionError, TimeoutError):
                pass  # the table is gone, or the connection again: say so
        if over:
            remote.tell("This finished game is closed on the host (its record is saved there). Esc leaves.")
        else:
            remote.tell("The host no longer has this table (it stopped before the game was saved). Esc leaves.")

    def _say(self, text: str) -> None:
        """A line for the player on the lobby, and on the table screen above it."""
        self.query_one("#lobby-help", Static).update(Content(text))  # (a host's words, never markup)
        if self.remote is not None and self._playing:
            self.remote.tell(text, CONNECTION)

    # -- requests --------------------------------------------------------------------------------

    def _selected(self) -> dict[str, Any] | None:
        row = self.query_one("#tables", RowList).cursor_row
        return self.tables[min(row, len(self.tables) - 1)] if self.tables else None

    @work(exclusive=True, group="host")
    async def _ask(self, request: dict[str, Any], seat: int | None = None) -> dict[str, Any] | None:
        """Send request; a created table is then joined (at seat, if given)."""
        try:
            reply = await self.client.request(request)
        except (HostError, ConnectionError, TimeoutError) as error:
            self.notify(host_said(str(error)), title="Host", severity="error", markup=False)
            return None
        if reply.get("type") == "joined":
            self._joined(reply)
        elif reply.get("type") == "tables":
            self._show_tables(reply)
        elif reply.get("type") == "spectating":
            self._spectating(reply)
        elif reply.get("type") == "left":
            self.notify(f"You left table {self.my_table}.")
            self.remote, self.my_table, self.my_code = None, None, None
            self.action_refresh()
        elif reply.get("type") == "created":
            where = {"code": reply["code"]} if reply.get("code") else {"table": reply["table"]["id"]}
            try:
                joined = await self.client.request({"type": "join", **where, "seat": seat})
            except (HostError, ConnectionError, TimeoutError) as error:  # taken meanwhile, or the host went away
                self.notify(host_said(str(error)), title="Host", severity="error", markup=False)
                return reply
            self._joined(joined)
        return reply

    def action_refresh(self) -> None:
        """Ask the host for its tables (the page and search we are looking at); while a list request is in flight,
        once more when it is answered (broadcasts come faster than answers on a busy host, and must neither starve
        the answer nor cancel a join)."""
        if self._listing:
            self._list_again = True
        else:
            self._listing = True
            self._list()

    @work(group="list")
    async def _list(self) -> None:
        try:
            again = True
            while again:
                self._list_again = False
                asked = (self.page, self.search)
                try:
                    reply = await self.client.request({"type": "list", "page": asked[0], "query": asked[1]})
                except (HostError, ConnectionError, TimeoutError) as error:
                    self.notify(host_said(str(error)), title="Host", severity="error", markup=False)
                    return
                looking_at = asked == (self.page, self.search)  # not turned away from while we waited
                if looking_at:
                    self._show_tables(reply)
                again = self._list_again or not looking_at
        finally:
            self._listing = False

    def action_search(self) -> None:
        """Open the search line."""
        search = self.query_one("#search", Input)
        search.display = True
        search.focus()

    @on(Input.Submitted, "#search")
    def _searched(self, event: Input.Submitted) -> None:
        self.search, self.page = event.value.strip()[:50], 0
        event.input.display = bool(self.search)
        self.query_one("#tables", RowList).focus()
        self.action_refresh()

    def action_leaderboard(self) -> None:
        """The host's leaderboard (asked through whichever connection the lobby has by then)."""
        host = self.client.welcome.get("host", "the host")
        game = self.last_game or (self._selected() or {}).get("game")
        self.app.push_screen(LeaderboardScreen(lambda request: self.client.request(request), host, game))

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
                seat = request.pop("seat", None)  # the side chosen in the dialog: asked for when joining
                self._ask({"type": "create", **request}, seat)

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

    def action_code(self) -> None:
        """Join (or watch) a private table by its code."""

        def go(answer: tuple[str, bool] | None) -> None:
            if answer is not None:
                code, watch = answer
                self._ask({"type": "spectate" if watch else "join", "code": code})

        self.app.push_screen(JoinCodeDialog(self.settings.resume_hint), go)

    def action_chat(self) -> None:
        """Open the chat line (the lobby's: what is said at a table is said on its screen)."""
        self.query_one(ChatPane).display = True
        self.query_one(ChatLine).open()

    @on(ChatLine.Said)
    @work(group="chat")
    async def _say_to_lobby(self, event: ChatLine.Said) -> None:
        try:
            await self.client.request({"type": "chat", "to": "lobby", "text": event.text})
        except (HostError, ConnectionError, TimeoutError) as error:
            self.notify(host_said(str(error)), title="Host", severity="error", markup=False)

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

    def seat_kept(self) -> str:
        """What the host does with our seat if we quit mid-game, and how to come back to it."""
        grace = self.client.welcome.get("grace")
        kept = f" for {grace:g} s" if isinstance(grace, (int, float)) else ""
        back = self.settings.way_back or f"run coup join {self.address} again"
        return f"The host keeps your seat{kept}: {back} to take it back."

    def game_left(self) -> None:
        """Back from a game (over, or left): the seat is given up."""
        if self.remote is not None:
            self.last_game = self.remote.game_name
            over = self.remote.has_view() and self.remote.view().winner is not None
            self._left_unfinished = None if over or self.remote.seat is None else self.remote.table_id
        self.remote, self.my_table, self.my_code, self._playing = None, None, None, False
        self._clear_search()  # back from a game, every table is news: a search made before it hid them
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
        self.query_one("#status-bar", Static).update(Content(f" Lobby of {host} at {self.address}{record}"))

    def action_help(self) -> None:
        """What the rows and keys mean."""
        self.app.push_screen(lobby_help())

    def action_leave_table(self) -> None:
        """Give up our seat at a table waiting to start, and stay in the lobby."""
        if self.my_table is None:
            self.notify("You sit at no table: j joins the selected one.", timeout=3)
            return
        self._ask({"type": "leave"})

    def action_disconnect(self) -> None:
        """Clear a search; else leave the host, at a table waiting to start only once the player says so (the seat
        is given up)."""
        if self.search:
            self._clear_search()
            self.action_refresh()
            return
        if self.my_table is None:
            self.quitting = True
            self.dismiss()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.quitting = True
                self.dismiss()

        question = f"Leave {self.address}? Your seat at table {self.my_table} is given up (l leaves the table only)."
        self.app.push_screen(ConfirmDialog(question), answered)

    def _clear_search(self) -> None:
        """Show every table again, from the first page."""
        self.search, self.page = "", 0
        self.query_one("#search", Input).value = ""
        self.query_one("#search", Input).display = False

    async def on_unmount(self) -> None:
        """Whatever ends the lobby (Esc, quitting, an SSH session closing) closes its connection, saying bye when the
        player left on purpose (so the others hear that they quit, not that their connection was lost)."""
        self._leaving = True
        self.client.on_message = None
        await self.client.close(bye=self.quitting)
