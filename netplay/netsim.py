"""Self-play through a host: every seat a separate network client, results equal to local self-play."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from core.sim import Tally, check_lineup, derive_seeds
from netplay.client import Client
from netplay.host import Host
from netplay.netbot import play_bot


async def run_net_sim(
    game: str,
    players: int,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    address: tuple[str, int] | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Like core.sim.run_sim, but each game is created on a host (a private one on 127.0.0.1
    unless address is given) and every seat is played by its own client."""
    check_lineup(players, bot_names)
    host = None
    if address is None:
        host = Host(data_dir=None, bot_delay=0, chosen_seeds=True)  # a private host, to match local self-play
        address = ("127.0.0.1", await host.start("127.0.0.1", 0))
    tally = Tally(game, seed, bot_names)
    try:
        controller = Client()
        await controller.connect(*address, name="sim")
        for game_seed in derive_seeds(seed, games):
            create = {"type": "create", "game": game, "players": players, "seed": game_seed, "options": options or {}}
            created = await controller.request(create)
            table_id = created["table"]["id"]
            bot_seeds = derive_seeds(game_seed, players)
            results = await asyncio.gather(
                *(
                    play_bot(
                        *address,
                        level=name,
                        seed=bot_seeds[s],
                        table_id=table_id,
                        seat=s,
                        name=f"{name} {s + 1}",
                        start=s == 0,
                        ordered=True,
                    )
                    for s, name in enumerate(bot_names)
                )
            )
            tally.add(results[0].winner, results[0].turns, sum(r.decisions for r in results))
        await controller.close()
    finally:
        if host is not None:
            await host.stop()
    return {**tally.summary(), "net": True}
