"""soak: one `coup host` playing table after table for a long bounded run (thousands of finished games with fast
players): its memory and move latency phase by phase, to show that nothing grows without bound."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from bench.harness import percentile, start_host
from bench.host_load import Players
from bench.players import Pace

TABLES = 40  # played at once
THINK = (0.0, 0.02)  # seconds: players as fast as the host lets them be
PHASES, QUICK_PHASES = 8, 2
PHASE_SECONDS, QUICK_PHASE_SECONDS = 30.0, 10.0
Figures = dict[str, Any]


def measure(quick: bool = False) -> Figures:
    """PHASES phases of TABLES tables played back to back on one host; a line per phase (games so far, RSS, p99),
    and the figures: soak_games, soak_mib (first and last phase), soak_p99_ms (first and last phase)."""
    phases, seconds = (QUICK_PHASES, QUICK_PHASE_SECONDS) if quick else (PHASES, PHASE_SECONDS)
    rows = []
    games = 0
    with tempfile.TemporaryDirectory() as folder:
        host = start_host(Path(folder), ssh=False)
        try:
            for phase in range(phases):
                players = Players(host.port, TABLES, Pace(THINK, warm=0.0, span=seconds, seed=phase))
                players.seat()
                players.go()
                time.sleep(seconds)
                tally = players.tally()
                games += tally.games
                time.sleep(1)  # the last tables' players have left: their tables are forgotten
                row = {
                    "games": games,
                    "mib": round(host.rss_mib(), 1),
                    "p99_ms": round(percentile(tally.latencies, 0.99) * 1000, 2),
                }
                rows.append(row)
                print(f"phase {phase + 1}: {games} games so far, {row['mib']} MiB, p99 {row['p99_ms']} ms", flush=True)
        finally:
            host.stop()
    return {
        "soak": rows,
        "soak_games": games,
        "soak_mib": [rows[0]["mib"], rows[-1]["mib"]],
        "soak_p99_ms": [rows[0]["p99_ms"], rows[-1]["p99_ms"]],
    }
