"""The `coup` command: the app by default, plus `sim` (headless self-play) and `replay`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

from core.game import IllegalMove
from core.records import Record, replay
from core.sim import run_sim


def build_parser() -> argparse.ArgumentParser:
    """The command line: `coup`, `coup sim ...`, `coup replay FILE`."""
    parser = argparse.ArgumentParser(prog="coup", description="The Coup card game in the terminal.")
    commands = parser.add_subparsers(dest="command")
    sim = commands.add_parser("sim", help="computer opponents play each other, headless")
    sim.add_argument("--game", default="coup")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="", help="comma-separated bot levels, one per seat (default: all rule)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    rep = commands.add_parser("replay", help="show a saved game record move by move")
    rep.add_argument("file", type=Path)
    rep.add_argument("--json", action="store_true", help="print the final state as JSON instead")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "sim":
            return command_sim(args)
        if args.command == "replay":
            return command_replay(args)
    except (ValueError, OSError, IllegalMove) as error:
        print(f"coup: {error}", file=sys.stderr)
        return 2
    from tui.app import CoupApp

    return CoupApp().run() or 0


def command_sim(args: argparse.Namespace) -> int:
    """Self-play; prints a summary (JSON with --json)."""
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or ["rule"] * args.players
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    started = time.perf_counter()
    summary = run_sim(args.game, args.players, args.games, args.seed, bots)
    summary["seconds"] = round(time.perf_counter() - started, 3)
    if args.json:
        print(json.dumps(summary))
    else:
        wins = ", ".join(f"{name} {count}" for name, count in summary["wins"].items())
        print(f"{summary['games']} games, {summary['decisions']} decisions in {summary['seconds']} s")
        print(f"wins: {wins}; mean turns {summary['mean_turns']:.2f}")
    return 0


def command_replay(args: argparse.Namespace) -> int:
    """Replay a record on screen, or print its final state as JSON."""
    record = Record.from_json(args.file.read_text())
    if args.json:
        state = replay(record)
        data = asdict(state)
        data["config"] = state.config.to_dict()
        print(json.dumps(data))
        return 0
    from tui.replay_app import ReplayApp

    return ReplayApp(record).run() or 0
