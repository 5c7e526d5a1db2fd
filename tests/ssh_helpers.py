"""Helpers for the SSH tests: a TCP host and its SSH front door on 127.0.0.1, clients and their screens."""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import functools
import re
import socket
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from netplay.host import Host
from netplay.identity import HostPolicy
from netplay.ssh_server import Access, GameSession, Limits, Lobby, LobbyAppFactory, SSHHost
from tests.waiting import Waiting
from tui.screens.lobby import LobbyScreen
from tui.screens.pick_card import PickCardDialog
from tui.screens.table import TableScreen
from tui.ssh_apps import lobby_app_factory

LOCALHOST = "127.0.0.1"
TIMEOUT = 20.0  # generous: only a failing test waits this long, and CI machines can be slow
WAITING = Waiting(TIMEOUT)
within, eventually = WAITING.within, WAITING.eventually
SIZE = (100, 30)
KEYLESS: dict[str, Any] = {"password": ""}  # no key: an open host lets the client in by keyboard-interactive, unasked
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[@-Z\\-_=>]")
SGR = re.compile(rb"\x1b\[([0-9;:]*)m")


def strip_ansi(data: bytes) -> str:
    """The text of terminal output, without its escape sequences."""
    return ESCAPES.sub(b"", data).decode("utf-8", "replace")


def sgr_codes(data: bytes) -> set[str]:
    """The parameter strings of every SGR (colour and style) sequence in data, e.g. '38;5;196;48;5;233'."""
    return {match.decode() for match in SGR.findall(data)}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind((LOCALHOST, 0))
        return int(sock.getsockname()[1])


@functools.cache
def client_key(username: str = "ana") -> asyncssh.SSHKey:
    """The key a test user logs in with (open access takes any key): one per name, for a key is who a player is."""
    return asyncssh.generate_private_key("ssh-ed25519")


class Terminal:
    """One interactive SSH session as a client sees it: everything it was sent, and a keyboard."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:  # type: ignore[type-arg]
        self.process = process
        self.output = bytearray()
        self.screen_text = ""  # the output's text so far, kept up to date as it comes (see _absorb)
        self._pending = b""
        self._decode = codecs.getincrementaldecoder("utf-8")("replace").decode
        self._changed = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while chunk := await self.process.stdout.read(65536):
                self.output += chunk
                self._absorb(chunk)
                self._changed.set()
        self._changed.set()

    def _absorb(self, chunk: bytes) -> None:
        """Add chunk's text to screen_text, keeping back an escape sequence cut off at its end."""
        data = self._pending + chunk
        cut = data.rfind(b"\x1b")
        if cut == -1 or ESCAPES.match(data, cut) or len(data) - cut > 64:
            cut = len(data)
        self._pending = data[cut:]
        self.screen_text += self._decode(ESCAPES.sub(b"", data[:cut]))

    @property
    def closed(self) -> bool:
        """The server closed the session (its output is complete)."""
        return self._reader.done()

    def mark(self) -> int:
        """Where the output's text is now: expect(..., since=mark()) sees only what comes after."""
        return len(self.screen_text)

    def text(self, since: int = 0) -> str:
        """The output's text since a mark."""
        return self.screen_text[since:]

    def send(self, keys: str | bytes) -> None:
        """Type keys (raw: '\\r' is Enter, '\\x1b' is Esc)."""
        self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    async def expect(self, text: str, since: int = 0, timeout: float = TIMEOUT) -> None:
        """Wait until text shows in the output after since; AssertionError (with the screen's tail) if not.
        Look for text drawn in one piece (a label, a log line): Textual redraws only what changed, and a
        line partly under another widget (a notification) comes in pieces."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while text not in self.text(since):
            if self.closed or loop.time() > end:
                tail = self.text(since)[-1500:]
                raise AssertionError(f"{text!r} not shown within {timeout} s; output ends with:\n{tail}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(0.2, max(0.01, end - loop.time())))

    async def exit_status(self) -> int | None:
        """Wait for the session to end; its exit status."""
        await within(self.process.wait_closed())
        await within(self._reader)
        return self.process.exit_status

    async def close(self) -> None:
        """Hang up this session."""
        self.process.close()
        with contextlib.suppress(asyncssh.Error, OSError, TimeoutError):
            await within(self.process.wait_closed(), 5)
        self._reader.cancel()


@dataclass
class Hosts:
    """A running TCP host, its SSH front door, the apps the front door made and the test's connections."""

    host: Host
    port: int
    ssh: SSHHost
    ssh_port: int = 0
    apps: list[weakref.ref[Any]] = field(default_factory=list)
    connections: list[asyncssh.SSHClientConnection] = field(default_factory=list)

    async def connect(self, username: str = "ana", **options: Any) -> asyncssh.SSHClientConnection:
        """A client connection (with the user's test key unless client_keys or password say otherwise)."""
        if "password" not in options:
            options.setdefault("client_keys", [client_key(username.partition("+")[0])])
        options.setdefault("client_keys", None)
        conn = await within(
            asyncssh.connect(
                LOCALHOST,
                self.ssh_port,
                username=username,
                known_hosts=None,
                config=None,
                agent_path=None,
                **options,
            )
        )
        self.connections.append(conn)
        return conn

    async def terminal(
        self,
        username: str = "ana",
        term_type: str = "xterm-256color",
        size: tuple[int, int] = SIZE,
        conn: asyncssh.SSHClientConnection | None = None,
        **options: Any,
    ) -> Terminal:
        """An interactive session with a pty (on a new connection unless conn is given)."""
        conn = conn or await self.connect(username)
        process = await within(conn.create_process(term_type=term_type, term_size=size, encoding=None, **options))
        return Terminal(process)

    def session(self, username: str) -> GameSession:
        """The running session of a user (there must be exactly one)."""
        found = [s for s in self.ssh.sessions if s.server.username == username]
        assert len(found) == 1, f"{len(found)} sessions of {username}"
        return found[0]

    def app(self, username: str) -> Any:
        """The app of a user's running session."""
        app = self.session(username).app
        assert app is not None
        return app

    async def app_of(self, username: str) -> Any:
        """The app of a user's session, once it is running."""
        await eventually(lambda: any(s.server.username == username and s.app for s in self.ssh.sessions))
        return self.app(username)

    async def close_clients(self) -> None:
        """Hang up every client connection and wait until their sessions are over."""
        for conn in self.connections:
            conn.close()
        for conn in self.connections:
            with contextlib.suppress(asyncssh.Error, OSError, TimeoutError):
                await within(conn.wait_closed(), 5)
        self.connections.clear()
        await eventually(lambda: not self.ssh.sessions)


@contextlib.asynccontextmanager
async def start_hosts(
    tmp_path: Path,
    make_factory: LobbyAppFactory = lobby_app_factory,
    access: Access | None = None,
    limits: Limits | None = None,
    key_path: Path | None = None,
) -> AsyncIterator[Hosts]:
    """A Host (bots answer at once) with access's password and an SSHHost, its door, serving make_factory(lobby)'s
    apps, both on 127.0.0.1 at free ports; every app made is tracked by a weak reference. Stopped on exit."""
    password = access.password if access is not None else None
    host = Host(data_dir=tmp_path / "host", bot_delay=0, policy=HostPolicy(password=password))
    port = await within(host.start(LOCALHOST, 0))
    inner = make_factory(Lobby(LOCALHOST, port, host.policy.door_secret, password=password is not None))
    hosts: Hosts

    def tracked(info: Any) -> Any:
        app = inner(info)
        hosts.apps.append(weakref.ref(app))
        return app

    ssh = SSHHost(tracked, key_path or tmp_path / "ssh_host_ed25519_key", access, limits)
    hosts = Hosts(host, port, ssh)
    try:
        hosts.ssh_port = await within(ssh.start(LOCALHOST, 0))
        yield hosts
    finally:
        try:
            await hosts.close_clients()
        finally:
            await within(ssh.stop())
            await eventually(lambda: not ssh.sessions)
            await within(host.stop())


def table_screen(app: Any) -> TableScreen | None:
    """The app's table screen, if it is showing (and no dialog covers it)."""
    return app.screen if isinstance(app.screen, TableScreen) else None


def my_turn(app: Any) -> bool:
    """The app's player is to choose an action."""
    screen = table_screen(app)
    if screen is None:
        return False
    view = screen.table.view()
    return view.window == "action" and view.active == view.viewer and any(c.key == "i" for c in screen.choices)


def _state(app: Any) -> tuple[Any, ...]:
    screen = app.screen
    view = screen.table.view() if isinstance(screen, TableScreen) else None
    return type(screen), view and view.version, view and view.viewer in view.owed


async def answer(term: Terminal, app: Any) -> bool:
    """Type the one key a patient player gives when the game waits on them for anything but an action:
    pass on challenges and blocks, give up the first card when losing one. True if a key was typed."""
    screen = app.screen
    if isinstance(screen, PickCardDialog):
        key = "1"
    elif isinstance(screen, TableScreen) and screen.table.view().viewer in screen.table.view().owed:
        keys = {c.key for c in screen.choices}
        if "p" not in keys:
            return False
        key = "p"
    else:
        return False
    before = _state(app)
    term.send(key)
    await eventually(lambda: _state(app) != before)
    return True


async def until_turn(players: list[tuple[Terminal, Any]], timeout: float = 20.0) -> tuple[Terminal, Any]:
    """Answer for every player until one of them is to choose an action; that player's (terminal, app)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for term, app in players:
            if my_turn(app):
                return term, app
        for term, app in players:
            await answer(term, app)
        await asyncio.sleep(0.02)
    raise AssertionError(f"no player's turn came within {timeout} s")


async def open_lobby(hosts: Hosts, username: str, **options: Any) -> tuple[Terminal, Any]:
    """A session of username that shows the host's lobby; its terminal and app."""
    term = await hosts.terminal(username, **options)
    await term.expect("Lobby of")
    app = await hosts.app_of(username)
    await eventually(lambda: isinstance(app.screen, LobbyScreen))
    return term, app


async def focus(term: Terminal, app: Any, widget: Any, key: str) -> None:
    """Press key (Tab or Shift+Tab) until widget has the focus (whatever fields the dialog has)."""
    for _ in range(12):
        if app.focused is widget:
            return
        before = app.focused
        term.send(key)
        await eventually(lambda before=before: app.focused is not before)
    assert app.focused is widget, f"{widget} never got the focus"


async def create_table(term: Terminal, app: Any, players: int | None = None) -> str:
    """Create a table from the lobby (with the default number of players unless given) and sit at it."""
    lobby = app.screen
    since = term.mark()
    term.send("n")
    await term.expect("Create (c)", since)
    if players is not None:
        dialog = app.screen
        select = dialog.query_one("#new-players")
        await focus(term, app, select, "\t")
        term.send("\r")  # open the list
        await eventually(lambda: select.expanded)
        steps = players - select.value
        term.send(("\x1b[B" if steps > 0 else "\x1b[A") * abs(steps) + "\r")  # arrows, then Enter
        await eventually(lambda: select.value == players and not select.expanded)
    since = term.mark()
    term.send("c")
    await term.expect("You are at table", since)  # the lobby's help line, redrawn whole
    assert lobby.my_table is not None
    return lobby.my_table


async def fill_and_start(hosts: Hosts, term: Terminal, app: Any, table_id: str) -> None:
    """Seat computer opponents at the open seats, start, and wait for the table screen."""
    term.send("f")
    await eventually(lambda: all(seat.kind != "open" for seat in hosts.host.tables[table_id].seats))
    since = term.mark()
    term.send("s")
    await term.expect("Leave game", since)  # the table screen's footer
    await eventually(lambda: table_screen(app) is not None)
