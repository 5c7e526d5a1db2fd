"""The README's benchmark table, made from bench/results.json: each figure, its target, this machine's result and the
day it was measured. `python -m bench` rewrites the table between the README's two bench markers."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.registry import GAMES as REGISTERED

README = Path(__file__).resolve().parent.parent / "README.md"
START, END = "<!-- bench table: made by python -m bench -->", "<!-- end of bench table -->"


@dataclass(frozen=True)
class Row:
    """One line of the table: which measurement makes it, what it says, and how its result reads."""

    measurement: str
    figure: str
    target: str
    result: Callable[[dict[str, Any]], str]
    met: Callable[[dict[str, Any]], bool | None] = lambda _: None
    day: Callable[[dict[str, Any]], str | None] = lambda _: None
    """The day this row alone was measured, where it can be measured apart from the rest of its measurement."""


def at(results: dict[str, Any], path: str) -> Any:
    """The figure at a dotted path of results (None when it has not been measured)."""
    value: Any = results
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def shown(value: Any, form: str = "{:,}") -> str:
    """A figure as the table shows it ("—" when not measured)."""
    if value is None:
        return "—"
    if isinstance(value, list):
        return " → ".join(shown(part, form) for part in value)
    return form.format(value)


def ratios(results: dict[str, Any]) -> str:
    return " / ".join(shown(at(results, f"engine_vs_coupml_ratio.{game}"), "{:.2f}x") for game in GAMES)


def level_times(results: dict[str, Any], game: str, level: str) -> str:
    times = at(results, f"bot_decision_ms.{game}.{level}")
    return "—" if times is None else f"{times[0]:g} / {times[1]:g} ms"


def passes(value: Any, test: Callable[[Any], bool]) -> bool | None:
    return None if value is None else test(value)


GAMES = ("coup", "reformation", "g54")


def counted_beside_coupml(results: dict[str, Any], what: str) -> str:
    """engine_instructions' count of what (instructions, bytecodes) per decision by game, coupml's, and coupml's over
    ours by game."""
    ours = " / ".join(shown(at(results, f"engine_{what}_per_decision.{game}")) for game in GAMES)
    over = " / ".join(shown(at(results, f"engine_vs_coupml_{what}.{game}"), "{:.2f}x") for game in GAMES)
    return f"{ours}; {shown(at(results, f'engine_{what}_per_decision.coupml'))}; {over}"


ROWS = [
    Row(
        "engine",
        "engine, 4-player random self-play, decisions/s (Coup / Reformation / G54)",
        "—",
        lambda r: " / ".join(shown(at(r, f"engine_decisions_per_s.{game}")) for game in GAMES),
    ),
    Row(
        "engine",
        "the same over coupml's in the same run (a view for every decision on both sides)",
        "≥ 2x",
        ratios,
        lambda r: passes(at(r, "engine_vs_coupml_ratio"), lambda v: all(v[g] >= 2 for g in GAMES)),
    ),
    Row(
        "engine_instructions",
        "engine, instructions per decision under valgrind (Coup / Reformation / G54; coupml's), and coupml's over ours",
        "—",
        lambda r: counted_beside_coupml(r, "instructions"),
    ),
    Row(
        "engine_instructions",
        "engine, Python bytecodes run per decision (Coup / Reformation / G54; coupml's), and coupml's over ours",
        "—",
        lambda r: counted_beside_coupml(r, "bytecodes"),
    ),
    Row(
        "engine_sizes",
        "random self-play, games/s: Coup 2 / 4 / 6 players, Reformation 10, G54 4, wargame",
        "—",
        lambda r: " / ".join(
            shown(at(r, f"engine_games_per_s.{key}"), "{:,.1f}")
            for key in ("coup_2", "coup_4", "coup_6", "reformation_10", "g54_4", "wargame")
        ),
    ),
    Row(
        "host_load",
        "host: tables of 2 network players (think 0.5–1.5 s) with move latency p99 ≤ 50 ms, of 50/100/200/400",
        "≥ 200",
        lambda r: shown(at(r, "host_tables")),
        lambda r: passes(at(r, "host_tables"), lambda v: v >= 200),
    ),
    Row(
        "host_load",
        "host at that size: move p99, memory",
        "≤ 50 ms",
        lambda r: f"{shown(at(r, 'host_p99_ms'))} ms, {shown(at(r, 'host_mib'))} MiB",
    ),
    Row(
        "host_load",
        "host at 400 tables: moves/s, move p50 / p99, host CPU",
        "—",
        lambda r: host_row(r, 400),
    ),
    Row(
        "ssh_sessions",
        "SSH sessions within every SSH target while 120 tables play, of 25/50/100/200",
        "≥ 100",
        lambda r: shown(at(r, "ssh_sessions")),
        lambda r: passes(at(r, "ssh_sessions"), lambda v: v >= 100),
    ),
    Row(
        "ssh_sessions",
        "at 100 SSH sessions: host memory per session",
        "≤ 8 MiB",
        lambda r: f"{shown(at(r, 'ssh_mib_per_session'))} MiB",
        lambda r: passes(at(r, "ssh_mib_per_session"), lambda v: v <= 8),
    ),
    Row(
        "ssh_sessions",
        "at 100 SSH sessions: first frame, median",
        "≤ 300 ms",
        lambda r: f"{shown(at(r, 'ssh_first_frame_median_ms'))} ms",
        lambda r: passes(at(r, "ssh_first_frame_median_ms"), lambda v: v <= 300),
    ),
    Row(
        "ssh_sessions",
        "at 100 SSH sessions: keystroke to screen, p99",
        "≤ 100 ms",
        lambda r: f"{shown(at(r, 'ssh_key_p99_ms'))} ms",
        lambda r: passes(at(r, "ssh_key_p99_ms"), lambda v: v <= 100),
    ),
    Row(
        "soak",
        "soak: games finished; host memory and move p99, first phase → last",
        "flat",
        lambda r: (
            f"{shown(at(r, 'soak_games'))} games; {shown(at(r, 'soak_mib'))} MiB; {shown(at(r, 'soak_p99_ms'))} ms"
        ),
    ),
    Row(
        "ssh_flood",
        "a TCP player's move round trip beside 100 SSH sessions, one pasting 4 MiB of garbage, p50 / p99",
        "p99 < 100 ms",
        lambda r: f"{shown(at(r, 'ssh_flood_move_p50_ms'))} / {shown(at(r, 'ssh_flood_move_p99_ms'))} ms",
        lambda r: passes(at(r, "ssh_flood_move_p99_ms"), lambda v: v < 100),
    ),
    Row(
        "ssh_flood",
        "SIGTERM to exit with those sessions open",
        "< 5 s",
        lambda r: f"{shown(at(r, 'ssh_stop_seconds'))} s",
        lambda r: passes(at(r, "ssh_stop_seconds"), lambda v: v < 5),
    ),
    Row("memory", "peak memory of one rule-bot game", "—", lambda r: f"{shown(at(r, 'peak_memory_kib'))} KiB"),
    Row(
        "rule_bots",
        "rule bot's wins against 3 random bots, 4-player Coup",
        "≥ 86%",
        lambda r: shown(at(r, "rule_vs_3_random_win_rate"), "{:.1%}"),
        lambda r: passes(at(r, "rule_vs_3_random_win_rate"), lambda v: v >= 0.86),
    ),
    Row(
        "rule_bots",
        "rule bots' most bluffed claim, 4-player Coup self-play",
        "≤ 50%",
        lambda r: shown(at(r, "rule_bot_bluff_rate_max"), "{:.1%}"),
        lambda r: passes(at(r, "rule_bot_bluff_rate_max"), lambda v: v <= 0.5),
    ),
    Row(
        "rule_bots",
        "Reformation rule bots: turns with everyone on one side; conversions undone, per game",
        "—",
        lambda r: (
            f"{shown(at(r, 'reformation_lopsided_turns'), '{:.1%}')}; {shown(at(r, 'reformation_flip_flops_per_game'))}"
        ),
    ),
    Row(
        "rule_bots",
        "G54 rule bot: longest Income run where a better action was safe",
        "≤ 4",
        lambda r: shown(at(r, "g54_rule_longest_needless_income_streak")),
        lambda r: passes(at(r, "g54_rule_longest_needless_income_streak"), lambda v: v <= 4),
    ),
]


def wargame_rows(results: dict[str, Any]) -> list[Row]:
    """Two rows per scenario measured by bench.wargame: the rule bot's margins over the classic one, and self-play."""
    games = at(results, "wargame_games_per_series")
    rows = []
    for scenario in ("basic", "advanced"):
        if at(results, f"wargame_self_play_gov_{scenario}") is None:
            continue
        rows.append(
            Row(
                "wargame",
                f"wargame {scenario}: rule bot's wins against the classic one as government / rebels, and its"
                f" margin over the classic bot's own ({games} games each)",
                "+20 points each",
                functools.partial(wargame_margins, scenario=scenario),
                functools.partial(wargame_margins_met, scenario=scenario),
            )
        )
        rows.append(
            Row(
                "wargame",
                f"wargame {scenario}: the government's wins, rule bot against itself",
                "40–60%",
                functools.partial(self_play, scenario=scenario),
                functools.partial(self_play_met, scenario=scenario),
            )
        )
    if at(results, "wargame_bot_p99_ms") is not None:
        rows.append(
            Row(
                "wargame",
                "wargame: the rule bot's decisions over all those games, mean / p99",
                "p99 ≤ 300 ms",
                lambda r: f"{at(r, 'wargame_bot_mean_ms'):g} / {at(r, 'wargame_bot_p99_ms'):g} ms",
                lambda r: bool(at(r, "wargame_bot_p99_ms") <= 300),
                lambda r: at(r, "wargame_bot_times_measured_on"),
            )
        )
    return rows


def self_play(results: dict[str, Any], scenario: str) -> str:
    return f"{at(results, f'wargame_self_play_gov_{scenario}'):g}%"


def self_play_met(results: dict[str, Any], scenario: str) -> bool:
    return bool(40 <= at(results, f"wargame_self_play_gov_{scenario}") <= 60)


def wargame_margins(results: dict[str, Any], scenario: str) -> str:
    rates = [at(results, f"wargame_new_vs_rule_win_rate_{seat}_{scenario}") for seat in ("gov", "rebel")]
    margins = [at(results, f"wargame_new_margin_{seat}_{scenario}") for seat in ("gov", "rebel")]
    return f"{rates[0]:g}% / {rates[1]:g}% ({margins[0]:+g} / {margins[1]:+g})"


def wargame_margins_met(results: dict[str, Any], scenario: str) -> bool:
    return all(at(results, f"wargame_new_margin_{seat}_{scenario}") >= 20 for seat in ("gov", "rebel"))


def expert_rows(results: dict[str, Any]) -> list[Row]:
    """A row per table the expert is measured at (bench.expert)."""
    rows = []
    for label, figure in (at(results, "expert_vs_rule") or {}).items():
        target = figure["target"]
        rows.append(
            Row(
                "expert",
                f"expert's wins against rule bots, {label.replace('_', ' ')} ({figure['games']} games), p99",
                f"≥ {target:.0%}, ≤ 200 ms",
                functools.partial(expert_result, label=label),
                functools.partial(expert_met, label=label),
                functools.partial(expert_day, label=label),
            )
        )
    return rows


def expert_result(results: dict[str, Any], label: str) -> str:
    figure = results["expert_vs_rule"][label]
    stopped = figure.get("clock_stopped")  # measured as at a table, the clock stopping the longest searches
    told = "" if stopped is None else f" (the clock stopped {stopped:.1%} of its decisions)"
    return f"{figure['win_share']:.1%}, {figure['p99_ms']:g} ms{told}"


def expert_met(results: dict[str, Any], label: str) -> bool:
    figure = results["expert_vs_rule"][label]
    return bool(figure["win_share"] >= figure["target"] and figure["p99_ms"] <= 200)


def expert_day(results: dict[str, Any], label: str) -> str | None:
    day: str | None = results["expert_vs_rule"][label].get("measured_on")
    return day


def host_row(results: dict[str, Any], tables: int) -> str:
    row = next((row for row in at(results, "host_load") or [] if row["tables"] == tables), None)
    if row is None:
        return "—"
    return (
        f"{row['moves_per_s']:g} moves/s, {row['p50_ms']:g} / {row['p99_ms']:g} ms, {row['cpu_percent']:g}% of a core"
    )


def bot_rows(results: dict[str, Any]) -> list[Row]:
    """A row per game and level timed by bot_times, in the order of the games and of each game's levels in the
    registry (results.json keeps its keys sorted, so the order they were measured in is not kept)."""
    rows = []
    timed = at(results, "bot_decision_ms") or {}
    for game in sorted(timed, key=game_order):
        for level in sorted(timed[game], key=functools.partial(level_order, game)):
            limit = 200.0 if level == "expert" else 300.0 if game == "wargame" else None
            target = "—" if limit is None else f"p99 ≤ {limit:g} ms"
            result: Callable[[dict[str, Any]], str] = functools.partial(level_times, game=game, level=level)
            met: Callable[[dict[str, Any]], bool | None] = functools.partial(
                within, path=f"bot_decision_ms.{game}.{level}", limit=limit
            )
            bot = level.replace(", ", " bot, ") if ", " in level else f"{level} bot"  # "expert, budget alone"
            rows.append(Row("bot_times", f"{game}, {bot}: one decision p50 / p99", target, result, met))
    return rows


def game_order(game: str) -> tuple[int, str]:
    """Where game's rows come: the registry's order of the games (any other after them)."""
    names = list(REGISTERED)
    return (names.index(game) if game in names else len(names), game)


def level_order(game: str, label: str) -> tuple[int, bool, str]:
    """Where a level's row comes among game's: the game's order of its bot levels, a level timed on its budget alone
    ("expert, budget alone") right after the level."""
    level, _, alone = label.partition(", ")
    levels = list(REGISTERED[game].bots) if game in REGISTERED else []
    return (levels.index(level) if level in levels else len(levels), bool(alone), label)


def within(results: dict[str, Any], path: str, limit: float | None) -> bool | None:
    """Whether the p99 at path is within limit (None: no limit)."""
    times = at(results, path)
    return None if limit is None or times is None else bool(times[1] <= limit)


def table(results: dict[str, Any]) -> str:
    """The Markdown table of every row, with the day each measurement was made."""
    days = results.get("measured_on", {})
    lines = ["| figure | target | result | measured |", "|---|---|---|---|"]
    for row in [*ROWS, *expert_rows(results), *wargame_rows(results), *bot_rows(results)]:
        met = row.met(results)
        mark = "" if met is None else " ✓" if met else " (not met)"
        lines.append(
            f"| {row.figure} | {row.target} | {row.result(results)}{mark} | "
            f"{row.day(results) or days.get(row.measurement, '—')} |"
        )
    return "\n".join(lines)


def write_readme(results: dict[str, Any], readme: Path = README) -> None:
    """Put the table between the README's markers."""
    text = readme.read_text()
    block = f"{START}\n{table(results)}\n{END}"
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    readme.write_text(pattern.sub(lambda _: block, text) if pattern.search(text) else text)
