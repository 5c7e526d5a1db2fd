"""Helpers for the browser door's tests: `coup host --web` as a process on free ports of 127.0.0.1, and a tab driven
over the websocket textual-serve speaks, as the page's script would (keys as a terminal sends them, resizes)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from tests.net_helpers import LOCALHOST, free_port

ROOT = Path(__file__).resolve().parent.parent
START_SECONDS = 60.0
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")


@dataclass
class WebHost:
    """A running `coup host --web`: its game port, the web door's page, its process and what it printed."""

    port: int
    url: str
    process: subprocess.Popen[str]
    log: Path

    def output(self) -> str:
        """Everything the host and its door have written so far."""
        return self.log.read_text(errors="replace")


@contextlib.contextmanager
def web_host(tmp_path: Path, *extra: str, env: dict[str, str] | None = None) -> Iterator[WebHost]:
    """`coup host --web` on free ports of 127.0.0.1 (no SSH, no LAN), stopped with SIGTERM on exit."""
    port, web = free_port(), free_port()
    log = tmp_path / "host.log"
    command = [sys.executable, "-m", "tui", "host", "--bind", LOCALHOST, "--port", str(port), "--web", str(web)]
    command += ["--no-ssh", "--no-lan", "--data", str(tmp_path / "host"), "--bot-delay", "0", *extra]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    with log.open("w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True, env=environment, cwd=ROOT)
    host = WebHost(port, f"http://{LOCALHOST}:{web}/", process, log)
    try:
        wait_for_line(host, "or in a browser:")
        yield host
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_for_line(host: WebHost, text: str) -> None:
    """Wait until the host has printed text (AssertionError if it exits or takes too long)."""
    for _ in range(int(START_SECONDS / 0.1)):
        if text in host.output():
            return
        assert host.process.poll() is None, f"the host exited:\n{host.output()}"
        subprocess.run(["sleep", "0.1"], check=True)
    raise AssertionError(f"the host did not print {text!r}:\n{host.output()}")


def screen_text(data: str) -> str:
    """What a terminal stream says with its escape sequences taken out."""
    return ESCAPES.sub("", data)


class WebTab:
    """One browser tab's websocket: keys and sizes in, the app's terminal output kept as text."""

    def __init__(self, session: aiohttp.ClientSession, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.session, self.socket = session, socket
        self.received = ""

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, url: str, width: int = 80, height: int = 24) -> AsyncIterator[WebTab]:
        """The tab the page at url would open (its websocket, at width x height); closed on exit."""
        async with aiohttp.ClientSession() as session:
            page = await session.get(url)
            html = await page.text()
            found = re.search(r'data-session-websocket-url="([^"]+)"', html)
            assert found, html[:400]
            async with session.ws_connect(f"{found.group(1)}?width={width}&height={height}") as socket:
                yield cls(session, socket)

    def send(self, kind: str, data: Any = None) -> Any:
        """Send one envelope as the page's script does."""
        return self.socket.send_str(json.dumps([kind, data]))

    async def keys(self, *keys: str) -> None:
        """Type keys as a terminal sends them (Enter "\\r", Esc "\\x1b"), a moment apart."""
        for key in keys:
            await self.send("stdin", key)
            await asyncio.sleep(0.15)

    async def expect(self, text: str, timeout: float = 30.0) -> str:
        """Read the app's output until text shows (case and spacing as drawn); all the text so far."""

        async def read() -> str:
            while text not in screen_text(self.received):
                message = await self.socket.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.received += message.data.decode("utf-8", errors="replace")
                elif message.type == aiohttp.WSMsgType.TEXT:
                    continue
                else:
                    shown = screen_text(self.received)[-2000:]
                    raise AssertionError(f"the tab closed before {text!r} showed:\n{shown}")
            return screen_text(self.received)

        try:
            return await asyncio.wait_for(read(), timeout)
        except TimeoutError:
            shown = screen_text(self.received)[-2000:]
            raise AssertionError(f"{text!r} did not show in {timeout:g} s; the tab's last output:\n{shown}") from None

    def forget(self) -> None:
        """Drop what was received so far (to wait for something drawn anew)."""
        self.received = ""
