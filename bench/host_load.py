"""host_load: N tables of two network players on a real `coup host`, the players in client processes of their own so
the host is measured alone: moves/s, move latency (sent, to seen by the other seat) p50/p99, the host's CPU and memory;
and the largest N whose p99 is at most 50 ms."""

from __future__ import annotations

import asyncio
import multiprocessing
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bench.harness import LOCALHOST, RunningHost, percentile, start_host
from bench.players import Pace, Tally, play_tables

SIZES, QUICK_SIZES = (50, 100, 200, 400), (10, 25)
THINK = (0.5, 1.5)  # seconds a player takes over a move: a brisk person
WARM, SPAN, QUICK_SPAN = 5.0, 20.0, 6.0  # seconds of play before counting, and counted
WORKERS = 2  # client processes
TARGET_P99_MS = 50.0
Figures = dict[str, Any]
CONTEXT = multiprocessing.get_context("spawn")


def _worker(port: int, tables: int, pace: Pace, ready: Any, go: Any, results: Any) -> None:
    tally = asyncio.run(play_tables(LOCALHOST, port, tables, pace, ready, go))
    results.put(asdict(tally))


class Players:
    """Client processes playing tables on a host, started together."""

    def __init__(self, port: int, tables: int, pace: Pace, workers: int = WORKERS) -> None:
        self.ready, self.results = CONTEXT.Queue(), CONTEXT.Queue()
        self.goes = [CONTEXT.Queue() for _ in range(workers)]
        shares = [tables // workers + (1 if index < tables % workers else 0) for index in range(workers)]
        self.processes = [
            CONTEXT.Process(target=_worker, args=(port, share, pace, self.ready, go, self.results), daemon=True)
            for share, go in zip(shares, self.goes, strict=True)
        ]

    def seat(self, timeout: float = 300) -> None:
        """Start the processes and wait until every player sits at its table."""
        for process in self.processes:
            process.start()
        for _ in self.processes:
            self.ready.get(timeout=timeout)

    def go(self) -> float:
        """Tell every process to start playing now; the time.time() it was told."""
        now = time.time()
        for go in self.goes:
            go.put(now)
        return now

    def stop(self) -> None:
        """End the processes at once, their tallies unread."""
        for process in self.processes:
            if process.pid is not None:
                process.terminate()
                process.join(10)

    def tally(self, timeout: float = 120) -> Tally:
        """Wait for every process's tally, summed."""
        total = Tally()
        for _ in self.processes:
            part = self.results.get(timeout=timeout)
            total.latencies += part["latencies"]
            total.games += part["games"]
            total.refused += part["refused"]
        for process in self.processes:
            process.join(10)
        return total


def load(host: RunningHost, tables: int, span: float) -> Figures:
    """Play tables at once on host for WARM + span seconds; the figures of the counted span."""
    players = Players(host.port, tables, Pace(THINK, WARM, span))
    players.seat()
    players.go()
    time.sleep(WARM)
    cpu = host.cpu_seconds()
    time.sleep(span)
    cpu = host.cpu_seconds() - cpu
    rss = host.rss_mib()
    tally = players.tally()
    return {
        "tables": tables,
        "moves_per_s": round(len(tally.latencies) / span, 1),
        "p50_ms": round(percentile(tally.latencies, 0.5) * 1000, 2),
        "p99_ms": round(percentile(tally.latencies, 0.99) * 1000, 2),
        "cpu_percent": round(100 * cpu / span, 1),
        "mib": round(rss, 1),
        "games": tally.games,
        "refused": tally.refused,
    }


def measure(quick: bool = False) -> Figures:
    """For each N, a fresh host with N tables played by brisk people: prints a line per N and returns the rows
    (host_load) and the largest N within TARGET_P99_MS with its p99 and memory (host_tables, host_p99_ms, host_mib)."""
    rows = []
    for tables in QUICK_SIZES if quick else SIZES:
        with tempfile.TemporaryDirectory() as folder:
            host = start_host(Path(folder), ssh=False)
            try:
                row = load(host, tables, QUICK_SPAN if quick else SPAN)
            finally:
                host.stop()
        rows.append(row)
        print(
            f"{tables} tables: {row['moves_per_s']} moves/s, latency p50 {row['p50_ms']} ms p99 {row['p99_ms']} ms,"
            f" host CPU {row['cpu_percent']}% of a core, {row['mib']} MiB",
            flush=True,
        )
    within = [row for row in rows if row["p99_ms"] <= TARGET_P99_MS] or [{"tables": 0, "p99_ms": None, "mib": None}]
    best = max(within, key=lambda row: row["tables"])
    return {"host_load": rows, "host_tables": best["tables"], "host_p99_ms": best["p99_ms"], "host_mib": best["mib"]}
