"""engine_instructions: instructions per decision of 4-player random self-play (as bench.engine plays it, a view for
every decision), ours and coupml's, counted by valgrind. Unlike the clock, which swings by half on a shared machine,
the count is the same from one run to the next, so a change to an engine can be weighed on its own; what the target
asks for is still bench.engine's decisions per second beside coupml."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from typing import Any

from bench import coupml_random

NAMES = ("coup", "reformation", "g54", "coupml")
GAMES, QUICK_GAMES = 30, 5
PLAY = """
import sys
from bench import engine
from core.sim import derive_seeds
name, games = sys.argv[1], int(sys.argv[2])
play = engine.players(True)[name]
print(sum(play(seed) for seed in derive_seeds(1, games)))
"""


def instructions(name: str, games: int) -> tuple[int, int]:
    """valgrind's count of instructions for a process playing games of name, and how many decisions they took."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    environment = {**os.environ, "PYTHONHASHSEED": "0"}  # the same dicts, so the same count, every run
    done = subprocess.run(
        [*command, sys.executable, "-c", PLAY, name, str(games)], capture_output=True, text=True, env=environment
    )
    done.check_returncode()
    counted = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if counted is None:
        raise RuntimeError(f"valgrind counted nothing: {done.stderr[-500:]}")
    return int(counted.group(1).replace(",", "")), int(done.stdout.split()[-1])


def measure(quick: bool) -> dict[str, Any]:
    """engine_instructions_per_decision by game (coupml's too), and ours over coupml's (coupml's count over ours: as
    the speed ratio, above 1 when ours does less); nothing when valgrind is missing."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: instructions not counted")
        return {}
    coupml_random.require()
    games = QUICK_GAMES if quick else GAMES
    per_decision: dict[str, int] = {}
    for name in NAMES:
        setup, _ = instructions(name, 0)  # starting Python and importing: not the games'
        total, decisions = instructions(name, games)
        per_decision[name] = round((total - setup) / decisions)
        print(f"{name:>12}: {per_decision[name]:9,} instructions a decision ({decisions} decisions)")
    ratio = {name: round(per_decision["coupml"] / per_decision[name], 2) for name in NAMES if name != "coupml"}
    return {"engine_instructions_per_decision": per_decision, "engine_vs_coupml_instructions": ratio}
