"""The expert's strength and speed as it plays at a table: its share of wins against rule bots over seeded games, and
how long a player waits on each of its decisions (one core: each game runs in one process), its search stopped by the
wall clock as well as by its budget of nodes (core.game.waited_on), as a table stops it; and how often the clock,
not the budget, ended a search (then a game depends on the machine's pace, not on its seed alone).

In every game the expert sits at seat game % players, so each seat is its own as often; the others are rule bots, each
seeded from the game's seed. A figure's target is the issue's: a fair share is 1/players."""

from __future__ import annotations

import datetime
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bench.harness import percentile
from core.cards.expert import SEARCHES
from core.game import waited_on
from core.registry import game_spec
from core.sim import derive_seeds


@dataclass(frozen=True)
class Match:
    """The expert against rule bots in one game's table."""

    label: str
    game: str
    options: dict[str, Any]
    target: float
    games: int


MATCHES = (
    Match("coup_4p", "coup", {"players": 4}, 0.40, 2000),
    Match("coup_2p", "coup", {"players": 2}, 0.60, 2000),
    Match("reformation_4p", "reformation", {"players": 4}, 0.35, 500),
    Match("reformation_4p_inquisitor", "reformation", {"players": 4, "inquisitor": True}, 0.35, 500),
    Match("g54_4p_first", "g54", {"players": 4, "selection": "first"}, 0.35, 500),
    Match("g54_4p_random", "g54", {"players": 4, "selection": "random"}, 0.35, 500),
)
QUICK_GAMES = 24


def play(game: str, options: dict[str, Any], index: int, seed: int) -> tuple[bool, list[int], int]:
    """One game of the expert at seat index % players against rule bots: whether it won, its decisions' times in ns
    and how many of its searches the clock stopped."""
    spec = game_spec(game)
    engine = spec.engine
    config = engine.load_config(options)
    seeds = derive_seeds(seed, config.players)
    expert = index % config.players
    bots = [spec.make_bot("expert" if seat == expert else "rule", s) for seat, s in enumerate(seeds)]
    waited_on(bots[expert], time.perf_counter)
    state = engine.new(config, seed)
    times = []
    while engine.result(state) is None:
        seat = engine.to_act(state)[0]
        view = engine.view(state, seat)
        start = time.perf_counter_ns()
        move = bots[seat].choose(view)
        if seat == expert:
            times.append(time.perf_counter_ns() - start)
        state, _ = engine.apply(state, seat, move)
    return engine.result(state) == expert, times, getattr(bots[expert], "clock_stops", 0)


def run(match: Match, games: int, pool: ProcessPoolExecutor) -> dict[str, Any]:
    """The expert's share of wins in games games of match, and its decision times."""
    seeds = derive_seeds(len(match.label), games)
    jobs = [pool.submit(play, match.game, match.options, i, seed) for i, seed in enumerate(seeds)]
    results = [job.result() for job in jobs]
    wins = sum(won for won, _, _ in results)
    times_ms = [t / 1_000_000 for _, times, _ in results for t in times]
    stopped = sum(stops for _, _, stops in results) / len(times_ms)
    mean, p99 = sum(times_ms) / len(times_ms), percentile(times_ms, 0.99)
    share = wins / games
    verdict = "met" if share >= match.target else "not met"
    print(
        f"{match.label:>26}: {wins:5}/{games} won = {share:.3f} (target {match.target:.2f}, {verdict}); "
        f"decision {mean:6.1f} ms mean, {p99:6.1f} ms p99, {stopped:.1%} stopped by the clock",
        flush=True,
    )
    nodes = SEARCHES[match.game].nodes
    return {
        "games": games,
        "nodes": nodes,
        "win_share": round(share, 3),
        "target": match.target,
        "mean_ms": mean,
        "p99_ms": p99,
        "clock_stopped": round(stopped, 3),
    }


def measure(quick: bool, only: tuple[str, ...] = ()) -> dict[str, Any]:
    """Each match at its size (QUICK_GAMES each with quick), or only the matches labelled so, over as many processes
    as the machine has cores."""
    print(f"expert against rule bots, nodes a decision: { ({g: s.nodes for g, s in SEARCHES.items()}) }", flush=True)
    with ProcessPoolExecutor() as pool:
        figures = {
            m.label: run(m, QUICK_GAMES if quick else m.games, pool) for m in MATCHES if not only or m.label in only
        }
    for figure in figures.values():
        figure["mean_ms"], figure["p99_ms"] = round(figure["mean_ms"], 1), round(figure["p99_ms"], 1)
        if not quick:  # a match can be measured again on its own (only), so each keeps its own day
            figure["measured_on"] = datetime.date.today().isoformat()
    return {"expert_vs_rule": figures, "expert_p99_ms": worst(figures)}


def merged(results: dict[str, Any], figures: dict[str, Any]) -> dict[str, Any]:
    """figures of some matches (measure with only) with those of the other matches kept in results, and the worst
    p99 of them all."""
    matches = {**results.get("expert_vs_rule", {}), **figures["expert_vs_rule"]}
    return {**figures, "expert_vs_rule": matches, "expert_p99_ms": worst(matches)}


def worst(figures: dict[str, Any]) -> float:
    """The longest p99 of the matches' decisions."""
    return round(max(float(f["p99_ms"]) for f in figures.values()), 1)
