"""bot_times: how long each computer opponent takes over one decision (p50, p99), for every game and every level the
game's spec offers, timed on the same views (those of seeded rule-bot games): each as a table seats it (a searching
bot stopped by the wall clock as well as by its budget), and a searching bot by its budget alone too, as a seeded
game plays it."""

from __future__ import annotations

import time
from typing import Any

from core.game import GameSpec, waited_on
from core.registry import GAMES
from core.sim import derive_seeds

TABLES: dict[str, dict[str, Any]] = {
    "coup": {"players": 4},
    "reformation": {"players": 4},
    "g54": {"players": 4, "selection": "advanced"},
    "wargame": {},
}
VIEWS, QUICK_VIEWS = 2_000, 200  # views timed for each level
SLOW_VIEWS = 200  # for a level whose first views take over SLOW_MS each (a searching bot)
SLOW_MS = 5.0


def views_of(spec: GameSpec, options: dict[str, Any], count: int) -> list[Any]:
    """count views, each of the seat to act, from seeded games of rule bots."""
    game = spec.engine
    config = game.load_config(options)
    players = getattr(config, "players", 2)
    seen: list[Any] = []
    for seed in derive_seeds(5, 10_000):
        bots = [spec.make_bot("rule", s) for s in derive_seeds(seed, players)]
        state = game.new(config, seed)
        while game.result(state) is None and len(seen) < count:
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            seen.append(view)
            state, _ = game.apply(state, seat, bots[seat].choose(view))
        if len(seen) >= count:
            return seen
    return seen


def timed(spec: GameSpec, level: str, views: list[Any], seated: bool = True) -> list[float]:
    """Milliseconds level's bot takes over each view (fewer views for a slow bot), seated as at a table or not."""
    bot = spec.make_bot(level, 1)
    if seated:
        waited_on(bot, time.perf_counter)
    times: list[float] = []
    for view in views:
        start = time.perf_counter()
        bot.choose(view)
        times.append((time.perf_counter() - start) * 1000)
        if len(times) == 20 and sum(times) / 20 > SLOW_MS:
            views = views[:SLOW_VIEWS]
        if len(times) >= len(views):
            break
    return times


def measure(quick: bool) -> dict[str, Any]:
    """p50 and p99 (ms) of one decision, by game and level: bot_decision_ms[game][level] = [p50, p99]."""
    figures: dict[str, dict[str, list[float]]] = {}
    for name, options in TABLES.items():
        spec = GAMES[name]
        views = views_of(spec, options, QUICK_VIEWS if quick else VIEWS)
        figures[name] = {}
        for level in spec.bots:
            searches = getattr(spec.make_bot(level, 1), "searches", False)
            ways = [(level, True)] + ([(f"{level}, budget alone", False)] if searches else [])
            for label, seated in ways:
                ordered = sorted(timed(spec, level, views, seated))
                p50, p99 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
                figures[name][label] = [round(p50, 3), round(p99, 3)]
                told = f"{p50:8.3f} ms p50 {p99:8.3f} ms p99 over {len(ordered)} views"
                print(f"{name:>12} {label:>8}: {told}", flush=True)
    return {"bot_decision_ms": figures}
