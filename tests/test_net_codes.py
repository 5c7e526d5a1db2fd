"""The host's stats kept in check: resume codes forgotten once unused for CODE_DAYS when their player has no record
(a keyless login gives one each, and the table must not grow for ever), kept while typed again or played with; the
leaderboard worked out once between counts, and still right after each count and rename."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from netplay.identity import code_identity
from netplay.stats import CODE_DAYS, PRUNE_EVERY, HostStats

DAY = 86400.0
NOW = 1_800_000_000.0
IDLE, PLAYER, BACK, NEW = (code_identity(code) for code in ("K7QM2XPA", "K7QM2XPB", "K7QM2XPC", "K7QM2XPD"))


def test_a_code_nobody_played_with_is_forgotten_after_its_days_one_typed_again_or_played_with_is_kept() -> None:
    stats = HostStats(None)
    long_ago = NOW - (CODE_DAYS + 1) * DAY
    for identity in (IDLE, PLAYER, BACK):
        stats.code_given(identity, now=long_ago)
    stats.count("game-1", "coup", [(PLAYER, "ana"), ("key:SHA256:bo", "bo")], winner=0)
    stats.code_given(BACK, now=NOW - DAY)  # typed to come back yesterday
    stats.code_given(NEW, now=NOW)  # the clear-out comes with a code given
    assert not stats.knows_code(IDLE)
    assert stats.knows_code(PLAYER) and stats.knows_code(BACK) and stats.knows_code(NEW)


def test_the_clear_out_runs_at_most_hourly() -> None:
    stats = HostStats(None)
    stats.code_given(NEW, now=NOW)
    stats.code_given(IDLE, now=NOW - (CODE_DAYS + 1) * DAY)  # (a clock set back) not cleared until the next hour
    stats.code_given(BACK, now=NOW + 60)
    assert stats.knows_code(IDLE)
    stats.code_given(BACK, now=NOW + PRUNE_EVERY)
    assert not stats.knows_code(IDLE)


def test_codes_kept_before_their_use_was_recorded_count_as_used_when_the_host_updates(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    HostStats(path).db.close()
    old = sqlite3.connect(path)  # back to the schema that kept no time (user_version 2), one code in it
    old.execute("DROP TABLE codes")
    old.execute("CREATE TABLE codes (identity TEXT PRIMARY KEY)")
    old.execute("INSERT INTO codes VALUES (?)", (IDLE,))
    old.execute("PRAGMA user_version = 2")
    old.commit()
    old.close()
    stats = HostStats(path)
    stats.code_given(NEW)  # now: a clear-out, which leaves a code the update counted as used today
    assert stats.knows_code(IDLE) and stats.knows_code(NEW)


def test_the_leaderboard_follows_each_count_and_rename_though_it_is_worked_out_once_between_them() -> None:
    stats = HostStats(None)
    stats.count("game-1", "coup", [("key:SHA256:ana", "ana"), ("key:SHA256:bo", "bo")], winner=0)
    first = stats.leaderboard("coup", "rating", 0, "key:SHA256:bo")
    assert [row["name"] for row in first["rows"]] == ["ana", "bo"] and first["you"]["rank"] == 2
    stats.named("key:SHA256:bo", "Bob")  # a new name: the same place
    renamed = stats.leaderboard("coup", "rating", 0, "key:SHA256:bo")
    assert [row["name"] for row in renamed["rows"]] == ["ana", "Bob"] and renamed["you"]["name"] == "Bob"
    for number in range(2, 4):  # Bo wins twice: first place
        stats.count(f"game-{number}", "coup", [("key:SHA256:ana", "ana"), ("key:SHA256:bo", "Bob")], winner=1)
    after = stats.leaderboard("coup", "rating", 0, "key:SHA256:bo")
    assert [row["name"] for row in after["rows"]] == ["Bob", "ana"] and after["you"]["rank"] == 1
