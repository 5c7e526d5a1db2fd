"""Playing over SSH on 127.0.0.1: lobby, tables, refusals, crashes, memory, colours, OpenSSH in tmux, host key."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import random
import shutil
import socket
import stat
import subprocess
import sys
import time
import weakref
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from rich.color import Color, ColorSystem
from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.widgets import Static

from netplay import ssh_driver
from netplay.ssh_driver import ChannelDriver
from netplay.ssh_server import Access, AppFactory, Limits, Lobby, SessionInfo, color_system
from tests.ssh_helpers import (
    LOCALHOST,
    SIZE,
    Hosts,
    client_key,
    create_table,
    eventually,
    fill_and_start,
    free_port,
    open_lobby,
    sgr_codes,
    start_hosts,
    table_screen,
    until_turn,
    within,
)
from tui.screens.lobby import LobbyScreen
from tui.screens.table import TableScreen
from tui.ssh_apps import DoorApp, lobby_app_factory

ROOT = Path(__file__).resolve().parent.parent


class Tiny(App[int]):
    """The smallest app: one line of text."""

    def compose(self) -> ComposeResult:
        yield Static("tiny app ready")


def version(app: Any) -> int:
    """The version of the game the app's table shows (under whatever dialog opened over it since: another player's
    claim may already ask for an answer)."""
    screen = next((screen for screen in app.screen_stack if isinstance(screen, TableScreen)), None)
    assert screen is not None
    return int(screen.table.view().version)


def tiny_factory(lobby: Lobby) -> AppFactory:
    """Tiny apps (a hundred of them start in seconds; the lobby app takes a second of CPU each)."""
    return lambda info: Tiny()


# -- 1. one player, computer opponents, a resize, Esc ----------------------------------------------


async def test_a_player_creates_a_table_plays_and_resizes(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        term, app = await open_lobby(hosts, "ana")
        table_id = await create_table(term, app)
        assert hosts.host.tables[table_id].seats[0].name == "ana"
        await fill_and_start(hosts, term, app, table_id)

        await until_turn([(term, app)])
        await term.expect("Your turn")
        since = term.mark()
        term.send("i")
        await term.expect("You take 1 coin (income).", since)

        since = term.mark()
        term.process.change_terminal_size(120, 40)
        await eventually(lambda: app.size == Size(120, 40))
        await eventually(lambda: app.screen.size == Size(120, 40))
        await term.expect("Coup · turn", since)  # redrawn at the new size

        await until_turn([(term, app)])
        since, acted = term.mark(), version(app)
        term.send("i")
        await term.expect("You take 1 coin (income).", since)
        await eventually(lambda: version(app) > acted)  # else her turn just played could pass for the next one

        await until_turn([(term, app)])  # the game waits for her: no decision dialog can open over the table now
        since = term.mark()
        term.send("\x1b")  # Esc alone, with nothing after it
        await term.expect("Leave this game?", since)


# -- 2. two SSH players at one table -------------------------------------------------------------


async def test_two_ssh_players_see_each_others_moves(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        ana, ana_app = await open_lobby(hosts, "ana")
        bo, bo_app = await open_lobby(hosts, "bo")
        table_id = await create_table(ana, ana_app, players=3)
        assert len(hosts.host.tables[table_id].seats) == 3

        bo_lobby = bo_app.screen
        await eventually(lambda: any(t["id"] == table_id for t in bo_lobby.tables))
        bo.send("j")  # the only table is the selected row
        await eventually(lambda: bo_lobby.my_table == table_id)
        await fill_and_start(hosts, ana, ana_app, table_id)
        await bo.expect("Leave game")
        await eventually(lambda: table_screen(bo_app) is not None)
        names = [seat.name for seat in hosts.host.tables[table_id].seats]
        assert names[:2] == ["ana", "bo"]

        players = {"ana": (ana, ana_app), "bo": (bo, bo_app)}
        seen = set()
        for _ in range(6):
            mover, _app = await until_turn(list(players.values()))
            name = "ana" if mover is ana else "bo"
            other = bo if mover is ana else ana
            since = other.mark()
            mover.send("i")
            await other.expect(f"{name} takes 1 coin (income).", since)
            seen.add(name)
            if seen == {"ana", "bo"}:
                break
        assert seen == {"ana", "bo"}


# -- 3. everything but a game with a terminal is refused ------------------------------------------


async def test_commands_and_sessions_without_a_terminal_are_refused(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        conn = await hosts.connect("ana")
        result = await within(conn.run("ls"))
        assert result.exit_status == 1
        example = f"ssh -p {hosts.ssh_port} ana@127.0.0.1"
        assert result.stdout == f"coup runs no commands: connect without one, e.g. `{example}`.\r\n"

        result = await within(conn.run())  # a shell, but no pty
        assert result.exit_status == 1
        assert "coup is a full-screen game: connect with a terminal" in str(result.stdout)
        assert result.stdout.count("\n") == 1

        result = await within(conn.run("ls", term_type="xterm"))  # a command, even with a pty
        assert result.exit_status == 1
        assert "coup runs no commands" in str(result.stdout)
        assert not hosts.ssh.sessions and not hosts.apps


async def test_sftp_forwarding_and_agent_forwarding_are_refused(tmp_path: Path) -> None:
    async with start_hosts(tmp_path, tiny_factory) as hosts:
        conn = await hosts.connect("ana")
        with pytest.raises((asyncssh.Error, OSError)):
            await within(conn.start_sftp_client())
        with pytest.raises(asyncssh.ChannelOpenError):
            await within(conn.create_connection(asyncssh.SSHTCPSession, LOCALHOST, hosts.port))
        with pytest.raises(asyncssh.ChannelOpenError):
            await within(conn.open_connection(LOCALHOST, hosts.port))
        with pytest.raises(asyncssh.ChannelListenError):
            await within(conn.forward_remote_port(LOCALHOST, 0, LOCALHOST, hosts.port))

        # a local forward listens on the client's side; what connects to it is refused by the server
        listener = await within(conn.forward_local_port(LOCALHOST, 0, LOCALHOST, hosts.port))
        reader, writer = await within(asyncio.open_connection(LOCALHOST, listener.get_port()))
        assert await within(reader.read()) == b""
        writer.close()
        listener.close()
        assert not hosts.host.connections  # nothing reached the game host through the tunnel

        agent = await hosts.connect("bo", agent_forwarding=str(tmp_path / "agent.sock"))
        term = await hosts.terminal("bo", conn=agent)
        await term.expect("tiny app ready")
        session = hosts.session("bo")
        assert session.chan.get_agent_path() is None
        assert session.server.conn.get_agent_path() is None


async def test_an_allow_list_admits_only_its_keys(tmp_path: Path) -> None:
    listed, unknown = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    authorized = tmp_path / "authorized_keys"
    authorized.write_text(f"# players\nno-pty {listed.export_public_key().decode().strip()} ana@laptop\n")
    async with start_hosts(tmp_path, access=Access(authorized_keys=authorized)) as hosts:
        with pytest.raises(asyncssh.PermissionDenied):
            await hosts.connect("eve", client_keys=[unknown])
        with pytest.raises(asyncssh.PermissionDenied):
            await hosts.connect("eve", client_keys=None, password="anything")
        conn = await hosts.connect("ana", client_keys=[listed])
        term = await hosts.terminal("ana", conn=conn)
        await term.expect("Lobby of")
        session = hosts.session("ana")
        assert session.server.fingerprint == listed.get_fingerprint("sha256")
        assert hosts.app("ana").settings.identity == f"key:{session.server.fingerprint}"


async def test_a_password_host_lets_in_the_password_or_a_key(tmp_path: Path) -> None:
    async with start_hosts(tmp_path, tiny_factory, access=Access(password="open sesame")) as hosts:
        with pytest.raises(asyncssh.PermissionDenied):
            await hosts.connect("ana", password="open says me")
        conn = await hosts.connect("ana", password="open sesame")
        term = await hosts.terminal("ana", conn=conn)
        await term.expect("tiny app ready")
        assert hosts.session("ana").server.password == "open sesame"
        conn = await hosts.connect("bo", client_keys=[client_key("bo")])  # the app then asks for the password
        term = await hosts.terminal("bo", conn=conn)
        await term.expect("tiny app ready")
        assert hosts.session("bo").server.password == ""


async def test_connections_per_address_are_limited(tmp_path: Path) -> None:
    async with start_hosts(tmp_path, limits=Limits(connections_per_address=2)) as hosts:
        first, second = await hosts.connect("ana"), await hosts.connect("bo")
        with pytest.raises((asyncssh.Error, OSError)):
            await hosts.connect("cy")
        second.close()
        await within(second.wait_closed())
        await eventually(lambda: hosts.ssh.addresses[LOCALHOST] == 1)
        third = await hosts.connect("cy")  # a place came free
        assert not first.is_closed() and not third.is_closed()


async def test_failed_logins_slow_the_address_down_but_never_lock_out_the_right_password(tmp_path: Path) -> None:
    async with start_hosts(tmp_path, tiny_factory, access=Access(password="right")) as hosts:
        for _ in range(4):  # three are free; the fourth waits 0.5 s
            with pytest.raises(asyncssh.PermissionDenied):
                await hosts.connect("ana", password="wrong")
        started = time.monotonic()
        with pytest.raises(asyncssh.PermissionDenied):
            await hosts.connect("ana", password="wrong")
        assert time.monotonic() - started >= 0.9  # the fifth guess waits a second before its answer
        conn = await hosts.connect("ana", password="right")  # and the right password gets in, at once
        assert not conn.is_closed()
        waiting = asyncio.ensure_future(hosts.connect("ana", password="wrong"))
        await asyncio.sleep(0.2)
        with pytest.raises(asyncssh.PermissionDenied):  # while a wrong one waits, even the right one is refused
            await hosts.connect("bo", password="right")  # unread (judged, it would tell a guesser which was right)
        with pytest.raises(asyncssh.PermissionDenied):
            await waiting
        assert not (await hosts.connect("bo", password="right")).is_closed()


# -- 4. a crash ends one session only ------------------------------------------------------------


class CrashOnKey(DoorApp):
    """The lobby app, with a key that breaks it."""

    CSS_PATH = str(ROOT / "tui" / "coup.tcss")  # relative paths are taken from the subclass's module
    BINDINGS = [("x", "crash", "Crash")]

    def action_crash(self) -> None:
        """A bug in one player's app."""
        raise RuntimeError("a bug in one session")


def crashing_factory(lobby: Lobby) -> AppFactory:
    """Lobby apps; the one of the user called crash has a bug on x."""
    make_app = lobby_app_factory(lobby)

    def make(info: SessionInfo) -> Any:
        app = make_app(info)
        if info.username == "crash":
            return CrashOnKey(app.settings, lobby)
        return app

    return make


async def test_a_crash_in_one_session_leaves_the_others_playing(tmp_path: Path) -> None:
    async with start_hosts(tmp_path, crashing_factory) as hosts:
        ana, ana_app = await open_lobby(hosts, "ana")
        crash, crash_app = await open_lobby(hosts, "crash")
        assert isinstance(crash_app, CrashOnKey)
        crash.send("x")
        assert await crash.exit_status() == 1
        await eventually(lambda: len(hosts.ssh.sessions) == 1)
        assert hosts.session("ana").app is ana_app

        since = ana.mark()
        ana.send("n")
        await ana.expect("Create (c)", since)
        ana.send("\x1b")
        await eventually(lambda: isinstance(ana_app.screen, LobbyScreen))  # (the lobby shows under the dialog)
        assert ana_app.is_running


# -- 5. finished sessions leave nothing behind -----------------------------------------------------


async def open_and_leave(hosts: Hosts, conn: asyncssh.SSHClientConnection, marker: str) -> None:
    """A session that waits for its first frame and hangs up."""
    term = await hosts.terminal(conn=conn)
    await term.expect(marker)
    await term.close()


async def all_freed(refs: list[weakref.ref[Any]], timeout: float = 5.0) -> None:
    """Collect garbage until every app is gone (apps finish their last steps a moment after the session)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        gc.collect()
        alive = [ref() for ref in refs if ref() is not None]
        if not alive or loop.time() > end:
            break
        del alive
        await asyncio.sleep(0.05)
    assert not alive, f"{len(alive)} of {len(refs)} finished apps are still in memory: {alive[:3]}"


async def test_a_hundred_finished_sessions_leave_no_app_in_memory(tmp_path: Path) -> None:
    stdout, stderr = sys.stdout, sys.stderr
    async with start_hosts(tmp_path, tiny_factory) as hosts:
        for _ in range(10):  # ten rounds of five connections at once, each with two sessions at once
            conns = [await hosts.connect("ana") for _ in range(5)]
            await within(asyncio.gather(*(open_and_leave(hosts, c, "tiny app ready") for c in conns for _ in range(2))))
            for conn in conns:
                conn.close()
                await within(conn.wait_closed())
        await eventually(lambda: not hosts.ssh.sessions)
        assert len(hosts.apps) == 100
        await all_freed(hosts.apps)
        assert sys.stdout is stdout and sys.stderr is stderr


async def test_a_connection_opens_two_terminals_at_once_and_no_more(tmp_path: Path) -> None:
    async with start_hosts(tmp_path, tiny_factory) as hosts:
        conn = await hosts.connect("ana")
        first, second = await hosts.terminal(conn=conn), await hosts.terminal(conn=conn)
        await second.expect("tiny app ready")
        for _ in range(3):  # each would have been an app of its own, never given back
            with pytest.raises(asyncssh.ChannelOpenError):
                await within(conn.create_process(term_type="xterm", term_size=SIZE))
        assert len(hosts.apps) == 2
        await first.close()
        third = await hosts.terminal(conn=conn)  # a place came free
        await third.expect("tiny app ready")
        assert len(hosts.apps) == 3


async def test_a_session_hung_up_as_its_app_starts_leaves_no_app_running(tmp_path: Path) -> None:
    async with start_hosts(tmp_path, tiny_factory) as hosts:
        for _ in range(10):
            conn = await hosts.connect("ana")
            process = await within(conn.create_process(term_type="xterm", term_size=SIZE, encoding=None))
            process.close()  # before the app's first frame
            conn.close()
            await within(conn.wait_closed())
        await eventually(lambda: not hosts.ssh.sessions)  # every app ended (one left running keeps its session)
        assert len(hosts.apps) >= 5
        await all_freed(hosts.apps)


async def test_sessions_ending_out_of_order_give_back_the_servers_streams(tmp_path: Path) -> None:
    stdout, stderr = sys.stdout, sys.stderr
    async with start_hosts(tmp_path, tiny_factory) as hosts:
        conn = await hosts.connect("ana")
        first, second = await hosts.terminal(conn=conn), await hosts.terminal(conn=conn)
        await first.expect("tiny app ready")
        await second.expect("tiny app ready")
        await first.close()  # the first to start ends first, while the second still runs
        await eventually(lambda: len(hosts.ssh.sessions) == 1)
        await second.close()
        await eventually(lambda: not hosts.ssh.sessions)
        assert sys.stdout is stdout and sys.stderr is stderr
        await all_freed(hosts.apps)


@pytest.fixture
def unraisable(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Exceptions Python could not raise (in a coroutine closed by the garbage collector...), kept as text:
    pytest's own hook keeps them whole, and their tracebacks would keep the finished apps alive."""
    seen: list[str] = []

    def record(info: Any) -> None:
        seen.append(f"{info.err_msg or 'Exception ignored'} {info.object!r}: {info.exc_type.__name__}")

    monkeypatch.setattr(sys, "unraisablehook", record)
    return seen


async def test_finished_lobby_sessions_leave_no_app_in_memory(tmp_path: Path, unraisable: list[str]) -> None:
    stdout, stderr = sys.stdout, sys.stderr
    async with start_hosts(tmp_path) as hosts:
        conns = [await hosts.connect("ana") for _ in range(3)]
        await within(asyncio.gather(*(open_and_leave(hosts, conn, "Lobby of") for conn in conns)), 60)
        await eventually(lambda: not hosts.ssh.sessions)
        assert len(hosts.apps) == 3
        await all_freed(hosts.apps)
        assert sys.stdout is stdout and sys.stderr is stderr


async def test_a_finished_lobby_session_ends_cleanly(tmp_path: Path, unraisable: list[str]) -> None:
    async with start_hosts(tmp_path) as hosts:
        await open_and_leave(hosts, await hosts.connect("ana"), "Lobby of")
        await eventually(lambda: not hosts.ssh.sessions)
        await all_freed(hosts.apps)
        assert not unraisable


# -- 6. colours follow the client's terminal -------------------------------------------------------


def test_color_system_follows_term_and_colorterm() -> None:
    assert color_system("dumb", "") is None
    assert color_system("unknown", "truecolor") is None
    assert color_system("xterm", "") == ColorSystem.STANDARD
    assert color_system("vt100", "") == ColorSystem.STANDARD
    assert color_system("xterm-256color", "") == ColorSystem.EIGHT_BIT
    assert color_system("screen-256color", "") == ColorSystem.EIGHT_BIT
    assert color_system("xterm-256color", "truecolor") == ColorSystem.TRUECOLOR
    assert color_system("xterm", "24bit") == ColorSystem.TRUECOLOR
    assert color_system("XTERM-256COLOR", "TrueColor") == ColorSystem.TRUECOLOR


def colour_codes(output: bytes) -> set[str]:
    """The SGR sequences of output that set a colour (not the ones that reset to the terminal's default)."""
    found = set()
    for params in sgr_codes(output):
        numbers = [int(p) for p in params.replace(":", ";").split(";") if p.isdigit()]
        if any(n in range(30, 39) or n in range(40, 49) or n in range(90, 98) or n in range(100, 108) for n in numbers):
            found.add(params)
    return found


DEPTHS = {  # name: (TERM, environment sent, the depth it promises)
    "dumb": ("dumb", {}, None),
    "16": ("xterm", {}, ColorSystem.STANDARD),
    "256": ("xterm-256color", {}, ColorSystem.EIGHT_BIT),
    "truecolor": ("xterm-256color", {"COLORTERM": "truecolor"}, ColorSystem.TRUECOLOR),
}


def assert_within_depth(name: str, output: bytes) -> None:
    """output uses no colour its terminal cannot show."""
    if name == "dumb":
        assert b"\x1b[38;" not in output and b"\x1b[48;" not in output
        assert not colour_codes(output), sorted(colour_codes(output))[:5]
    if name in ("dumb", "16"):
        assert b"38;5;" not in output and b"48;5;" not in output
    if name != "truecolor":
        assert b"38;2;" not in output and b"48;2;" not in output


class Painted(App[int]):
    """One line in a colour no other test uses (Textual keeps escape codes per style, process-wide)."""

    def __init__(self, foreground: str, background: str) -> None:
        super().__init__()
        self.foreground, self.background = foreground, background

    def compose(self) -> ComposeResult:
        yield Static("painted line")

    def on_mount(self) -> None:
        static = self.query_one(Static)
        static.styles.color, static.styles.background = self.foreground, self.background


async def test_colour_depth_follows_the_clients_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLORTERM", "truecolor")  # the server's own terminal must not matter
    pick = random.Random()
    foreground, background = (f"#{pick.randrange(1 << 24):06x}" for _ in range(2))
    async with start_hosts(tmp_path, lambda lobby: lambda info: Painted(foreground, background)) as hosts:
        conn = await hosts.connect("ana")
        for name, (term_type, env, depth) in DEPTHS.items():
            term = await hosts.terminal(conn=conn, term_type=term_type, env=env)
            await term.expect("painted line")
            output = bytes(term.output)
            assert_within_depth(name, output)
            for colour, foreground_code in ((foreground, True), (background, False)):
                if depth is not None:
                    codes = ";".join(Color.parse(colour).downgrade(depth).get_ansi_codes(foreground_code))
                    assert any(codes in params for params in sgr_codes(output)), (name, colour, codes)
            await term.close()


async def test_the_lobby_uses_no_colour_the_terminal_lacks(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        terms = {
            name: await hosts.terminal(term_type=term_type, env=env)
            for name, (term_type, env, _depth) in DEPTHS.items()
            if name != "truecolor"
        }
        for name, term in terms.items():
            await term.expect("Lobby of", timeout=30)
            assert_within_depth(name, bytes(term.output))
            assert b"\x1b[" in term.output  # still a full-screen app
        assert colour_codes(bytes(terms["16"].output)) and b"38;5;" in terms["256"].output


# -- a client that stops reading -----------------------------------------------------------------


class Flood(App[int]):
    """Writes as much as a huge screen being redrawn non-stop."""

    def on_mount(self) -> None:
        self.set_interval(0.005, self.flood)

    def flood(self) -> None:
        self._driver.write("x" * 65536)  # type: ignore[union-attr]


async def test_a_client_that_stops_reading_is_dropped_not_buffered(tmp_path: Path) -> None:
    async with start_hosts(tmp_path, lambda lobby: lambda info: Flood()) as hosts:
        conn = await hosts.connect("ana")
        process = await within(
            conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None, window=65536)
        )  # and never read from it
        await eventually(lambda: any(s.driver for s in hosts.ssh.sessions))
        session = next(iter(hosts.ssh.sessions))
        driver, channel = session.driver, session.chan
        await eventually(lambda: not hosts.ssh.sessions)  # the app ended
        assert driver is not None and driver._stalled
        del driver  # it refers to the app
        buffered = channel.get_write_buffer_size()
        assert buffered <= ssh_driver.MAX_UNSENT + 2 * 65536
        await asyncio.sleep(0.1)
        assert channel.get_write_buffer_size() == buffered  # nothing more is queued for it
        await all_freed(hosts.apps)
        process.close()


class FakeChannel:
    """What the driver needs of a channel, with a write buffer of any size."""

    def __init__(self, buffered: int = 0, closing: bool = False) -> None:
        self.buffered, self.closing, self.written = buffered, closing, b""

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def is_closing(self) -> bool:
        return self.closing

    def write(self, data: bytes) -> None:
        self.written += data


async def test_the_driver_stops_writing_to_a_stalled_or_closed_channel() -> None:
    stalls: list[int] = []
    channel = FakeChannel()
    driver = ChannelDriver.for_channel(channel, lambda: stalls.append(1))(Tiny())
    driver.write("frame 1")
    assert channel.written == b"frame 1" and not stalls
    channel.buffered = ssh_driver.MAX_UNSENT + 1
    driver.write("frame 2")
    driver.write("frame 3")
    assert channel.written == b"frame 1" and stalls == [1]  # told once, then silent
    channel.buffered = 0
    driver.write("frame 4")
    assert channel.written == b"frame 1"

    gone = FakeChannel(closing=True)
    ChannelDriver.for_channel(gone, lambda: stalls.append(2))(Tiny()).write("after the client left")
    assert gone.written == b"" and stalls == [1]


async def test_a_burst_of_resizes_reaches_the_app_once_at_the_last_size() -> None:
    driver = ChannelDriver.for_channel(FakeChannel(), lambda: None)(Tiny())
    heard: list[Any] = []
    driver.send_message = heard.append  # type: ignore[method-assign]
    for width in range(40, 1040):  # a client sending a thousand sizes at once
        driver.resize(width, 30)
    assert heard == []
    await asyncio.sleep(ssh_driver.RESIZE_PAUSE * 2)
    assert [message.size for message in heard] == [Size(1039, 30)]
    driver.close()


def test_colours_are_brought_down_to_the_sessions_depth() -> None:
    frame = "\x1b[0m\x1b[1;38;2;18;52;86;48;5;17mhi\x1b[31;40mthere\x1b[39;49m\x1b[m"
    assert ssh_driver.downgrade_colours(frame, ColorSystem.TRUECOLOR) == frame
    assert ssh_driver.downgrade_colours(frame, ColorSystem.EIGHT_BIT) == (
        "\x1b[0m\x1b[1;38;5;23;48;5;17mhi\x1b[31;40mthere\x1b[39;49m\x1b[m"
    )
    assert ssh_driver.downgrade_colours(frame, ColorSystem.STANDARD) == (
        "\x1b[0m\x1b[1;90;44mhi\x1b[31;40mthere\x1b[39;49m\x1b[m"
    )
    assert ssh_driver.downgrade_colours(frame, None) == "\x1b[0m\x1b[1mhithere\x1b[39;49m\x1b[m"


# -- 7. the real OpenSSH client, in tmux -------------------------------------------------------------


def wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path, timeout: float = 30.0) -> None:
    """Wait until something listens on port (failing at once if process died)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert process.poll() is None, f"the host exited: {log.read_text()[-2000:]}"
        with contextlib.suppress(OSError), socket.create_connection((LOCALHOST, port), timeout=0.5):
            return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on port {port} after {timeout} s: {log.read_text()[-2000:]}")


def test_openssh_in_tmux_reaches_the_lobby_and_a_table(tmp_path: Path) -> None:
    missing = [tool for tool in ("ssh", "tmux") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs the OpenSSH client and tmux; missing: {', '.join(missing)}")
    port, ssh_port = free_port(), free_port()
    log = tmp_path / "host.log"
    command = [sys.executable, "-m", "tui", "host", "--bind", LOCALHOST, "--port", str(port)]
    command += ["--ssh-port", str(ssh_port), "--no-lan", "--data", str(tmp_path / "host"), "--bot-delay", "0"]
    socket_name = f"coup-test-{os.getpid()}-{ssh_port}"

    def tmux(*args: str) -> str:
        done = subprocess.run(["tmux", "-u", "-f", "/dev/null", "-L", socket_name, *args], capture_output=True)
        assert done.returncode == 0, done.stderr.decode()
        return done.stdout.decode("utf-8", "replace")

    def screen_shows(text: str, timeout: float = 20.0) -> None:
        end = time.monotonic() + timeout
        while text not in (shown := tmux("capture-pane", "-p", "-t", "coup")):
            assert time.monotonic() < end, f"{text!r} not on screen after {timeout} s:\n{shown}\n{log.read_text()}"
            time.sleep(0.05)

    with log.open("wb") as output:
        host = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)
    try:
        wait_for_port(ssh_port, host, log)
        ssh = f"ssh -F /dev/null -p {ssh_port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null"
        tmux("new-session", "-d", "-s", "coup", "-x", "100", "-y", "30", f"{ssh} -o LogLevel=ERROR ana@{LOCALHOST}")
        screen_shows("Lobby of")
        tmux("send-keys", "-t", "coup", "n")
        screen_shows("Create (c)")
        tmux("send-keys", "-t", "coup", "c")
        screen_shows("You are at table")
        tmux("send-keys", "-t", "coup", "f")
        screen_shows("(rule)")
        tmux("send-keys", "-t", "coup", "s")
        screen_shows("Leave game")
        tmux("send-keys", "-t", "coup", "Escape")
        screen_shows("Leave this game?")
    finally:
        subprocess.run(["tmux", "-L", socket_name, "kill-server"], capture_output=True)
        host.terminate()
        try:
            host.wait(10)
        except subprocess.TimeoutExpired:
            host.kill()
            host.wait(5)


# -- 8. the host key -------------------------------------------------------------------------------


async def test_the_host_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    key_path = tmp_path / "keys" / "ssh_host_ed25519_key"
    fingerprints, contents = [], []
    for _ in range(2):
        async with start_hosts(tmp_path, tiny_factory, key_path=key_path) as hosts:
            conn = await hosts.connect("ana")
            server_key = conn.get_server_host_key()
            assert server_key is not None
            fingerprints.append(server_key.get_fingerprint("sha256"))
            contents.append(key_path.read_bytes())
            assert stat.S_IMODE(key_path.stat().st_mode) == 0o600
    assert fingerprints[0] == fingerprints[1]
    assert contents[0] == contents[1]
    assert asyncssh.read_private_key(key_path).get_fingerprint("sha256") == fingerprints[0]


async def test_repeated_refusals_write_one_log_line_and_a_count(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="netplay.ssh_server")
    async with start_hosts(tmp_path, tiny_factory) as hosts:
        conn = await hosts.connect("ana")
        for _ in range(50):
            with pytest.raises(asyncssh.ChannelOpenError):
                await within(conn.open_connection(LOCALHOST, hosts.port))
        lines = [r.getMessage() for r in caplog.records if "forwarding" in r.getMessage()]
        assert len(lines) == 1, lines
        hosts.ssh.tally.summarize()
        assert "49 more forwarding requests from 127.0.0.1" in caplog.messages[-1]
