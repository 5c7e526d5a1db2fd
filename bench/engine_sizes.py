"""engine_sizes: decisions and games per second of random self-play (a view for every decision, as bench.engine
counts them) at the table sizes players meet: Coup at 2, 4 and 6, Reformation at 10, G54 at 4, the wargame."""

from __future__ import annotations

import time
from typing import Any

from bench.engine import play_random
from core.registry import game_spec
from core.sim import derive_seeds

SIZES: dict[str, tuple[str, dict[str, Any]]] = {
    "coup_2": ("coup", {"players": 2}),
    "coup_4": ("coup", {"players": 4}),
    "coup_6": ("coup", {"players": 6}),
    "reformation_10": ("reformation", {"players": 10}),
    "g54_4": ("g54", {"players": 4, "selection": "advanced"}),
    "wargame": ("wargame", {}),
}
GAMES, QUICK_GAMES = 300, 30
WARGAME_GAMES, QUICK_WARGAME_GAMES = 3, 1


def measure(quick: bool) -> dict[str, Any]:
    """engine_sizes_decisions_per_s and engine_games_per_s, by table (CPU time of this process)."""
    decisions_per_s: dict[str, int] = {}
    games_per_s: dict[str, float] = {}
    for key, (name, options) in SIZES.items():
        config = game_spec(name).engine.load_config(options)
        count = (
            (QUICK_WARGAME_GAMES if quick else WARGAME_GAMES)
            if name == "wargame"
            else (QUICK_GAMES if quick else GAMES)
        )
        start = time.process_time()
        decisions = sum(play_random(name, config, seed) for seed in derive_seeds(11, count))
        seconds = time.process_time() - start
        decisions_per_s[key], games_per_s[key] = round(decisions / seconds), round(count / seconds, 2)
        print(f"{key:>15}: {decisions_per_s[key]:9d} decisions/s {games_per_s[key]:9.2f} games/s", flush=True)
    return {"engine_sizes_decisions_per_s": decisions_per_s, "engine_games_per_s": games_per_s}
