"""Engine speed: decisions per second of random self-play through the interface the bots use, beside coupml's.

What one decision is, on our side: one call of game.apply, by the seat the game waits for (to_act), whatever it
decides: an action; a pass or a challenge of a claim (the first challenge, clockwise from the active seat, closes the
window); a pass or a block; proving or conceding; which card to lose (whenever the hand holds two cards, even a pair:
only a last card is lost without asking); the cards kept after an exchange; Reformation's allegiance and the
Inquisitor's examination; G54's joins, fundings, gifts, Lawyer claims and reactive claims. coupml's side
(bench.coupml_random) counts the same: one call of its play_action.

What a decision costs: as core.sim.play_game plays a game, the seat's view (game.view, its legal moves included), the
bot's choice (the random bot: uniform among view.legal) and game.apply; a record is kept on neither side. Time is this
process's CPU time (time.process_time), so other work on the machine weighs on neither side; each figure is the best
of many short rounds, the rounds of every engine taking turns, coupml's included. The machine's pace swings (by half,
on a machine shared with other work), so the ratio to coupml is taken pair by pair: each card game beside a run of
coupml on the same seeds, and the median of the pairs' ratios (see measure)."""

from __future__ import annotations

import functools
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench import coupml_random
from core.registry import game_spec
from core.sim import derive_seeds

PLAYERS = 4
TABLES: dict[str, dict[str, Any]] = {
    "coup": {"players": PLAYERS},
    "reformation": {"players": PLAYERS},
    "g54": {"players": PLAYERS, "selection": "advanced"},
    "wargame": {"players": 2},
}
CARD_GAMES = ("coup", "reformation", "g54")
COUPML = "coupml"
COUPML_BARE = "coupml without a view"


def play_random(name: str, config: Any, seed: int) -> int:
    """Play one game of random bots to the end, a view built for every decision; return how many decisions it took."""
    spec = game_spec(name)
    game = spec.engine
    bots = [spec.make_bot("random", s) for s in derive_seeds(seed, config.players)]
    state = game.new(config, seed)
    decisions = 0
    while game.result(state) is None:
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, bots[seat].choose(game.view(state, seat)))
        decisions += 1
    return decisions


def rate(play: Callable[[int], int], seeds: list[int]) -> tuple[float, float]:
    """Decisions per second of CPU time over one game for each seed, and decisions per game."""
    decisions = 0
    start = time.process_time()
    for seed in seeds:
        decisions += play(seed)
    return decisions / (time.process_time() - start), decisions / len(seeds)


def players(quick: bool) -> dict[str, Callable[[int], int]]:
    """Who is timed, by name: each of our games, then coupml with and without its view."""
    runs: dict[str, Callable[[int], int]] = {}
    for name, options in TABLES.items():
        if name == "wargame" and quick:
            options = {**options, "turn_limit": 2}
        config = game_spec(name).engine.load_config(options)
        runs[name] = functools.partial(play_random, name, config)
    runs[COUPML] = coupml_random.play
    runs[COUPML_BARE] = functools.partial(coupml_random.play, with_view=False)
    return runs


def measure(quick: bool) -> dict[str, Any]:
    """Decisions per second of each engine (the best of its rounds), and ours over coupml's: in every round each card
    game is timed right beside a run of coupml on the same seeds, and the ratio is the median of those pairs' (a pair
    shares the machine's pace of the moment, where the best of each side apart could come from different moments)."""
    coupml_random.require()
    rounds, games = (2, 60) if quick else (12, 150)
    runs = players(quick)
    best, per_game = dict.fromkeys(runs, 0.0), dict.fromkeys(runs, 0.0)
    pairs: dict[str, list[float]] = {name: [] for name in CARD_GAMES}

    def timed(name: str, seeds: list[int]) -> float:
        per_s, per_game[name] = rate(runs[name], seeds)
        best[name] = max(best[name], per_s)
        return per_s

    for round_number in range(rounds):
        seeds = derive_seeds(round_number + 1, games)
        for name in CARD_GAMES:
            ours = timed(name, seeds)
            pairs[name].append(ours / timed(COUPML, seeds))
        timed("wargame", seeds[:1])
        timed(COUPML_BARE, seeds)
    ratios = {name: round(statistics.median(pairs[name]), 2) for name in CARD_GAMES}
    for name, figure in best.items():
        against = f" {ratios[name]:5.2f}x coupml" if name in ratios else ""
        print(f"{name:>22} random self-play: {figure:9.0f} decisions/s ({per_game[name]:5.1f} a game){against}")
    return {
        "engine_decisions_per_s": {name: round(best[name]) for name in TABLES},
        "engine_vs_coupml_ratio": ratios,
        "coupml_decisions_per_s": round(best[COUPML]),
        "coupml_without_view_decisions_per_s": round(best[COUPML_BARE]),
    }
