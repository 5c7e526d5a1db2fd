"""The README's benchmark table: made from the results, every target marked met or not, only between its markers."""

from __future__ import annotations

from bench import report


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
