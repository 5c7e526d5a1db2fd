"""The host's record of finished games by identity, in SQLite: counted once per game, kept across restarts."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger(__name__)
SCHEMA = """CREATE TABLE IF NOT EXISTS results (
    identity TEXT NOT NULL, game TEXT NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
    PRIMARY KEY (identity, game))"""


class HostStats:
    """Games and wins per identity and game; path None keeps them in memory (a host without data)."""

    def __init__(self, path: Path | None) -> None:
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(FileExistsError):  # created private: who played whom is nobody else's
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        self.db = sqlite3.connect(":memory:" if path is None else str(path))
        self.db.execute(SCHEMA)

    def count(self, game: str, results: Sequence[tuple[str, bool]]) -> None:
        """Count one finished game: (identity, won) for every seat; a connection-only identity is not kept."""
        kept = [(who, game, int(won)) for who, won in results if who and not who.startswith("conn:")]
        try:
            with self.db:
                self.db.executemany(
                    "INSERT INTO results VALUES (?, ?, 1, ?) "
                    "ON CONFLICT (identity, game) DO UPDATE SET games = games + 1, wins = wins + excluded.wins",
                    kept,
                )
        except sqlite3.Error as error:
            log.warning("could not count a finished %s game: %s", game, error)

    def totals(self, identity: str) -> dict[str, int]:
        """{"games": n, "wins": m} for identity over every game."""
        row = self.db.execute(
            "SELECT COALESCE(SUM(games), 0), COALESCE(SUM(wins), 0) FROM results WHERE identity = ?", (identity,)
        ).fetchone()
        return {"games": int(row[0]), "wins": int(row[1])}
