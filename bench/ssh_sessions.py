"""ssh_sessions: N SSH players (asyncssh clients with a pty, each its own key) arriving in the lobby of a real `coup
host` while network tables play: the host's memory per session, the first frame's latency, and a keystroke's latency
to the screen (turning the lobby's page)."""

from __future__ import annotations

import asyncio
import contextlib
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

from bench.harness import RunningHost, percentile, ssh_login, start_host
from bench.host_load import THINK, Players
from bench.players import Pace

SIZES, QUICK_SIZES = (25, 50, 100, 200), (10, 25)
TARGET_SESSIONS = 100  # the size the targets are set for
TARGET_MIB, TARGET_FIRST_FRAME_MS, TARGET_KEY_P99_MS = 8.0, 300.0, 100.0
BACKGROUND_TABLES = 120  # tables played meanwhile: well over two pages of the lobby (50 each), so ] always turns one
KEY_SAMPLES, KEY_PRESSES = 20, 5  # sessions whose keystrokes are timed, and page turns each
TIMEOUT = 60.0
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>])")
Figures = dict[str, Any]


class Terminal:
    """One SSH session as a terminal sees it: the text it has shown (escape sequences taken out)."""

    def __init__(self, connection: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.connection, self.process = connection, process
        self.text = b""
        self.changed = asyncio.Event()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while chunk := await self.process.stdout.read(65536):
                self.text += ESCAPES.sub(b"", chunk)
                self.changed.set()

    async def shows(self, marker: bytes, after: int = 0) -> None:
        """Wait until marker has been shown after text position after."""
        end = time.monotonic() + TIMEOUT
        while marker not in self.text[after:]:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.0, end - time.monotonic()))
            except TimeoutError:
                raise TimeoutError(f"{marker!r} not shown in {TIMEOUT} s; last shown: {self.text[-300:]!r}") from None

    async def press(self, key: bytes, marker: bytes) -> float:
        """Seconds from typing key until marker shows."""
        after = len(self.text)
        started = time.perf_counter()
        self.process.stdin.write(key)
        await self.shows(marker, after)
        return time.perf_counter() - started

    def close(self) -> None:
        """Hang up."""
        self.reader.cancel()
        self.connection.close()


async def arrive(port: int, number: int) -> tuple[Terminal, float]:
    """A new player (a new key, from loopback address 127.0.0.N) in the lobby; and seconds until the lobby showed."""
    started = time.perf_counter()
    connection = await ssh_login(port, number, f"s{number}")
    process = await connection.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    terminal = Terminal(connection, process)
    await terminal.shows(b"Lobby of")
    return terminal, time.perf_counter() - started


async def key_latencies(terminals: list[Terminal]) -> list[float]:
    """Turn the lobby's page forward and back in a sample of sessions, one key at a time."""
    step = max(1, len(terminals) // KEY_SAMPLES)
    times = []
    for terminal in terminals[::step][:KEY_SAMPLES]:
        for _ in range(KEY_PRESSES):
            times.append(await terminal.press(b"]", b"Page 2 of"))
            times.append(await terminal.press(b"[", b"Page 1 of"))
    return times


async def _measure(host: RunningHost, sizes: tuple[int, ...]) -> list[Figures]:
    await asyncio.sleep(2)
    base = host.rss_mib()
    terminals: list[Terminal] = []
    rows = []
    try:
        for size in sizes:
            first_frames = []
            try:
                while len(terminals) < size:
                    terminal, seconds = await arrive(host.ssh_port, len(terminals))
                    terminals.append(terminal)
                    first_frames.append(seconds)
                await asyncio.sleep(2)
                mib = (host.rss_mib() - base) / size
                keys = await key_latencies(terminals)
            except (TimeoutError, OSError, asyncssh.Error) as error:  # past what the door holds: say so, go no further
                rows.append({"sessions": size, "failed": str(error)[:200]})
                print(f"{size} SSH sessions: failed: {error}", flush=True)
                break
            rows.append(
                {
                    "sessions": size,
                    "mib_per_session": round(mib, 2),
                    "first_frame_p50_ms": round(percentile(first_frames, 0.5) * 1000, 1),
                    "first_frame_p99_ms": round(percentile(first_frames, 0.99) * 1000, 1),
                    "key_p99_ms": round(percentile(keys, 0.99) * 1000, 1),
                }
            )
            print(
                f"{size} SSH sessions: {rows[-1]['mib_per_session']} MiB each, first frame"
                f" p50 {rows[-1]['first_frame_p50_ms']} ms p99 {rows[-1]['first_frame_p99_ms']} ms,"
                f" key to screen p99 {rows[-1]['key_p99_ms']} ms",
                flush=True,
            )
    finally:
        for terminal in terminals:
            terminal.close()
    return rows


def within_targets(row: Figures) -> bool:
    """Whether a row meets every SSH target."""
    return "failed" not in row and bool(
        row["mib_per_session"] <= TARGET_MIB
        and row["first_frame_p50_ms"] <= TARGET_FIRST_FRAME_MS
        and row["key_p99_ms"] <= TARGET_KEY_P99_MS
    )


def measure(quick: bool = False) -> Figures:
    """SSH sessions arriving by the sizes given while BACKGROUND_TABLES tables play: a row per size (ssh_load), the
    largest size within every target (ssh_sessions), and the figures at TARGET_SESSIONS (with quick, at the largest
    size; None where that size failed): ssh_mib_per_session, ssh_first_frame_median_ms, ssh_key_p99_ms."""
    sizes = QUICK_SIZES if quick else SIZES
    with tempfile.TemporaryDirectory() as folder:
        host = start_host(Path(folder))
        players = Players(host.port, BACKGROUND_TABLES, Pace(THINK, warm=0.0, span=3600.0))
        try:
            players.seat()
            players.go()
            rows = asyncio.run(_measure(host, sizes))
        finally:
            players.stop()
            host.stop()
    measured = [row for row in rows if "failed" not in row]
    target = sizes[-1] if quick else TARGET_SESSIONS
    at_target = next((row for row in measured if row["sessions"] == target), {})
    return {
        "ssh_load": rows,
        "ssh_sessions": max((row["sessions"] for row in rows if within_targets(row)), default=0),
        "ssh_mib_per_session": at_target.get("mib_per_session"),
        "ssh_first_frame_median_ms": at_target.get("first_frame_p50_ms"),
        "ssh_key_p99_ms": at_target.get("key_p99_ms"),
    }
