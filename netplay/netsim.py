"""Self-play through a host: every seat a separate network client, results equal to local self-play."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from core.registry import game_spec
from core.sim import Tally, check_lineup, derive_seeds
from netplay.client import Client
from netplay.host import Host
from netplay.netbot import play_bot

UNLIMITED = 1e9  # messages a second: a private host's bots may answer at machine speed


async def run_net_sim(
    game: str,
    players: int,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    address: tuple[str, int] | None = None,
    options: dict[str, Any] | None = None,
    stall: float = 60.0,
) -> dict[str, Any]:
    """Like core.sim.run_sim (the same summary, the game's own additions made from the final views), but each game
    is created on a host (a private one on 127.0.0.1 unless address is given) and every seat is played by its own
    client. The private host deals each game from the seed, as local self-play does; a host at address deals its
    own (the bots' seeds still come from seed). A game in which the host sends nothing for stall seconds fails with
    a TimeoutError."""
    check_lineup(players, bot_names)
    host = None
    if address is None:  # a private host, to match local self-play; only our bots use it, so it needs no flood limit
        host = Host(data_dir=None, bot_delay=0, chosen_seeds=True, rate=UNLIMITED, burst=UNLIMITED)
        address = ("127.0.0.1", await host.start("127.0.0.1", 0))
    tally = Tally(game, seed, bot_names)
    finals: list[Any] = []  # each game's final view
    try:
        controller = Client()
        await controller.connect(*address, name="sim")
        for game_seed in derive_seeds(seed, games):
            create = {"type": "create", "game": game, "players": players, "options": options or {}}
            if host is not None:  # a host of one's own deals every table itself: only the private one takes a seed
                create["seed"] = game_seed
            create["starts"] = "anyone"  # the organiser never sits: the first bot starts it
            created = await controller.request(create)
            table_id = created["table"]["id"]
            bot_seeds = derive_seeds(game_seed, players)
            seats = [
                asyncio.ensure_future(
                    play_bot(
                        *address,
                        level=name,
                        seed=bot_seeds[s],
                        table_id=table_id,
                        seat=s,
                        name=f"{name} {s + 1}",
                        start=s == 0,
                        ordered=True,
                        stall=stall,
                        paced=host is None,
                    )
                )
                for s, name in enumerate(bot_names)
            ]
            try:
                results = await asyncio.gather(*seats)
            except BaseException:  # one seat failed (a stall): the others stop too, rather than wait for it
                for seat in seats:
                    seat.cancel()
                await asyncio.gather(*seats, return_exceptions=True)
                raise
            tally.add(results[0].winner, results[0].turns, sum(r.decisions for r in results))
            finals.append(results[0].final)
        await controller.close()
    finally:
        if host is not None:
            await host.stop()
    summary = tally.summary()
    summary.update(game_spec(game).summarize(summary, finals))
    return {**summary, "net": True}
