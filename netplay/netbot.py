"""A computer opponent that plays on a host through the documented protocol, like any client."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from core.game import Bot
from core.registry import make_bot
from netplay.client import Client, HostError
from netplay.codec import to_plain, view_from_plain
from netplay.tally import shown

log = logging.getLogger(__name__)


@dataclass
class BotResult:
    """How the bot's game ended."""

    winner: int
    turns: int
    decisions: int


async def find_open_table(client: Client) -> str:
    """The first table that has not started and has an open seat."""
    listing = await client.request({"type": "list"})
    for table in listing["tables"]:
        if not table["started"] and any(s["kind"] == "open" for s in table["seats"]):
            return str(table["id"])
    raise HostError("no_table", "no table with an open seat; create one first")


async def wait_until_full(client: Client, table_id: str, poll: float = 0.02) -> None:
    """Wait until every seat of table_id is taken."""
    while True:
        listing = await client.request({"type": "list"})
        table = next(t for t in listing["tables"] if t["id"] == table_id)
        if all(s["kind"] != "open" for s in table["seats"]):
            return
        await asyncio.sleep(poll)


async def play_bot(
    host: str,
    port: int,
    level: str = "rule",
    seed: int = 0,
    table_id: str | None = None,
    seat: int | None = None,
    name: str | None = None,
    start: bool = False,
    ordered: bool = False,
) -> BotResult:
    """Join a table (the first open one if none is named), play until the game ends.
    start: start the table once it is full. ordered: answer a window only when first in turn
    order among those who owe it (self-play uses this to match local self-play exactly)."""
    updates: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    client = Client(on_message=updates.put_nowait)
    await client.connect(host, port, name or f"{level} bot")
    try:
        table_id = table_id or await find_open_table(client)
        joined = await client.request({"type": "join", "table": table_id, "seat": seat})
        my_seat = joined["seat"]
        if start:
            await wait_until_full(client, table_id)
            await client.request({"type": "start", "table": table_id})
        answered: int | None = None  # the window (by the version that opened it) already answered
        decisions = 0
        bot: Bot | None = None
        while True:
            message = await updates.get()
            while message["type"] == "update" and not updates.empty():
                message = updates.get_nowait()  # act on the latest view only
            if message["type"] == "closed":
                raise ConnectionError("the host closed the connection")
            if message["type"] == "error":
                log.warning("host refused a move: %s", shown(message.get("message")))
                continue
            if message["type"] != "update" or message.get("table") != table_id:
                continue
            game = message["game"]
            view = view_from_plain(game, message["view"])
            if bot is None:  # the host names the game only once a table is seated
                bot = make_bot(game, level, seed)
            if view.winner is not None:
                return BotResult(view.winner, view.turn, decisions)
            window = message.get("window_opened")
            if not view.legal or window == answered or (ordered and view.owed[0] != my_seat):
                continue
            move = await asyncio.to_thread(bot.choose, view)
            answered = window
            decisions += 1
            client.send({"type": "move", "version": view.version, "move": to_plain(move)})
    finally:
        await client.close()
