"""The SSH door: a process of its own beside `coup host`, restarted if it dies, stopped with it; apps locked to their
host and name; a session's input, output and screen size bounded, so no session holds up the others."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest
from textual.geometry import Size
from textual.widgets import Input

from bench.ssh_flood import move_round_trips
from netplay.client import Client
from netplay.ssh_driver import INPUT_BURST, INPUT_RATE, InputBudget
from netplay.ssh_server import MAX_SIZE, GameSession, Lobby, screen_size
from tests.net_helpers import children
from tests.ssh_helpers import (
    LOCALHOST,
    SIZE,
    Terminal,
    client_key,
    eventually,
    free_port,
    open_lobby,
    start_hosts,
    within,
)
from tui.screens.join import JoinScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.settings import Settings
from tui.ssh_apps import DoorScreen

ROOT = Path(__file__).resolve().parent.parent


# -- the door's own process ---------------------------------------------------------------------------------------


@contextlib.contextmanager
def coup_host(tmp_path: Path, *options: str) -> Iterator[tuple[subprocess.Popen[bytes], int, int, Path]]:
    """`coup host` on 127.0.0.1 (computers answer at once), with more options if given: its process, game port, SSH
    port and log; killed if the test left it running."""
    port, ssh_port = free_port(), free_port()
    log = tmp_path / "host.log"
    command = [sys.executable, "-m", "tui", "host", "--bind", LOCALHOST, "--port", str(port), "--no-lan"]
    command += ["--ssh-port", str(ssh_port), "--data", str(tmp_path / "data"), "--bot-delay", "0", *options]
    with log.open("wb") as output:
        host = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)
    try:
        end = time.monotonic() + 60
        while "ssh -p" not in log.read_text():
            assert host.poll() is None and time.monotonic() < end, f"coup host did not start: {log.read_text()}"
            time.sleep(0.05)
        yield host, port, ssh_port, log
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def gone(pid: int) -> bool:
    """The process has exited (and is not left a zombie)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except FileNotFoundError:
        return True


async def ssh_lobby(ssh_port: int, username: str) -> asyncssh.SSHClientProcess[bytes]:
    """A session on a running `coup host`, once it shows the lobby."""
    conn = await within(
        asyncssh.connect(
            LOCALHOST,
            ssh_port,
            username=username,
            known_hosts=None,
            config=None,
            agent_path=None,
            client_keys=[client_key(username)],
        )
    )
    process = await within(conn.create_process(term_type="xterm", term_size=SIZE, encoding=None))
    seen = b""
    while b"Lobby" not in seen:
        chunk = await within(process.stdout.read(65536))
        assert chunk, f"the session ended: {seen[-500:]!r}"
        seen += chunk
    return process


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the door's process in /proc")
async def test_sigterm_stops_coup_host_and_its_door_within_5_s_with_sessions_open(tmp_path: Path) -> None:
    with coup_host(tmp_path) as (host, port, ssh_port, log):
        (door,) = children(host.pid)
        sessions = [await ssh_lobby(ssh_port, name) for name in ("ana", "bo")]
        client = Client()
        await within(client.connect(LOCALHOST, port, "cy"))
        assert not gone(door)

        started = time.monotonic()
        host.send_signal(signal.SIGTERM)
        await within(asyncio.to_thread(host.wait), 5)
        assert time.monotonic() - started < 5
        assert host.returncode == 0, log.read_text()[-2000:]
        await eventually(lambda: gone(door), timeout=1)
        for session in sessions:
            await within(session.wait_closed())
        await within(client.closed.wait())


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the door's process in /proc")
def test_the_doors_sessions_keep_their_files_in_the_hosts_data_folder(tmp_path: Path) -> None:
    with coup_host(tmp_path) as (host, _port, _ssh_port, _log):
        (door,) = children(host.pid)
        environment = Path(f"/proc/{door}/environ").read_bytes().split(b"\0")
        assert f"COUP_DATA_DIR={tmp_path / 'data'}".encode() in environment  # (where its players' games are counted)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the door's process in /proc")
async def test_a_door_that_dies_is_started_again_and_the_game_host_goes_on(tmp_path: Path) -> None:
    with coup_host(tmp_path) as (host, port, ssh_port, log):
        (door,) = children(host.pid)
        client = Client()
        await within(client.connect(LOCALHOST, port, "cy"))
        os.kill(door, signal.SIGKILL)
        await eventually(lambda: "the SSH door stopped" in log.read_text())
        await eventually(lambda: "the SSH door is back on port" in log.read_text())
        await within(ssh_lobby(ssh_port, "ana"))  # on the same port
        assert (await within(client.request({"type": "ping"})))["type"] == "pong"  # never disconnected
        assert children(host.pid) != [door]
        await client.close()


async def test_the_host_terminal_shows_its_own_lines_and_asyncssh_only_from_warning_up_unless_verbose(
    tmp_path: Path,
) -> None:
    quiet, verbose = tmp_path / "quiet", tmp_path / "verbose"
    quiet.mkdir(), verbose.mkdir()
    with coup_host(quiet) as (_, _, ssh_port, log):
        session = await ssh_lobby(ssh_port, "ana")  # asyncssh would have said it accepted the connection by now
        said = log.read_text()
        assert said.startswith("coup host listening on") and "asyncssh" not in said, said
        session.close()
    with coup_host(verbose, "--verbose") as (_, _, _, log):
        assert "INFO ssh-door asyncssh: Creating SSH listener" in log.read_text()


# -- an app locked to its host and its name -----------------------------------------------------------------------


async def test_an_ssh_app_reaches_no_join_screen_and_keeps_its_name(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        term, app = await open_lobby(hosts, "ana")
        since = term.mark()
        term.send("\x1b")  # out of the lobby: the door screen, not a join screen with an address to type
        await term.expect("You left the lobby", since)
        assert isinstance(app.screen, DoorScreen)
        since = term.mark()
        term.send("\x1b")  # games against the computer
        await term.expect("Start game", since)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert menu.query_one("#name", Input).disabled and menu.query_one("#name", Input).value == "ana"
        since = term.mark()
        term.send("j")  # "Network game": back to this host's lobby, nowhere else
        await term.expect("Lobby of", since)
        await eventually(lambda: isinstance(app.screen, LobbyScreen))
        assert not any(isinstance(screen, JoinScreen) for screen in app.screen_stack)
        assert not app.ENABLE_COMMAND_PALETTE
        assert len(hosts.host.connections) == 1  # one lobby connection, to the door's host


# -- bounded input, output and sizes ------------------------------------------------------------------------------


def test_screen_sizes_are_held_to_what_a_screen_can_use() -> None:
    assert screen_size(0, 0) == (80, 24)
    assert screen_size(0, 0, (100, 30)) == (100, 30)
    assert screen_size(1, 4294967295) == (20, 200)
    assert screen_size(10000, 10000) == MAX_SIZE
    assert screen_size(132, 43) == (132, 43)


def test_the_input_budget_drops_what_is_over_and_calls_a_steady_excess_a_flood(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    budget = InputBudget()
    assert budget.take(INPUT_BURST)
    assert not budget.take(1)
    now[0] += 1.0
    assert budget.take(INPUT_RATE) and not budget.take(1)
    for _ in range(20):
        assert not budget.take(4096)
    assert budget.flooding
    now[0] += 60.0  # the rate pays the excess back
    assert budget.take(100) and not budget.flooding


async def paste(term: Terminal, data: bytes) -> None:
    """Paste data as a terminal does, a chunk at a time (until the session is ended)."""
    with contextlib.suppress(BrokenPipeError):
        for start in range(0, len(data), 1024):
            term.send(data[start : start + 1024])
            await asyncio.sleep(0)


async def test_floods_of_input_end_their_own_sessions_and_hold_up_no_one(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:  # one process and loop for the host and every session: the worst case
        garbage, flood, bo = [(await open_lobby(hosts, name))[0] for name in ("eve", "zed", "bo")]
        times: list[float] = []
        stop = asyncio.Event()
        playing = asyncio.get_running_loop().create_task(move_round_trips(LOCALHOST, hosts.port, stop, times))
        await eventually(lambda: len(times) >= 5)
        before = len(times)
        await paste(garbage, random.Random(1).randbytes(100 * 1024))  # keys of every kind: it may well quit
        await paste(flood, b"x" * 100 * 1024)  # a key the lobby ignores: only the flood ends it
        await flood.expect("it sent far more input than a game can use")
        assert await flood.exit_status() == 1
        await eventually(lambda: garbage.closed)
        since = bo.mark()
        bo.send("n")  # another session answers at once
        await bo.expect("Create (c)", since, timeout=2)
        await eventually(lambda: len(times) >= before + 5)
        stop.set()
        await within(playing)
        assert max(times[before:]) < 2.0, f"moves took up to {max(times[before:]):.2f} s during the floods"


async def test_a_client_that_hangs_up_before_its_session_runs_gets_no_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start, lost = GameSession._run, GameSession.connection_lost
    gone: set[GameSession] = set()

    def losing(session: GameSession, exc: Exception | None) -> None:
        gone.add(session)
        lost(session, exc)

    async def late(session: GameSession) -> None:
        """The session's start put off until the client is gone (a client that sends its close with its shell
        request is gone before the session's task first runs)."""
        await eventually(lambda: session in gone)
        await start(session)

    monkeypatch.setattr(GameSession, "connection_lost", losing)
    monkeypatch.setattr(GameSession, "_run", late)
    async with start_hosts(tmp_path) as hosts:
        for _ in range(3):
            conn = await hosts.connect("ana")
            await within(conn.create_process(term_type="xterm", term_size=SIZE, encoding=None))
            conn.abort()
        await eventually(lambda: not hosts.ssh.sessions, timeout=5)  # not an app each, alone until its idle limit
        assert not hosts.apps


async def test_huge_terminal_sizes_are_clamped_and_cost_no_memory(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        conn = await hosts.connect("ana")
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
        process = await within(conn.create_process(term_type="xterm", term_size=(10000, 10000), encoding=None))
        app = await hosts.app_of("ana")
        await eventually(lambda: isinstance(app.screen, LobbyScreen))
        assert app.size == Size(*MAX_SIZE)
        process.change_terminal_size(1, 4294967295)
        await eventually(lambda: app.size == Size(20, 200))
        process.change_terminal_size(0, 0)  # nothing said: the size stays
        await asyncio.sleep(0.2)
        assert app.size == Size(20, 200)
        process.change_terminal_size(10000, 10000)
        await eventually(lambda: app.size == Size(*MAX_SIZE))
        await asyncio.sleep(0.5)  # drawn at that size
        assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss < 200 * 1024


def test_the_door_screen_says_nothing_once_it_is_gone() -> None:
    """The lobby's worker ends after the session that ran it: its last word ("You left the lobby") must not stop the
    closing app on an internal error (seen under load: NoMatches on #door-status)."""
    screen = DoorScreen(Settings(), Lobby("127.0.0.1", 1, ""))
    screen._say(" You left the lobby.")  # no widget to say it in, and no error


async def test_writes_to_sessions_lost_in_a_redraw_cost_the_log_two_lines(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    async with start_hosts(tmp_path) as hosts:
        lost: list[asyncio.Transport] = []
        server = await asyncio.get_running_loop().create_server(
            lambda: type("Kept", (asyncio.Protocol,), {"connection_made": lambda self, t: lost.append(t)})(),
            "127.0.0.1",
            0,
        )
        writers = [await asyncio.open_connection("127.0.0.1", server.sockets[0].getsockname()[1]) for _ in range(20)]
        await eventually(lambda: len(lost) == len(writers))
        for transport in lost:  # as a session that vanished while its frame was still being written
            transport.abort()
            for _ in range(50):
                transport.write(b"a redraw")
        hosts.ssh.tally.summarize()
        server.close()
        for _, writer in writers:
            writer.close()
    lines = [record.getMessage() for record in caplog.records]
    assert not [line for line in lines if "socket.send() raised exception" in line]  # 920 lines without the filter
    first, summed = [line for line in lines if "lost connection" in line]
    assert first == "a write to a lost connection"
    assert summed.endswith(" more writes to lost connections from gone peers") and int(summed.split()[0]) > 100
