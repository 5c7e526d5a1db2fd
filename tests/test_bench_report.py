"""The README's benchmark table: made from the results, every target marked met or not, only between its markers."""

from __future__ import annotations

from bench import expert, report


def test_unmeasured_figures_show_a_dash_and_no_verdict() -> None:
    text = report.table({})
    assert "| ≥ 200 | — | — |" in text and "not met" not in text and "✓" not in text


def test_a_missed_target_says_so_and_a_met_one_is_ticked() -> None:
    results = {"host_tables": 100, "ssh_key_p99_ms": 40.0, "measured_on": {"host_load": "2026-11-23"}}
    text = report.table(results)
    assert "| ≥ 200 | 100 (not met) | 2026-11-23 |" in text
    assert "| ≤ 100 ms | 40.0 ms ✓ | — |" in text


def test_the_readme_changes_only_between_the_markers(tmp_path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"before\n{report.START}\nold\n{report.END}\nafter\n")
    report.write_readme({"host_tables": 400}, readme)
    text = readme.read_text()
    assert text.startswith(f"before\n{report.START}\n| figure |") and text.endswith(f"{report.END}\nafter\n")
    assert "old" not in text and "| 400 ✓ |" in text


def test_an_expert_match_measured_on_its_own_shows_its_own_day() -> None:
    match = {"games": 2000, "win_share": 0.41, "target": 0.4, "p99_ms": 120.0, "mean_ms": 60.0}
    results = {
        "expert_vs_rule": {"coup_4p": {**match, "measured_on": "2026-11-24"}, "coup_2p": {**match, "games": 24}},
        "measured_on": {},
    }
    lines = report.table(results).splitlines()
    assert any("coup 4p (2000 games)" in line and line.endswith("| 2026-11-24 |") for line in lines)
    assert any("coup 2p (24 games)" in line and line.endswith("| — |") for line in lines)


def test_one_expert_match_measured_again_keeps_the_others_and_takes_the_worst_p99_of_all() -> None:
    old = {"games": 24, "win_share": 0.5, "target": 0.35, "p99_ms": 150.0, "mean_ms": 60.0}
    results = {"expert_vs_rule": {"coup_4p": {**old, "p99_ms": 110.0}, "g54_4p_first": old}, "expert_p99_ms": 150.0}
    again = {**old, "games": 2000, "p99_ms": 170.0}
    figures = expert.merged(results, {"expert_vs_rule": {"coup_4p": again}, "expert_p99_ms": 170.0})
    assert figures["expert_vs_rule"] == {"coup_4p": again, "g54_4p_first": old}
    assert figures["expert_p99_ms"] == 170.0


def test_bot_rows_follow_the_registry_whatever_order_the_results_keep() -> None:
    """results.json is written with its keys sorted: the table must not reorder its rows at every run."""
    times = [1.0, 2.0]
    timed = {"wargame": {"classic": times, "rule": times}, "coup": {"random": times, "expert, budget alone": times}}
    timed["coup"] |= {"expert": times, "rule": times}
    lines = [line for line in report.table({"bot_decision_ms": timed}).splitlines() if "one decision" in line]
    named = [line.split(":")[0].removeprefix("| ") for line in lines]
    assert named == [
        "coup, rule bot",
        "coup, random bot",
        "coup, expert bot",
        "coup, expert bot, budget alone",
        "wargame, rule bot",
        "wargame, classic bot",
    ]


def test_the_wargame_bots_decision_time_over_its_series_is_held_to_its_target() -> None:
    results = {"wargame_bot_mean_ms": 4.2, "wargame_bot_p99_ms": 310.0, "measured_on": {"wargame": "2026-11-29"}}
    assert "| p99 ≤ 300 ms | 4.2 / 310 ms (not met) | 2026-11-29 |" in report.table(results)
