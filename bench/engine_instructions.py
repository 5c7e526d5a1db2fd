"""engine_instructions: instructions per decision of 4-player random self-play (as bench.engine plays it, a view for
every decision), ours and coupml's, counted by valgrind, and the Python bytecodes run for them. Unlike the clock, which
swings by half on a shared machine, the counts are the same from one run to the next, so a change to an engine can be
weighed on its own; what the target asks for is still bench.engine's decisions per second beside coupml.

Why both counts: the clock follows neither alone. Every bytecode is dispatched through a jump the processor often
mispredicts, whatever the bytecode does, so a decision made of many cheap bytecodes (ours) costs more time per
instruction than one that hands more of its work to C (coupml's: building dicts). On this machine a decision's time
goes as its instructions plus some 56 for each bytecode (fitted to the two engines' counts and the clock's ratio; see
docs/code.md)."""

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
TRACE = """
import sys
from bench import engine
from core.sim import derive_seeds
name, games = sys.argv[1], int(sys.argv[2])
play = engine.players(True)[name]
seeds = derive_seeds(1, games)
count = 0

def called(frame, event, arg):
    frame.f_trace_opcodes, frame.f_trace_lines = True, False
    return ran

def ran(frame, event, arg):
    global count
    count += event == "opcode"
    return ran

sys.settrace(called)
decisions = sum(play(seed) for seed in seeds)
sys.settrace(None)
print(decisions, count)
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


def bytecodes(name: str, games: int) -> tuple[int, int]:
    """How many Python bytecodes a process ran playing games of name (traced, in Python's frames: the games' and the
    bots', not C's), and how many decisions they took."""
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-c", TRACE, name, str(games)], capture_output=True, text=True, env=environment
    )
    done.check_returncode()
    decisions, count = done.stdout.split()
    return int(count), int(decisions)


def measure(quick: bool) -> dict[str, Any]:
    """engine_instructions_per_decision and engine_bytecodes_per_decision by game (coupml's too), and ours over
    coupml's (coupml's count over ours: as the speed ratio, above 1 when ours does less); the instructions only where
    valgrind is installed."""
    coupml_random.require()
    games = QUICK_GAMES if quick else GAMES
    results: dict[str, Any] = {}
    ran: dict[str, int] = {}
    for name in NAMES:
        count, decisions = bytecodes(name, games)
        ran[name] = round(count / decisions)
        print(f"{name:>12}: {ran[name]:9,} bytecodes a decision ({decisions} decisions)")
    results["engine_bytecodes_per_decision"] = ran
    results["engine_vs_coupml_bytecodes"] = over_coupml(ran)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: instructions not counted")
        return results
    per_decision: dict[str, int] = {}
    for name in NAMES:
        setup, _ = instructions(name, 0)  # starting Python and importing: not the games'
        total, decisions = instructions(name, games)
        per_decision[name] = round((total - setup) / decisions)
        print(f"{name:>12}: {per_decision[name]:9,} instructions a decision ({decisions} decisions)")
    results["engine_instructions_per_decision"] = per_decision
    results["engine_vs_coupml_instructions"] = over_coupml(per_decision)
    return results


def over_coupml(per_decision: dict[str, int]) -> dict[str, float]:
    """coupml's count over each of our games'."""
    return {name: round(per_decision["coupml"] / per_decision[name], 2) for name in NAMES if name != "coupml"}
