"""`python -m bench [NAME ...] [--quick]`: run the measurements named (all by default), print them, and write their
figures into bench/results.json and the README's table (the figures of measurements not run stay as they were);
with --quick, a try, nothing is written."""

from __future__ import annotations

import argparse
import datetime
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import (
    bluffs,
    bot_times,
    bots,
    engine,
    engine_instructions,
    engine_sizes,
    expert,
    host_load,
    report,
    soak,
    ssh_flood,
    ssh_sessions,
    wargame,
)

Measurement = Callable[[bool], dict[str, Any]]
"""A measurement: given quick (fewer games, for a try), it prints its lines and returns its figures by key."""

MEASUREMENTS: dict[str, Measurement] = {
    "engine": engine.measure,
    "engine_sizes": engine_sizes.measure,
    "engine_instructions": engine_instructions.measure,
    "bots": bots.measure,
    "memory": bots.measure_memory,
    "bot_times": bot_times.measure,
    "rule_bots": bluffs.measure,
    "ssh_flood": ssh_flood.measure,
    "expert": expert.measure,
    "host_load": host_load.measure,
    "ssh_sessions": ssh_sessions.measure,
    "soak": soak.measure,
    "wargame": wargame.measure,
}
RESULTS = Path(__file__).with_name("results.json")


def main(argv: list[str] | None = None) -> None:
    """Run the measurements asked for and merge their figures into RESULTS."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"one of: {', '.join(MEASUREMENTS)}")
    parser.add_argument("--quick", action="store_true", help="fewer games: a try, not a figure to keep")
    labels = [m.label for m in expert.MATCHES]
    parser.add_argument(
        "--match",
        action="append",
        default=[],
        choices=labels,
        metavar="LABEL",
        help=f"expert: only this match (repeat for more), kept beside the others' figures; one of {', '.join(labels)}",
    )
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in MEASUREMENTS]
    if unknown:
        parser.error(f"unknown measurement {', '.join(unknown)}; known: {', '.join(MEASUREMENTS)}")
    results: dict[str, Any] = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    for name in args.names or MEASUREMENTS:
        print(f"== {name}", flush=True)
        if name == "expert" and args.match:
            results.update(expert.merged(results, expert.measure(args.quick, tuple(args.match))))
        else:
            results.update(MEASUREMENTS[name](args.quick))
        results.setdefault("measured_on", {})[name] = datetime.date.today().isoformat()
    if args.quick:  # a try is not a figure to keep
        print("a quick try: nothing written (bench/results.json and the README keep their figures)")
        return
    RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    report.write_readme(results)
    print(f"figures written to {RESULTS} and the README's table")


if __name__ == "__main__":
    main()
