"""Chat through the SSH door: a line meant to paint the player's terminal arrives as plain text, and the SSH
player's own line reaches the lobby."""

from __future__ import annotations

from pathlib import Path

from tests.net_helpers import RawPeer
from tests.ssh_helpers import open_lobby, start_hosts
from tests.test_tui_chat import PAINTED, SHOWN


async def test_a_chat_line_reaches_an_ssh_player_stripped_of_what_would_paint_the_terminal(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        term, _app = await open_lobby(hosts, "ana")
        bo = await RawPeer.greeted(hosts.port, "Bo")
        since = term.mark()
        assert (await bo.request({"type": "chat", "text": PAINTED}))["type"] == "ok"
        await term.expect(f"» Bo: {SHOWN}", since)
        assert b"pwned" not in term.output  # the title sequence never reached the terminal
        assert "\u202e" not in term.text(since)

        term.send("'")
        await term.expect("Say something to the lobby", since)
        term.send("hi from ssh\r")
        line = await bo.expect(lambda m: m.get("type") == "chat" and m.get("name") == "ana")
        assert (line["scope"], line["text"]) == ("lobby", "hi from ssh")
        await term.expect("» ana: hi from ssh", since)
