"""Self-play through a host gives exactly local self-play's summary, for every registered game and its options."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

import pytest

from core.registry import GAMES
from core.sim import run_sim
from netplay.netbot import play_bot
from netplay.netsim import run_net_sim
from tests.net_helpers import LOCALHOST, RawPeer, eventually, running_host, within

STALL = 10.0  # seconds a seat waits for the host before the game counts as stalled (self-play answers at once)
LIMIT = 60.0  # seconds any one case may take


@dataclass(frozen=True)
class Case:
    """A self-play series: a game, its options, one bot level per seat, how many games from which seed."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    games: int
    seed: int
    marks: tuple[Any, ...] = field(default=())

    @property
    def label(self) -> str:
        words = [f"{key}={value}" for key, value in self.options.items()]
        return "-".join([self.game, f"{len(self.bots)}p", *words])


ADVANCED_RULES = {"scenario": "basic", "salvage": True, "surrender": True, "extra_reinforcements": True}
CASES = (
    Case("coup", {}, ("rule", "random", "rule", "random"), 8, 2),
    Case("coup", {"two_player_variant": True}, ("rule", "random"), 10, 3),
    Case("coup", {"inquisitor": True}, ("rule", "random", "rule"), 6, 4),
    Case("reformation", {}, ("rule", "random", "rule", "rule"), 6, 5),
    Case("reformation", {"inquisitor": True}, ("rule",) * 10, 2, 6),
    Case("g54", {"selection": "first"}, ("rule", "random", "rule"), 6, 7),
    Case("g54", {"selection": "random"}, ("rule",) * 4, 6, 8),
    Case("g54", {"selection": "advanced"}, ("rule", "rule", "random", "rule", "rule"), 4, 9),
    Case("wargame", {**ADVANCED_RULES, "turn_limit": 3}, ("rule", "rule"), 1, 3),
    Case("wargame", {"scenario": "advanced", "turn_limit": 2}, ("random", "rule"), 1, 5),  # picks by index
    Case("wargame", {"scenario": "basic"}, ("rule", "rule"), 1, 3, (pytest.mark.slow,)),
    Case("wargame", {"scenario": "advanced"}, ("classic", "classic"), 1, 3, (pytest.mark.slow,)),
)


def test_every_registered_game_is_played_over_the_network() -> None:
    assert {case.game for case in CASES} == set(GAMES)


async def net_summary(case: Case) -> dict[str, Any]:
    """run_net_sim for case; a game that stalls (a window no client answers, an update the host cannot send) or
    takes too long fails the test with what happened rather than hang."""
    try:
        return await within(
            run_net_sim(case.game, len(case.bots), case.games, case.seed, case.bots, options=case.options, stall=STALL),
            LIMIT,
        )
    except TimeoutError as error:
        pytest.fail(f"network self-play of {case.label} stalled: {error or f'not done in {LIMIT} s'}")


@pytest.mark.parametrize("case", [pytest.param(case, id=case.label, marks=case.marks) for case in CASES])
async def test_network_self_play_equals_local_self_play(case: Case, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="netplay")
    local = run_sim(case.game, len(case.bots), case.games, case.seed, case.bots, case.options)
    networked = await net_summary(case)
    assert networked.pop("net") is True
    assert networked == local  # winners, turns, decisions and the game's own summary (the wargame's VP)
    assert not [r.message for r in caplog.records if "oversized" in r.message or "flooding" in r.message]


async def test_a_window_nobody_answers_fails_with_a_clear_error_rather_than_hang() -> None:
    """Self-play's seats wait a bounded time: a seat owed by a connected but silent client is a stall."""
    async with running_host(None) as (host, port):
        silent = await RawPeer.greeted(port, "silent")
        created = await silent.request({"type": "create", "game": "wargame", "players": 2, "seed": 1})
        table_id = created["table"]["id"]
        assert (await silent.request({"type": "join", "table": table_id, "seat": 1}))["type"] == "joined"
        bot = asyncio.ensure_future(play_bot(LOCALHOST, port, table_id=table_id, seat=0, stall=0.5))
        await eventually(lambda: host.tables[table_id].seats[0].kind == "person")
        assert (await silent.request({"type": "start", "table": table_id}))["type"] == "ok"  # the creator starts
        with pytest.raises(TimeoutError, match=rf"seat 0 of table {table_id}: nothing from the host for 0.5 s"):
            await within(bot)  # the rebels (the silent seat) place first, so the government waits for ever
        await silent.close()
