"""ssh_flood: a real `coup host` with N SSH sessions in its lobby, one of them pasting megabytes of garbage, while a
TCP client plays: that client's move round trips, and how long the host takes to stop on SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import random
import re
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import asyncssh

from bench.harness import LOCALHOST, RunningHost, percentile, ssh_login, start_host
from netplay.client import Client

Result = dict[str, float]
Updates = asyncio.Queue[dict[str, Any]]
Session = asyncssh.SSHClientProcess[bytes]
PLAY_SECONDS = 8.0  # of play, the garbage pasted from a third of the way on
PAUSE = 0.05  # seconds between an update and the move it asks for
PASTE_CHUNK = 4096  # bytes a terminal hands over at a time
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]")


def choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A move that keeps a game going: income, else a pass, else the first legal one."""
    for kind in ("income", "pass"):
        for move in legal:
            if move["kind"] == kind:
                return move
    return legal[0]


async def move_round_trips(host: str, port: int, stop: asyncio.Event, times: list[float]) -> None:
    """Play two-seat games against a rule bot until stop, adding to times the seconds from each move sent to the
    update that shows it."""
    updates: Updates = asyncio.Queue()
    client = Client(on_message=updates.put_nowait)
    await client.connect(host, port, "timer")
    try:
        while not stop.is_set():
            table = (await client.request({"type": "create", "players": 2}))["table"]["id"]
            await client.request({"type": "join", "table": table})
            await client.request({"type": "fill", "table": table})
            await client.request({"type": "start", "table": table})
            await _play(client, updates, stop, times)
            await client.request({"type": "leave"})
    finally:
        await client.close()


async def _play(client: Client, updates: Updates, stop: asyncio.Event, times: list[float]) -> None:
    """One game: answer each window once; a move's round trip ends at the first update of a later version."""
    sent: tuple[int, float] | None = None  # the version a move was made on, and when it was sent
    answered = None
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            message = await asyncio.wait_for(updates.get(), 0.5)
            if message.get("type") == "error" and sent is not None:
                sent = None  # stale or illegal: a fresh update follows
            if message.get("type") != "update":
                continue
            if sent is not None and message["version"] > sent[0]:
                times.append(time.perf_counter() - sent[1])
                sent = None
            view = message["view"]
            if view["window"] == "over":
                return
            if sent is None and view["legal"] and message["window_opened"] != answered and updates.empty():
                answered = message["window_opened"]
                await asyncio.sleep(PAUSE)  # a player's pace, well within the host's allowance of messages
                sent = (message["version"], time.perf_counter())
                client.send({"type": "move", "version": message["version"], "move": choose(view["legal"])})


async def lobby_session(
    conn: asyncssh.SSHClientConnection,
) -> tuple[asyncssh.SSHClientProcess[bytes], asyncio.Task[None]]:
    """A session with a pty on conn, once it shows the lobby; and the task that reads its output from then on, as a
    terminal would."""
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    seen = b""
    while b"Lobby of" not in ESCAPES.sub(b"", seen):
        chunk = await asyncio.wait_for(process.stdout.read(65536), 60)
        if not chunk:
            raise ConnectionError("a session ended before the lobby")
        seen += chunk
    return process, asyncio.get_running_loop().create_task(_drain(process))


async def _drain(process: asyncssh.SSHClientProcess[bytes]) -> None:
    with contextlib.suppress(asyncssh.Error, OSError):
        while await process.stdout.read(65536):
            pass


async def paste_garbage(process: asyncssh.SSHClientProcess[bytes], size: int) -> None:
    """Paste size random bytes into a session, a terminal's chunk at a time."""
    data = random.Random(7).randbytes(size)
    with contextlib.suppress(asyncssh.Error, OSError, BrokenPipeError):
        for start in range(0, size, PASTE_CHUNK):
            process.stdin.write(data[start : start + PASTE_CHUNK])
            await process.stdin.drain()


def play_for(port: int, seconds: float) -> list[float]:
    """move_round_trips for seconds, in a process of its own: the SSH clients' work is not the host's delay."""

    async def play() -> list[float]:
        times: list[float] = []
        stop = asyncio.Event()
        asyncio.get_running_loop().call_later(seconds, stop.set)
        await move_round_trips(LOCALHOST, port, stop, times)
        return times

    return asyncio.run(play())


async def _measure(host: RunningHost, sessions: int, garbage: int) -> Result:
    conns = [await ssh_login(host.ssh_port, i, f"p{i}") for i in range(sessions)]
    opened = [await lobby_session(conn) for conn in conns]
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        playing = asyncio.get_running_loop().run_in_executor(pool, play_for, host.port, PLAY_SECONDS)
        await asyncio.sleep(PLAY_SECONDS / 3)  # round trips with everyone idle first
        await paste_garbage(opened[0][0], garbage)
        times = await playing
    stopped = await asyncio.to_thread(host.stop)  # with the sessions still open
    for _, reading in opened:
        reading.cancel()
    for conn in conns:
        conn.close()
    return {
        "ssh_flood_sessions": sessions,
        "ssh_flood_moves": len(times),
        "ssh_flood_move_p50_ms": round(percentile(times, 0.5) * 1000, 2),
        "ssh_flood_move_p99_ms": round(percentile(times, 0.99) * 1000, 2),
        "ssh_stop_seconds": round(stopped, 2),
    }


def measure(quick: bool = False) -> Result:
    """N idle SSH sessions (20 with quick, else 100), one pasting megabytes of garbage, and a TCP client playing:
    its move round trips (p50, p99, ms), then the seconds from SIGTERM until the host has exited. Prints them and
    returns them by key."""
    sessions, garbage = (20, 1 << 20) if quick else (100, 4 << 20)
    with tempfile.TemporaryDirectory() as folder:
        host = start_host(Path(folder))
        try:
            figures = asyncio.run(_measure(host, sessions, garbage))
        finally:
            host.stop()
    print(
        f"{sessions} SSH sessions, one pasting {garbage >> 20} MiB of garbage: a TCP player's move round trip"
        f" {figures['ssh_flood_move_p50_ms']} ms p50, {figures['ssh_flood_move_p99_ms']} ms p99"
        f" over {figures['ssh_flood_moves']:.0f} moves; SIGTERM to exit {figures['ssh_stop_seconds']} s",
        flush=True,
    )
    return figures
