"""The browser door: `coup host --web PORT` serves the app to browsers with textual-serve, in a process of its own
beside the host (started and watched like the SSH door); each browser tab runs the app in a process of its own, a
client of this host and no other, told where the host is and who vouches for it through its environment."""

from __future__ import annotations

import asyncio
import json
import logging
import shlex
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from netplay.journal import read_json
from netplay.ssh_door import OnStdin, door_main, stand, wait_or_kill
from netplay.ssh_driver import InputBudget
from netplay.ssh_server import Lobby, screen_size
from netplay.tally import shown

log = logging.getLogger(__name__)
TAB_SETUP = "COUP_WEB_TAB"  # the environment variable that tells a tab's app its lobby and its browser's address
MAX_MESSAGE = 16 * 1024  # bytes of one websocket message from a browser (a paste is sent in several)
HEARTBEAT_SECONDS = 15.0
STOP_SECONDS = 5.0  # for a tab's app to quit when its tab closes, before it is killed


@dataclass(frozen=True)
class WebDoorConfig(OnStdin):
    """What the browser door is told on its stdin: the module each tab runs (`python -m APP`), the lobby its apps play
    on, where to listen, and how many tabs may be open at once (from one address, and from everywhere)."""

    app: str
    lobby: Lobby
    bind: str
    port: int
    tabs_per_address: int = 8
    tabs: int = 100


class TabService(AppService):
    """One tab's app process, told its lobby and its browser's address in its environment (never in argv)."""

    def __init__(self, command: str, setup: dict[str, Any], **options: Any) -> None:
        super().__init__(command, **options)
        self.setup = setup

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(width, height), TAB_SETUP: json.dumps(self.setup)}

    async def stop(self) -> None:
        """Tell the app to quit, and see its process end (killed if it has not after STOP_SECONDS)."""
        await super().stop()
        if self._process is not None:
            await wait_or_kill(self._process, STOP_SECONDS)


class WebDoor(Server):
    """textual-serve's server with a limit on tabs, bounded and checked input, screen sizes held to what a screen can
    use, and pages that point the browser back at the address it used (a door bound to 0.0.0.0 works)."""

    def __init__(self, config: WebDoorConfig) -> None:
        # exec: the shell textual-serve starts the command in becomes the app, so that stopping a tab ends the app
        command = f"exec {shlex.quote(sys.executable)} -m {config.app}"
        super().__init__(command, config.bind, config.port, title="coup")
        self.config = config
        self.open_tabs: Counter[str] = Counter()
        self.runner: web.AppRunner | None = None

    async def start(self) -> int:
        """Listen; the port."""
        self.runner = web.AppRunner(await self._make_app())
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.config.bind, self.config.port)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server)
        port: int = server.sockets[0].getsockname()[1]
        return port

    async def stop(self) -> None:
        """Close every tab and stop listening."""
        if self.runner is not None:
            await self.runner.cleanup()

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to print: the host says where the door is."""

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """The page, its websocket and static files at the address the browser reached it by."""
        origin = f"{request.scheme}://{request.host}"
        websocket = ("wss" if request.secure else "ws") + f"://{request.host}/ws"
        return {
            "font_size": min(max(to_int(request.query.get("fontsize", "16"), 16), 8), 40),
            "app_websocket_url": websocket,
            "config": {"static": {"url": f"{origin}/static/"}},
            "application": {"name": self.title},
        }

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab: its own app process while the websocket is open, if its address has room for another."""
        address = request.remote or "?"
        if self.open_tabs[address] >= self.config.tabs_per_address or self.open_tabs.total() >= self.config.tabs:
            log.warning("refusing a browser tab from %s: too many open", shown(address))
            raise web.HTTPServiceUnavailable(text="Too many coup tabs are open: close one and try again.")
        self.open_tabs[address] += 1
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS, max_msg_size=MAX_MESSAGE)
        try:
            await websocket.prepare(request)
            tab = TabService(
                self.command,
                {**asdict(self.config.lobby), "peer": address},
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
            )
            width, height = to_int(request.query.get("width", "80"), 80), to_int(request.query.get("height", "24"), 24)
            await tab.start(*screen_size(width, height))
            try:
                await self._process_messages(websocket, tab)
            finally:
                await tab.stop()
        except Exception:
            log.exception("a browser tab of %s failed", shown(address))
        finally:
            self.open_tabs[address] -= 1
            if not self.open_tabs[address]:
                del self.open_tabs[address]
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, tab: AppService) -> None:
        """Keys, sizes, focus and pings from the browser to its app, within an input budget; anything else is
        dropped, and a tab that floods is closed."""
        budget = InputBudget()
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            if not budget.take(len(message.data)):
                if budget.flooding:
                    log.warning("closing a browser tab that floods its input")
                    break
                continue
            envelope = read_json(message.data)
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str) and data:  # (an empty packet made an app deaf to quitting)
                await tab.send_bytes(data.encode("utf-8", errors="replace"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if type(width) is int and type(height) is int:
                    await tab.set_terminal_size(*screen_size(width, height))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await tab.blur()
            elif kind == "focus":
                await tab.focus()


async def serve(line: bytes, stdin: asyncio.StreamReader) -> None:
    """Run the browser door its config line describes until SIGTERM or SIGINT, or until stdin closes."""
    door = WebDoor(WebDoorConfig.from_line(line))
    await stand(await door.start(), stdin)
    await door.stop()


if __name__ == "__main__":
    door_main("web-door", serve)
