"""Self-play throughput, the cost of one rule-bot decision (cards and wargame), the peak memory of one game, and a
host's move round trips while SSH sessions flood it (ssh_flood)."""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from bench import ssh_flood
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
GAMES = 300
TIMED_DECISIONS = 20_000
WARGAME_TURNS = 6


def throughput(bot: str, game: Game = COUP, config: Any = None) -> str:
    """Games and decisions per second of GAMES self-play games between bots of one level."""
    config = config or CoupConfig(players=PLAYERS)
    decisions = 0
    start = time.perf_counter()
    for seed in derive_seeds(1, GAMES):
        bots = [make_bot(game.name, bot, s) for s in derive_seeds(seed, PLAYERS)]
        decisions += play_game(game, config, seed, bots).decisions
    elapsed = time.perf_counter() - start
    return (
        f"{game.name:>4} {bot:>6} self-play, {PLAYERS} players: {GAMES / elapsed:8.1f} games/s"
        f" {decisions / elapsed:10.0f} decisions/s ({decisions / GAMES:.1f} decisions a game)"
    )


def decision_time() -> str:
    """Mean and 99th percentile of one rule-bot decision over the views of random games."""
    config = CoupConfig(players=PLAYERS)
    views: list[Any] = []
    for seed in derive_seeds(2, 200):
        bots = [make_bot("coup", "random", s) for s in derive_seeds(seed, PLAYERS)]
        state = COUP.new(config, seed)
        while COUP.result(state) is None and len(views) < TIMED_DECISIONS:
            seat = COUP.to_act(state)[0]
            view = COUP.view(state, seat)
            views.append(view)
            state, _ = COUP.apply(state, seat, bots[seat].choose(view))
    bot = RuleBot(0)
    times = []
    for view in views:
        start = time.perf_counter_ns()
        bot.choose(view)
        times.append(time.perf_counter_ns() - start)
    times.sort()
    mean = sum(times) / len(times) / 1000
    p99 = times[int(len(times) * 0.99)] / 1000
    return f"  rule decision: {mean:8.1f} µs mean {p99:8.1f} µs p99 over {len(times)} views"


def wargame_decision_time() -> str:
    """Mean and 99th percentile of one wargame rule-bot decision over the views of a rule-vs-rule game."""
    config = WargameConfig(turn_limit=WARGAME_TURNS)
    state = WARGAME.new(config, 4)
    bots = [WargameBot(1), WargameBot(2)]
    times = []
    while WARGAME.result(state) is None:
        seat = WARGAME.to_act(state)[0]
        view = WARGAME.view(state, seat)
        start = time.perf_counter_ns()
        move = bots[seat].choose(view)
        times.append(time.perf_counter_ns() - start)
        state, _ = WARGAME.apply(state, seat, move)
    times.sort()
    mean = sum(times) / len(times) / 1e6
    p99 = times[int(len(times) * 0.99)] / 1e6
    return f"wargame decision: {mean:8.1f} ms mean {p99:8.1f} ms p99 over {len(times)} views"


def peak_memory() -> str:
    """Peak traced memory of playing one rule-bot game."""
    tracemalloc.start()
    seed = derive_seeds(3, 1)[0]
    bots = [make_bot("coup", "rule", s) for s in derive_seeds(seed, PLAYERS)]
    outcome = play_game(COUP, CoupConfig(players=PLAYERS), seed, bots)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return f"    peak memory: {peak / 1024:8.1f} KiB for one {outcome.decisions}-decision rule game"


def main(argv: list[str] | None = None) -> None:
    """Print the measurements asked for (default: all), a line each."""
    g54 = G54Config(players=PLAYERS, selection="advanced")
    measures: dict[str, Callable[[bool], str]] = {
        "random": lambda quick: throughput("random"),
        "rule": lambda quick: throughput("rule"),
        "g54": lambda quick: throughput("rule", G54, g54),
        "decision": lambda quick: decision_time(),
        "wargame_decision": lambda quick: wargame_decision_time(),
        "memory": lambda quick: peak_memory(),
        "ssh_flood": lambda quick: str(ssh_flood.measure(quick)),
    }
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("only", nargs="*", help=f"measurements to run (default: all): {', '.join(measures)}")
    parser.add_argument("--quick", action="store_true", help="smaller runs (ssh_flood: 20 SSH sessions, not 100)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.only if name not in measures]
    if unknown:
        parser.error(f"unknown measurement {', '.join(unknown)}; known: {', '.join(measures)}")
    for name in args.only or measures:
        print(measures[name](args.quick), flush=True)


if __name__ == "__main__":
    main()
