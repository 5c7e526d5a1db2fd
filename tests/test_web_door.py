"""The browser door, `coup host --web`, over its websocket as a browser's page drives it: a tab reaches the lobby
under a resume code that brings its seat back, resizes, keeps the host's password, and cannot be steered to the join
screen or another address, whatever it sends."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from netplay.ssh_server import Lobby
from netplay.web_door import WebDoor, WebDoorConfig
from tests.net_helpers import RawPeer, children, free_port
from tests.web_helpers import WebHost, WebTab, screen_text, web_host

pytestmark = pytest.mark.screens  # whole apps in processes of their own, like the SSH tests: left to `make test`
CODE = re.compile(r"Your resume code: ([0-9A-Z]{4}-[0-9A-Z]{4})")
JOIN_SCREEN = ("Play on a network", "HOST or HOST:PORT", "Hosts on this network")


async def enter(tab: WebTab, name: str) -> str:
    """Type a name on a tab's first screen; its resume code once the lobby shows."""
    await tab.expect("your name")
    await tab.keys(name, "\r")
    text = await tab.expect("Lobby of coup")
    found = CODE.search(text)
    assert found, text[-1500:]
    return found.group(1)


async def seats(host: WebHost) -> list[list[str]]:
    """The seats of every table on the host, by name, as a plain client lists them."""
    peer = await RawPeer.greeted(host.port, "Watcher")
    listing = await peer.request({"type": "list"})
    await peer.close()
    return [[seat["name"] for seat in table["seats"]] for table in listing["tables"]]


async def test_a_tab_reaches_the_lobby_and_its_resume_code_brings_its_seat_back(tmp_path):
    with web_host(tmp_path) as host:
        async with aiohttp.ClientSession() as session:
            page = await (await session.get(host.url)).text()
        assert f'data-session-websocket-url="ws://127.0.0.1:{host.url.split(":")[-1].rstrip("/")}/ws"' in page
        async with WebTab.open(host.url) as tab:
            code = await enter(tab, "Ana")
            assert f"Lobby of coup at 127.0.0.1:{host.port}" in screen_text(tab.received)
            await tab.keys("n")
            await tab.expect("Create (c)")
            await tab.keys("c")  # a new table, as the dialog offers it
            await tab.expect("◀ you")
            await tab.keys("f")
            await tab.expect("Natasha (rule)")
            tab.forget()
            await tab.send("resize", {"width": 120, "height": 40})
            await tab.expect("Lobby of coup")  # drawn again at the new size
            await tab.keys("s")
            await tab.expect("Coup · turn")  # the game, in the browser
            await tab.keys("\x11")  # ctrl+q: the host keeps the seat, and the code brings the player back to it
            await tab.expect(f"resume code {code}")
            await tab.keys("n")
        assert await seats(host) == [["Ana", "Natasha", "Sacha", "Haig"]]
        async with WebTab.open(host.url, 100, 30) as again:
            await again.expect("your name")
            await again.keys("Ana", "\t", code.lower(), "\r")  # the code typed as it likes
            await again.expect("Back at table t1, seat 1.")  # straight to her seat: the lobby may never be drawn
            await again.expect("Coup · turn")  # the game is hers again
            await again.keys("\x11")
            await again.expect(f"resume code {code}")  # the same code, the same player
            await again.keys("n")
        async with WebTab.open(host.url) as stranger:
            assert await enter(stranger, "Ana") != code  # the same name is nobody's seat
            await stranger.expect("Natasha (rule)")
            await asyncio.sleep(0.5)
            assert "◀ you" not in screen_text(stranger.received) and "Coup · turn" not in screen_text(stranger.received)


async def test_a_resume_code_the_host_never_gave_takes_the_tab_back_to_its_first_screen_saying_so(tmp_path):
    with web_host(tmp_path) as host:
        async with WebTab.open(host.url) as tab:
            await tab.expect("your name")
            await tab.keys("Ana", "\t", "K7QM-2XPA", "\r")
            await tab.expect("No player at this host has that resume code")
            await tab.expect("your name")  # the entry screen again: a code can be typed once more, or none
        assert await seats(host) == []


async def test_a_name_that_only_looks_like_a_resume_code_is_tried_as_one_then_taken_as_typed(tmp_path):
    with web_host(tmp_path) as host:
        async with WebTab.open(host.url) as tab:
            await tab.expect("your name")
            await tab.keys("AnaK7QM2XPA", "\r")  # tried as the code K7QM2XPA (identity.read_codes): nobody's
            await tab.expect("Lobby of coup")  # so only a name, with a resume code of its own
            await tab.keys("n")
            await tab.expect("Create (c)")
            await tab.keys("c")
            text = await tab.expect("◀ you")
            assert CODE.findall(text)[-1] != "K7QM-2XPA"
            assert await seats(host) == [["AnaK7QM2XPA", "", "", ""]]  # (and open seats)


async def test_a_tab_keeps_the_hosts_password(tmp_path):
    with web_host(tmp_path, "--ssh-password-env", "BOARD_PW", env={"BOARD_PW": "open sesame"}) as host:
        async with WebTab.open(host.url) as tab:
            await tab.expect("your name")
            await tab.keys("Bo", "\r")
            await tab.expect("This host has a password:")
            await tab.keys("guess", "\r")
            await tab.expect("Wrong password. Try again")
            await tab.keys("open sesame", "\r")
            await tab.expect("Lobby of coup")


async def test_a_tab_never_reaches_the_join_screen_nor_another_address_whatever_it_sends(tmp_path):
    with web_host(tmp_path) as host:
        async with WebTab.open(host.url) as tab:
            await tab.send("stdin", "\x10")  # Ctrl+P: no command palette (it could open screens the door has not)
            await tab.expect("your name")
            await enter(tab, "Eve")
            for garbage in ("not json", "{}", "[]", "[5, 6]", '["stdin", 5]', '["resize", "big"]', '["nope", 1]'):
                await tab.socket.send_str(garbage)
            await tab.send("resize", {"width": 10**9, "height": -5})  # held to what a screen can use
            await tab.socket.send_bytes(b"\x00binary")
            await tab.keys("\x1b")  # out of the lobby, to the door screen
            await tab.expect("You left the lobby")
            await tab.keys("\x1b")  # to the menu of games against the computer
            await tab.expect("Network game")
            tab.forget()
            await tab.keys("j")  # its network game is this host's lobby, never the join screen
            text = await tab.expect(f"Lobby of coup at 127.0.0.1:{host.port}")
            await tab.keys("\x10", ":", "j")
            await asyncio.sleep(1)
            text = screen_text(tab.received)
            assert not any(words in text for words in JOIN_SCREEN), text[-2000:]
            assert "Search for commands" not in text
        async with WebTab.open(host.url) as flood:
            await flood.expect("your name")
            await flood.socket.send_str('["stdin", "' + "x" * 40_000 + '"]')  # over the message limit: closed
            ending = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
            while (await asyncio.wait_for(flood.socket.receive(), 30)).type not in ending:
                pass  # what the app drew before
        async with WebTab.open(host.url) as after:  # the door and the host go on
            await enter(after, "Finn")
        assert host.process.poll() is None


async def test_an_address_may_open_only_so_many_tabs(tmp_path):
    config = WebDoorConfig("tui.web_app", Lobby("127.0.0.1", free_port(), "secret"), "127.0.0.1", 0, tabs_per_address=1)
    door = WebDoor(config)
    url = f"http://127.0.0.1:{await door.start()}/"
    try:
        async with WebTab.open(url) as first:
            await first.expect("your name")
            async with aiohttp.ClientSession() as session:
                refused = await session.get(url.replace("http", "ws") + "ws", headers={"Upgrade": "websocket"})
                assert refused.status == 503 and "Too many coup tabs" in await refused.text()
        for _ in range(50):  # a closed tab makes room once its app has quit
            with contextlib.suppress(aiohttp.WSServerHandshakeError):
                async with WebTab.open(url) as later:
                    await later.expect("your name")
                    break
            await asyncio.sleep(0.2)
        else:
            raise AssertionError("no room for a tab after the first closed")
    finally:
        await door.stop()


def tab_apps(host: WebHost) -> set[int]:
    """The process ids of the browser tabs' apps that host started (its descendants: tests running beside this one
    have tabs of their own)."""
    found, waiting = set(), [host.process.pid]
    while waiting:
        with contextlib.suppress(OSError):  # a process that has just exited
            for child in children(waiting.pop()):
                waiting.append(child)
                if b"tui.web_app" in Path(f"/proc/{child}/cmdline").read_bytes():
                    found.add(child)
    return found


async def test_an_empty_key_packet_leaves_no_tab_app_running_once_its_tab_closes(tmp_path):
    with web_host(tmp_path) as host:
        for _ in range(2):
            async with WebTab.open(host.url) as tab:
                await tab.expect("your name")
                assert tab_apps(host), "the tab's app is not seen among the host's processes"
                for key in ("a", "", "\\r"):  # an empty packet made the app deaf to the quit a closing tab sends
                    await tab.send("stdin", key)
                    await asyncio.sleep(0.3)
        for _ in range(100):
            if not tab_apps(host):
                break
            await asyncio.sleep(0.1)
        assert not tab_apps(host)


@contextlib.asynccontextmanager
async def door_with(**limits: Any) -> AsyncIterator[str]:
    """A browser door on 127.0.0.1 with limits (its lobby's host need not be there for a tab's first screen); its
    url, and the door stopped on exit."""
    lobby = Lobby("127.0.0.1", free_port(), "secret")
    door = WebDoor(WebDoorConfig("tui.web_app", lobby, "127.0.0.1", 0, **limits))
    try:
        yield f"http://127.0.0.1:{await door.start()}/"
    finally:
        await door.stop()


async def closed_by_door(reader: asyncio.StreamReader, timeout: float = 5.0) -> bool:
    """Whether the door closes the connection (its read ends) within timeout."""
    with contextlib.suppress(ConnectionError):
        return await asyncio.wait_for(reader.read(), timeout) == b""
    return True


async def test_half_sent_requests_are_limited_by_address_and_closed_when_late(tmp_path):
    async with door_with(connections_per_address=4, request_seconds=1.0) as url:
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        slow = [await asyncio.open_connection("127.0.0.1", port) for _ in range(4)]
        for _, writer in slow:  # a request line and a header, never the rest
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
        one_more, _ = await asyncio.open_connection("127.0.0.1", port)
        assert await closed_by_door(one_more, 0.5)  # over the address's limit: refused at once
        for reader, _ in slow:
            assert await closed_by_door(reader, 3.0)  # the request never came in whole: closed after a second
        async with aiohttp.ClientSession() as session:
            page = await session.get(url)
            assert page.status == 200  # room again


async def test_a_tab_sending_binary_messages_is_closed_as_a_flood(tmp_path):
    async with door_with() as url, WebTab.open(url) as tab:
        await tab.expect("your name")
        with contextlib.suppress(ConnectionError):
            for _ in range(100):  # 400 KiB, in messages well under the size limit: a page sends only text
                await tab.socket.send_bytes(b"\0" * 4096)
        message = await asyncio.wait_for(tab.socket.receive(), 10)
        while message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
            message = await asyncio.wait_for(tab.socket.receive(), 10)
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)


async def test_a_tab_that_never_types_is_closed_and_an_idle_one_later(tmp_path):
    async with door_with(first_key_seconds=4.0, idle_seconds=5.0) as url:
        async with WebTab.open(url) as silent:
            await silent.expect("your name")
            with pytest.raises(AssertionError, match="the tab closed"):
                await silent.expect("never shown", timeout=15)
        async with WebTab.open(url) as typing:
            await typing.expect("your name")
            for _ in range(12):  # typing keeps it open past the first key's deadline
                await typing.keys("a")
                await asyncio.sleep(0.35)
            await typing.expect("a" * 12)  # still open, well past the first key's deadline
            with pytest.raises(AssertionError, match="the tab closed"):
                await typing.expect("never shown", timeout=15)


async def test_the_page_names_no_host_but_a_hosts_and_no_cache_keeps_it(tmp_path):
    async with door_with() as url, aiohttp.ClientSession() as session:
        port = url.rstrip("/").rsplit(":", 1)[1]
        for header, named in (
            ('evil.com"><script>x</script>', f"127.0.0.1:{port}"),  # not a host: the address the page came from
            ("coup.example:8080", "coup.example:8080"),  # a host (behind a proxy): the page points back at it
        ):
            page = await session.get(url, headers={"Host": header})
            assert page.headers["Cache-Control"] == "no-store"  # a shared cache never hands it to another
            html = await page.text()
            assert f'data-session-websocket-url="ws://{named}/ws"' in html and "evil" not in html
