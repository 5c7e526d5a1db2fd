"""The expert as `coup bot --level expert` plays: through a host, from views read off the wire, it plays exactly the
games it plays locally."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from core.cards.engine import COUP
from core.cards.expert import LIVE_SECONDS
from core.registry import make_bot
from core.sim import run_sim
from netplay import netbot
from netplay.netbot import play_bot
from netplay.netsim import run_net_sim
from netplay.table import Table
from tests.net_helpers import RawPeer, running_host, within
from tests.test_expert import SteppingClock

pytestmark = pytest.mark.slow  # whole games, the expert searching every decision twice (locally, then networked)


@pytest.mark.parametrize(
    ("game", "options", "bots"),
    [
        ("coup", {}, ("expert", "rule")),
        ("reformation", {"inquisitor": True}, ("rule", "expert", "rule")),
        ("g54", {"selection": "random"}, ("expert", "rule", "rule")),
    ],
)
async def test_the_expert_over_the_network_plays_as_it_does_locally(
    game: str, options: dict[str, Any], bots: tuple[str, ...]
) -> None:
    local = run_sim(game, len(bots), 1, 12, bots, options)
    networked = await within(run_net_sim(game, len(bots), 1, 12, bots, options=options, stall=30.0), 120.0)
    assert networked.pop("net") is True
    assert networked == local


async def test_a_tables_searching_bots_think_in_the_one_search_thread_and_the_others_do_not() -> None:
    table = Table(
        "coup",
        COUP.load_config({"players": 3}),
        5,
        {0: "expert", 1: "expert", 2: "rule"},
        bot_delay=0,
        save_records=False,
    )
    threads: dict[int, set[str]] = {seat: set() for seat in table.bots}
    for seat, bot in table.bots.items():
        bot.nodes = 20  # type: ignore[attr-defined]  # (the expert's budget) a few moves are enough
        chosen = bot.choose

        def choose(view: Any, seat: int = seat, chosen: Any = chosen) -> Any:
            threads[seat].add(threading.current_thread().name)
            return chosen(view)

        bot.choose = choose  # type: ignore[method-assign]
    table.start()
    await within(table.settled(), 60.0)
    assert table.over()
    assert all(name.startswith("coup-search") for seat in (0, 1) for name in threads[seat])
    assert threads[2] and not any(name.startswith("coup-search") for name in threads[2])


async def test_coup_bot_s_expert_stops_by_its_clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Any] = []

    def make_and_keep(game: str, level: str, seed: int) -> Any:
        made.append(make_bot(game, level, seed))
        return made[-1]

    monkeypatch.setattr(netbot, "make_bot", make_and_keep)
    clock = SteppingClock(LIVE_SECONDS * 0.6)  # each search stops after one deal
    async with running_host(tmp_path) as (_, port):
        ana = await RawPeer.greeted(port, "Ana")
        table = (await ana.request({"type": "create", "players": 2, "starts": "anyone"}))["table"]["id"]
        seats = [
            play_bot("127.0.0.1", port, level="expert", seed=3, table_id=table, seat=0, clock=clock),
            play_bot("127.0.0.1", port, level="rule", seed=4, table_id=table, seat=1, start=True),
        ]
        await within(asyncio.gather(*seats), 120.0)
    expert = next(bot for bot in made if bot.name == "expert")
    assert expert.clock is clock and expert.clock_stops > 0
