"""The browser door: `coup host --web PORT` serves the app to browsers with textual-serve, in a process of its own
beside the host (started and watched like the SSH door); each browser tab runs the app in a process of its own, a
client of this host and no other, told where the host is and who vouches for it through its environment."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import shlex
import sys
import time
import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from netplay.connection import where_from
from netplay.journal import read_json
from netplay.limits import descriptor_cap
from netplay.ssh_door import OnStdin, door_main, stand, wait_or_kill
from netplay.ssh_driver import InputBudget
from netplay.ssh_server import Lobby, screen_size
from netplay.tally import shown

log = logging.getLogger(__name__)
TAB_SETUP = "COUP_WEB_TAB"  # the environment variable that tells a tab's app its lobby and its browser's address
MAX_MESSAGE = 16 * 1024  # bytes of one websocket message from a browser (a paste is sent in several)
HEARTBEAT_SECONDS = 15.0
STOP_SECONDS = 5.0  # for a tab's app to quit when its tab closes, before it is killed
IDLE_CHECK_SECONDS = 5.0  # how often a tab's silence is looked at
HOST_HEADER = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?")  # a host name or address, a port


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
    idle_seconds: float = 30 * 60  # a tab no key or size came from for so long is closed, as an idle SSH session
    first_key_seconds: float = 5 * 60  # and one that never sent a key, sooner: it holds an app and a place
    connections_per_address: int = 32  # open HTTP connections (a page, its files, each tab's websocket)
    connections: int = 1024  # in all: well under the process's file descriptors, so accepting never fails
    request_seconds: float = 10.0  # for a connection's first request to come in whole (half-sent ones held them)


class TabService(AppService):
    """One tab's app process, told its lobby and its browser's address in its environment (never in argv)."""

    def __init__(self, command: str, setup: dict[str, Any], **options: Any) -> None:
        super().__init__(command, **options)
        self.setup = setup
        self.last_input, self.typed = time.monotonic(), False  # when a key or a size last came, and whether a key has

    def heard(self, typed: bool = False) -> None:
        """A key (typed) or a new size came from the tab: it is not idle."""
        self.last_input, self.typed = time.monotonic(), self.typed or typed

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(width, height), TAB_SETUP: json.dumps(self.setup)}

    async def stop(self) -> None:
        """Tell the app to quit, and see its process end (killed if it has not after STOP_SECONDS)."""
        await super().stop()
        if self._process is not None:
            await wait_or_kill(self._process, STOP_SECONDS)


class ConnectionGuard:
    """Counts the door's HTTP connections by address and in all, refusing those over the limits at once, and closes a
    connection whose first request has not come in whole in time: two addresses sending half a request each and never
    the rest held all the door's file descriptors, and each refused accept then logged a traceback."""

    def __init__(self, config: WebDoorConfig) -> None:
        self.config = config
        self.cap = config.connections  # (fitted under the process's file descriptors once it listens)
        self.by_address: Counter[str] = Counter()
        self.served: weakref.WeakSet[asyncio.BaseTransport] = weakref.WeakSet()  # those whose first request came

    def wrap(self, factory: Callable[[], asyncio.BaseProtocol]) -> Callable[[], asyncio.BaseProtocol]:
        """A protocol factory for the listening socket: factory's protocols, guarded."""
        return lambda: GuardedProtocol(self, factory())

    @web.middleware
    async def mark_served(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Note that the connection's request came in whole (so it is not closed for taking too long)."""
        if request.transport is not None:
            self.served.add(request.transport)
        response: web.StreamResponse = await handler(request)
        return response


class GuardedProtocol(asyncio.Protocol):
    """aiohttp's protocol for one connection, let in only within the guard's limits."""

    def __init__(self, guard: ConnectionGuard, inner: asyncio.BaseProtocol) -> None:
        self.guard, self.inner = guard, inner
        self.address: str | None = None  # counted in, once let in

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = where_from(str(peer[0])) if isinstance(peer, tuple) else "?"
        config, counted = self.guard.config, self.guard.by_address
        if counted[address] >= config.connections_per_address or counted.total() >= self.guard.cap:
            transport.close()
            return
        counted[address] += 1
        self.address = address
        self.inner.connection_made(transport)
        asyncio.get_running_loop().call_later(config.request_seconds, self._in_time, transport)

    def _in_time(self, transport: asyncio.BaseTransport) -> None:
        if transport not in self.guard.served and not transport.is_closing():
            transport.close()

    def data_received(self, data: bytes) -> None:
        if self.address is not None:
            self.inner.data_received(data)  # type: ignore[attr-defined]  # aiohttp's is a streaming protocol

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.address is not None else None  # type: ignore[attr-defined]

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is None:
            return
        counted = self.guard.by_address
        counted[self.address] -= 1
        if not counted[self.address]:
            del counted[self.address]
        self.inner.connection_lost(exc)


class WebDoor(Server):
    """textual-serve's server with a limit on tabs, bounded and checked input, screen sizes held to what a screen can
    use, and pages that point the browser back at the address it used (a door bound to 0.0.0.0 works)."""

    def __init__(self, config: WebDoorConfig) -> None:
        # exec: the shell textual-serve starts the command in becomes the app, so that stopping a tab ends the app
        command = f"exec {shlex.quote(sys.executable)} -m {config.app}"
        super().__init__(command, config.bind, config.port, title="coup")
        self.config = config
        self.open_tabs: Counter[str] = Counter()
        self.guard = ConnectionGuard(config)
        self.runner: web.AppRunner | None = None
        self.listening: asyncio.Server | None = None

    async def start(self) -> int:
        """Listen; the port."""
        app = await self._make_app()
        app.middlewares.append(self.guard.mark_served)
        self.guard.cap = descriptor_cap(self.config.connections)  # (a tab's app takes a few more for its pipes)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        assert self.runner.server is not None
        loop = asyncio.get_running_loop()
        self.listening = await loop.create_server(
            self.guard.wrap(self.runner.server), self.config.bind, self.config.port
        )
        port: int = self.listening.sockets[0].getsockname()[1]
        return port

    async def stop(self) -> None:
        """Stop listening and close every tab."""
        if self.listening is not None:
            self.listening.close()
        if self.runner is not None:
            await self.runner.cleanup()

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to print: the host says where the door is."""

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, kept by no cache (it names the address it was asked by)."""
        response = await self._page(request)
        response.headers["Cache-Control"] = "no-store"
        return response

    @aiohttp_jinja2.template("app_index.html")
    async def _page(self, request: web.Request) -> dict[str, Any]:
        """The page, its websocket and static files at the address the browser reached it by, if a host's (else the
        address the connection came to: a Host header of anything else went into the page)."""
        host = request.host if HOST_HEADER.fullmatch(request.host) else self._local_address(request)
        origin = f"{request.scheme}://{host}"
        websocket = ("wss" if request.secure else "ws") + f"://{host}/ws"
        return {
            "font_size": min(max(to_int(request.query.get("fontsize", "16"), 16), 8), 40),
            "app_websocket_url": websocket,
            "config": {"static": {"url": f"{origin}/static/"}},
            "application": {"name": self.title},
        }

    @staticmethod
    def _local_address(request: web.Request) -> str:
        """HOST:PORT the connection came to."""
        local = request.transport.get_extra_info("sockname") if request.transport is not None else None
        if not isinstance(local, tuple):
            return "127.0.0.1"
        address = str(local[0])
        return f"[{address}]:{local[1]}" if ":" in address else f"{address}:{local[1]}"

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
            quiet = asyncio.create_task(self._close_when_idle(websocket, tab))
            try:
                await self._relay(websocket, tab)
            finally:
                quiet.cancel()
                await tab.stop()
        except Exception:
            log.exception("a browser tab of %s failed", shown(address))
        finally:
            self.open_tabs[address] -= 1
            if not self.open_tabs[address]:
                del self.open_tabs[address]
        return websocket

    async def _close_when_idle(self, websocket: web.WebSocketResponse, tab: TabService) -> None:
        """Close the tab once no key or size has come from it for the idle time (before its first key, sooner)."""
        while True:
            await asyncio.sleep(min(IDLE_CHECK_SECONDS, self.config.first_key_seconds, self.config.idle_seconds))
            limit = self.config.idle_seconds if tab.typed else self.config.first_key_seconds
            if time.monotonic() - tab.last_input > limit:
                log.info("closing an idle browser tab")
                await websocket.close()
                return

    async def _relay(self, websocket: web.WebSocketResponse, tab: TabService) -> None:
        """Keys, sizes, focus and pings from the browser to its app, within an input budget (binary messages count,
        and are dropped); anything else is dropped, and a tab that floods is closed."""
        budget = InputBudget()
        async for message in websocket:
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                continue
            if not budget.take(len(message.data)):
                if budget.flooding:
                    log.warning("closing a browser tab that floods its input")
                    break
                continue
            if message.type != WSMsgType.TEXT:  # (a browser page sends none: one tab pushed 18 GB of them unchecked)
                continue
            envelope = read_json(message.data)
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str) and data:  # (an empty packet made an app deaf to quitting)
                tab.heard(typed=True)
                await tab.send_bytes(data.encode("utf-8", errors="replace"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if type(width) is int and type(height) is int:
                    tab.heard()
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
