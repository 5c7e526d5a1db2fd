"""The computer's thinking time at a table: the bots that owe one window (the answers to a claim) think at once, not
one after another, so a claim at a table of ten waits one pause, not nine."""

from __future__ import annotations

import asyncio

import pytest

from core.cards.moves import Move
from core.cards.state import CoupConfig
from netplay import table as table_module
from netplay.table import Table


async def test_the_bots_owing_one_window_take_one_pause_between_them(monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[tuple[float, str, int]] = []
    sleep = asyncio.sleep

    async def counted(seconds: float) -> None:
        pauses.append((seconds, table.state.window, table.window_opened))
        await sleep(0)

    monkeypatch.setattr(table_module.asyncio, "sleep", counted)
    config = CoupConfig(players=6, first_player=0)
    table = Table("coup", config, 3, bots={seat: "random" for seat in range(1, 6)}, bot_delay=0.6)
    table.start()
    await table.settled()
    table.submit(0, Move("tax"), table.state.version)  # a claim: five bots owe an answer
    await table.settled()
    answers = [pause for pause in pauses if pause[1] == "challenge_action"]
    assert len(answers) == 1 and answers[0][0] == 0.6  # one pause for the window, whoever of the five answered
    assert all(pauses.count(pause) == 1 for pause in pauses)  # and no window paused twice
