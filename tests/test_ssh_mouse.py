"""A mouse click sent over SSH reaches the session's app: the menu's Start button starts a game."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh

from netplay.host import Host
from netplay.ssh_server import Lobby, SSHHost
from tui.ssh_apps import lobby_app_factory

ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]")


async def test_a_mouse_click_over_ssh_presses_a_button(tmp_path: Path) -> None:
    host = Host(tmp_path / "host", bot_delay=0)
    lobby = Lobby("127.0.0.1", await host.start("127.0.0.1", 0), host.policy.door_secret)
    ssh = SSHHost(lobby_app_factory(lobby), tmp_path / "key")
    port = await ssh.start("127.0.0.1", 0)
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        async with asyncssh.connect("127.0.0.1", port, username="ana", known_hosts=None, client_keys=[key]) as conn:
            process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
            seen = b""

            async def until(text: str) -> None:
                nonlocal seen
                while text.encode() not in ESCAPES.sub(b"", seen):
                    seen += await asyncio.wait_for(process.stdout.read(65536), 10)

            await until("Lobby of")
            for _ in range(2):  # a lone Esc leaves the lobby, another the door screen: the menu
                process.stdin.write(b"\x1b")
                await asyncio.sleep(0.5)
            await until("Start game")
            await asyncio.sleep(0.3)
            app = next(iter(ssh.sessions)).app
            button = app.screen.query_one("#start")
            x, y = button.region.x + 3, button.region.y
            seen = b""
            process.stdin.write(f"\x1b[<0;{x + 1};{y + 1}M\x1b[<0;{x + 1};{y + 1}m".encode())  # SGR press, release
            await until("Coup · turn")
            process.stdin.write(b"\x11")  # ctrl+q, which asks first while a game is on
            await until("Quit coup?")
            process.stdin.write(b"y")
            await asyncio.wait_for(process.wait_closed(), 10)
    finally:
        await ssh.stop()
        await host.stop()
