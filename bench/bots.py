"""The rule bots: self-play throughput and the peak memory of a game (the cost of a decision is bench.bot_times)."""

from __future__ import annotations

import time
import tracemalloc
from typing import Any

from core.cards.engine import COUP
from core.cards.g54.config import G54Config
from core.cards.g54.engine import G54
from core.cards.state import CoupConfig
from core.game import Game
from core.registry import make_bot
from core.sim import derive_seeds, play_game

PLAYERS = 4


def throughput(game: Game, config: Any, games: int) -> float:
    """Decisions per second of games rule-bot self-play games (through core.sim.play_game, records kept)."""
    decisions = 0
    start = time.perf_counter()
    for seed in derive_seeds(1, games):
        bots = [make_bot(game.name, "rule", s) for s in derive_seeds(seed, PLAYERS)]
        decisions += play_game(game, config, seed, bots).decisions
    per_s = decisions / (time.perf_counter() - start)
    print(f"{game.name:>4} rule self-play, {PLAYERS} players: {per_s:9.0f} decisions/s, {decisions / games:.1f} a game")
    return per_s


def measure(quick: bool) -> dict[str, Any]:
    """Rule-bot self-play throughput (Coup, G54)."""
    games = 30 if quick else 300
    g54 = G54Config(players=PLAYERS, selection="advanced")
    return {
        "rule_selfplay_decisions_per_s": {
            "coup": round(throughput(COUP, CoupConfig(players=PLAYERS), games)),
            "g54": round(throughput(G54, g54, games)),
        },
    }


def measure_memory(quick: bool) -> dict[str, Any]:
    """Peak traced memory of playing one rule-bot game (KiB)."""
    tracemalloc.start()
    seed = derive_seeds(3, 1)[0]
    bots = [make_bot("coup", "rule", s) for s in derive_seeds(seed, PLAYERS)]
    outcome = play_game(COUP, CoupConfig(players=PLAYERS), seed, bots)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"    peak memory: {peak / 1024:8.1f} KiB for one {outcome.decisions}-decision rule game")
    return {"peak_memory_kib": round(peak / 1024, 1)}
