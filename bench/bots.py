"""The rule bots: self-play throughput, the cost of a decision (cards and wargame), and the peak memory of a game."""

from __future__ import annotations

import time
import tracemalloc
from typing import Any

from core.cards.engine import COUP
from core.cards.g54.config import G54Config
from core.cards.g54.engine import G54
from core.cards.rule_bot import RuleBot
from core.cards.state import CoupConfig
from core.game import Game
from core.registry import make_bot
from core.sim import derive_seeds, play_game
from core.wargame.bot import WargameBot
from core.wargame.config import WargameConfig
from core.wargame.engine import WARGAME

PLAYERS = 4
WARGAME_TURNS = 6


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


def decision_time(views: int) -> dict[str, float]:
    """Mean and 99th percentile of one rule-bot decision (µs) over the views of random games."""
    config = CoupConfig(players=PLAYERS)
    seen: list[Any] = []
    for seed in derive_seeds(2, 200):
        bots = [make_bot("coup", "random", s) for s in derive_seeds(seed, PLAYERS)]
        state = COUP.new(config, seed)
        while COUP.result(state) is None and len(seen) < views:
            seat = COUP.to_act(state)[0]
            view = COUP.view(state, seat)
            seen.append(view)
            state, _ = COUP.apply(state, seat, bots[seat].choose(view))
    bot = RuleBot(0)
    times = []
    for view in seen:
        start = time.perf_counter_ns()
        bot.choose(view)
        times.append(time.perf_counter_ns() - start)
    mean, p99 = percentiles(times, 1000)
    print(f"  rule decision: {mean:8.1f} µs mean {p99:8.1f} µs p99 over {len(times)} views")
    return {"mean": round(mean, 1), "p99": round(p99, 1)}


def wargame_decision_time(turns: int) -> dict[str, float]:
    """Mean and 99th percentile of one wargame rule-bot decision (ms) over the views of a rule-vs-rule game."""
    state = WARGAME.new(WargameConfig(turn_limit=turns), 4)
    bots = [WargameBot(1), WargameBot(2)]
    times = []
    while WARGAME.result(state) is None:
        seat = WARGAME.to_act(state)[0]
        view = WARGAME.view(state, seat)
        start = time.perf_counter_ns()
        move = bots[seat].choose(view)
        times.append(time.perf_counter_ns() - start)
        state, _ = WARGAME.apply(state, seat, move)
    mean, p99 = percentiles(times, 1_000_000)
    print(f"wargame decision: {mean:8.1f} ms mean {p99:8.1f} ms p99 over {len(times)} views")
    return {"mean": round(mean, 2), "p99": round(p99, 2)}


def percentiles(times_ns: list[int], unit: int) -> tuple[float, float]:
    """The mean and the 99th percentile of times_ns, in units of unit nanoseconds."""
    ordered = sorted(times_ns)
    return sum(ordered) / len(ordered) / unit, ordered[int(len(ordered) * 0.99)] / unit


def measure(quick: bool) -> dict[str, Any]:
    """Rule-bot self-play throughput (Coup, G54) and decision times (Coup, wargame)."""
    games = 30 if quick else 300
    g54 = G54Config(players=PLAYERS, selection="advanced")
    return {
        "rule_selfplay_decisions_per_s": {
            "coup": round(throughput(COUP, CoupConfig(players=PLAYERS), games)),
            "g54": round(throughput(G54, g54, games)),
        },
        "rule_decision_us": decision_time(2_000 if quick else 20_000),
        "wargame_rule_decision_ms": wargame_decision_time(2 if quick else WARGAME_TURNS),
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
