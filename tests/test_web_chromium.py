"""The browser door in a real browser: headless Chromium, driven over its DevTools protocol, opens the page of
`coup host --web`, types a name into the terminal and reaches the lobby (a screenshot of it is kept with the test's
files). Skipped where /usr/bin/chromium is absent: `apt-get install chromium chromium-driver`."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.web_helpers import screen_text, web_host

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1000,700",
    "--remote-debugging-port=0",
)
# Keeps what the page's websocket receives (the terminal stream xterm.js draws on a canvas) where a test can read it.
RECORD_SCREEN = """
window.__screen = "";
const NativeWebSocket = window.WebSocket;
window.WebSocket = function (url, protocols) {
  const socket = new NativeWebSocket(url, protocols);
  socket.addEventListener("message", (event) => {
    if (event.data instanceof ArrayBuffer) window.__screen += new TextDecoder().decode(event.data);
  });
  return socket;
};
window.WebSocket.prototype = NativeWebSocket.prototype;
"""
ENTER = {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "nativeVirtualKeyCode": 13}

pytestmark = [
    pytest.mark.screens,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Chromium at /usr/bin/chromium: apt-get install chromium chromium-driver"
    ),
]


@contextlib.contextmanager
def chromium(profile: Path) -> Iterator[int]:
    """Headless Chromium with a fresh profile; the port of its DevTools protocol."""
    command = [str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}", "about:blank"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    active = profile / "DevToolsActivePort"
    try:
        deadline = time.monotonic() + 60
        while not (active.exists() and active.read_text().strip()):
            assert process.poll() is None and time.monotonic() < deadline, "Chromium did not start"
            time.sleep(0.1)
        yield int(active.read_text().split()[0])
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Page:
    """One browser page, over the DevTools protocol."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self._ids = itertools.count(1)

    @classmethod
    @contextlib.asynccontextmanager
    async def first(cls, port: int) -> AsyncIterator[Page]:
        """The browser's first page."""
        async with aiohttp.ClientSession() as session:
            targets = await (await session.get(f"http://127.0.0.1:{port}/json/list")).json()
            target = next(t for t in targets if t["type"] == "page")
            async with session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as socket:
                yield cls(socket)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Call a DevTools method; its result."""
        ref = next(self._ids)
        await self.socket.send_str(json.dumps({"id": ref, "method": method, "params": params}))
        while True:
            message = json.loads((await asyncio.wait_for(self.socket.receive(), 30)).data)
            if message.get("id") == ref:
                assert "error" not in message, message
                result: dict[str, Any] = message["result"]
                return result

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        return (await self.call("Runtime.evaluate", expression=expression, returnByValue=True))["result"].get("value")

    async def screen(self, text: str, timeout: float = 30) -> str:
        """Wait until the terminal has been sent text; everything it has been sent, as text."""
        deadline = time.monotonic() + timeout
        while True:
            shown = screen_text(await self.evaluate("window.__screen || ''"))
            if text in shown:
                return shown
            assert time.monotonic() < deadline, f"{text!r} never reached the browser:\n{shown[-1500:]}"
            await asyncio.sleep(0.2)

    async def type(self, text: str) -> None:
        """Type text into the terminal, then Enter."""
        await self.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
        await self.call("Input.insertText", text=text)
        await self.call("Input.dispatchKeyEvent", type="rawKeyDown", **ENTER)
        await self.call("Input.dispatchKeyEvent", type="char", key="Enter", text="\r", unmodifiedText="\r")
        await self.call("Input.dispatchKeyEvent", type="keyUp", **ENTER)


async def test_headless_chromium_opens_the_lobby(tmp_path):
    with web_host(tmp_path) as host, chromium(tmp_path / "profile") as devtools:
        async with Page.first(devtools) as page:
            await page.call("Page.enable")
            await page.call("Page.addScriptToEvaluateOnNewDocument", source=RECORD_SCREEN)
            await page.call("Page.navigate", url=host.url)
            await page.screen("your name")
            await page.type("Ana")
            shown = await page.screen(f"Lobby of coup at 127.0.0.1:{host.port}")
            assert "Your resume code:" in shown
            assert await page.evaluate("document.body.classList.contains('-first-byte')")  # xterm.js drew it
            shot = await page.call("Page.captureScreenshot")
            (tmp_path / "lobby.png").write_bytes(base64.b64decode(shot["data"]))
