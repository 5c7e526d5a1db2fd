"""The host's record of finished games by identity, in SQLite: games, wins and a rating per game kind, the name each
identity last played under, each game counted once (by its key), and the resume codes given (as identities), kept
across restarts."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from core.registry import bot_levels
from netplay.names import look_alike
from netplay.rating import INITIAL, changes, forfeit_loss
from netplay.storage import private_folder

log = logging.getLogger(__name__)
RESULTS = """CREATE TABLE IF NOT EXISTS results (
    identity TEXT NOT NULL, game TEXT NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
    PRIMARY KEY (identity, game))"""
MIGRATIONS = (  # each brings the schema one PRAGMA user_version up; 0 is the first one (results without ratings)
    (
        f"ALTER TABLE results ADD COLUMN rating REAL NOT NULL DEFAULT {INITIAL}",
        "CREATE TABLE IF NOT EXISTS names (identity TEXT PRIMARY KEY, name TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS counted (game_key TEXT PRIMARY KEY)",
    ),
    (  # the resume codes given (their identities), the codes of players with a record among them
        "CREATE TABLE IF NOT EXISTS codes (identity TEXT PRIMARY KEY)",
        "INSERT OR IGNORE INTO codes SELECT identity FROM names WHERE identity LIKE 'code:%'",
    ),
    (  # when each code was last given or typed (Unix seconds), so that codes nobody played with can be forgotten
        "ALTER TABLE codes ADD COLUMN used REAL NOT NULL DEFAULT 0",
        "UPDATE codes SET used = (julianday('now') - 2440587.5) * 86400.0",
    ),
)
VERSION = len(MIGRATIONS)
CODE_DAYS = 90  # a resume code whose player has no record is forgotten this long after it was last given or typed:
# each keyless login gives one, and the table must not grow for ever
PRUNE_EVERY = 3600.0  # seconds between two clear-outs of such codes (the first comes with the first code after a start)
LOBBY_MARKS = {"away", "computer plays"}  # what the lobby adds in brackets after a name (tui/screens/lobby.py)
PAGE_ROWS = 15  # rows of a leaderboard page: one screen at 80x24
SORTS = {  # how a leaderboard may be sorted; ties go to the rating, then the longer record, then the identity
    "rating": "rating DESC, games DESC, identity",
    "wins": "wins DESC, rating DESC, identity",
    "games": "games DESC, rating DESC, identity",
    "rate": "CAST(wins AS REAL) / games DESC, games DESC, identity",
}


BOT_PREFIX = "Computer ("


def bot_name(level: str) -> str:
    """'Computer (rule)': how the leaderboard names a computer level."""
    return f"{BOT_PREFIX}{level})"


def passes_for_a_bot(name: str) -> bool:
    """Whether a player's name would read as a computer level's on the leaderboard, or end as the lobby marks a
    computer's seat, a program's or an away player's ("Sacha (rule)", "Bo (program: rule)"), in letters that look
    alike."""
    alike = look_alike(name)
    if alike.startswith(look_alike(BOT_PREFIX)):
        return True
    mark = alike.rpartition("(")[2].strip()
    level = mark.rstrip(")").strip()
    return "(" in alike and (level in bot_levels() or level in LOBBY_MARKS or mark.startswith("program"))


def kept(identity: str) -> bool:
    """Whether an identity is one the host keeps a record for (not a connection that proved nobody)."""
    return bool(identity) and not identity.startswith("conn:")


class HostStats:
    """Games, wins and ratings per identity and game; path None keeps them in memory (a host without data)."""

    def __init__(self, path: Path | None) -> None:
        if path is not None:
            private_folder(path.parent)
            with contextlib.suppress(FileExistsError):  # created private: who played whom is nobody else's
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        self.db = sqlite3.connect(":memory:" if path is None else str(path))
        if path is not None:  # a commit at each game's end, on the host's loop: write ahead, no wait for the disk
            self.db.execute("PRAGMA journal_mode = WAL")  # (a game lost by a power cut is counted again from the
            self.db.execute("PRAGMA synchronous = NORMAL")  # journal at the next start: each key counts once)
        self._migrate()
        self._pruned = float("-inf")
        self._rankings: dict[tuple[str, str], tuple[list[Any], dict[str, int]]] = {}  # (game, sort): see _ranking

    def _migrate(self) -> None:
        """Bring a database of any earlier schema (or none) to VERSION, in one transaction."""
        with self.db:
            self.db.execute(RESULTS)
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            for statements in MIGRATIONS[version:]:
                for statement in statements:
                    self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version = {VERSION}")

    def count(self, key: str, game: str, seats: Sequence[tuple[str, str]], winner: int | None) -> bool:
        """Count one finished game of kind game, seats (identity, name) by seat, once: a key already counted (a
        journal replayed after a restart) changes nothing. Whether it was counted now. Identities that prove nobody
        are not kept, but rate as newcomers against the others. With no winner (a seat its player left won) it
        counts a game for everyone and moves no rating."""
        who = [identity for identity, _ in seats]

        def write() -> None:
            ratings = [self.rating(identity, game) for identity in who]
            moved = {} if winner is None else changes(who, ratings, winner)
            for seat, (identity, name) in enumerate(seats):
                if kept(identity):
                    self._add_game(identity, name, game, won=seat == winner, change=moved.get(identity, 0.0))

        return self._once(key, game, write)

    def forfeit(self, key: str, game: str, seats: Sequence[tuple[str, str]], leaver: int) -> bool:
        """Count, once, a game of kind game that seats[leaver] left and nobody finished: a lost game for the leaver,
        its rating down as for a loss against every other seat (netplay.rating.forfeit_loss); nothing for the others.
        Whether it was counted now."""
        who = [identity for identity, _ in seats]
        identity, name = seats[leaver]

        def write() -> None:
            if kept(identity):
                loss = forfeit_loss(who, [self.rating(other, game) for other in who], leaver)
                self._add_game(identity, name, game, won=False, change=-loss)

        return self._once(key, game, write)

    def _once(self, key: str, game: str, write: Callable[[], None]) -> bool:
        """write() the result of the game key in one transaction, unless key was counted before; whether it was."""
        try:
            with self.db:
                if self.db.execute("INSERT OR IGNORE INTO counted VALUES (?)", (key,)).rowcount == 0:
                    return False
                write()
                self._rankings.clear()  # the records moved: every ranking is worked out again when next asked for
        except sqlite3.Error as error:
            log.warning("could not count a finished %s game: %s", game, error)
            return False
        return True

    def _add_game(self, identity: str, name: str, game: str, won: bool, change: float) -> None:
        """One more game of kind game (won or not) for identity, its rating moved by change, under name."""
        self.db.execute(
            "INSERT INTO results VALUES (?, ?, 1, ?, ?) ON CONFLICT (identity, game) DO UPDATE SET "
            "games = games + 1, wins = wins + excluded.wins, rating = rating + ?",
            (identity, game, int(won), INITIAL + change, change),
        )
        self.db.execute("INSERT OR REPLACE INTO names VALUES (?, ?)", (identity, name))

    def rating(self, identity: str, game: str) -> float:
        """identity's rating in game (a newcomer's if it has none)."""
        row = self.db.execute("SELECT rating FROM results WHERE identity = ? AND game = ?", (identity, game)).fetchone()
        return INITIAL if row is None else float(row[0])

    def named(self, identity: str, name: str) -> None:
        """The name an identity with a record goes by now (an identity with none is not written down)."""
        try:
            with self.db:
                self.db.execute("UPDATE names SET name = ? WHERE identity = ?", (name, identity))
        except sqlite3.Error as error:
            log.warning("could not keep a player's name: %s", error)
            return
        for rows, where in self._rankings.values():  # the rankings kept show the new name in the same place
            if identity in where:
                rank = where[identity]
                rows[rank - 1] = (identity, name, *rows[rank - 1][2:])

    def code_given(self, identity: str, now: float | None = None) -> None:
        """Keep the identity of a resume code a door has given a player, or a player has typed to come back (never
        the code itself), as used now (Unix seconds); codes with no record unused for CODE_DAYS go (an hourly
        clear-out, here)."""
        now = time.time() if now is None else now
        try:
            with self.db:
                self.db.execute(
                    "INSERT INTO codes VALUES (?, ?) ON CONFLICT (identity) DO UPDATE SET used = excluded.used",
                    (identity, now),
                )
                if now - self._pruned >= PRUNE_EVERY:
                    self._pruned = now
                    self.db.execute(
                        "DELETE FROM codes WHERE used < ? AND identity NOT IN (SELECT identity FROM results)",
                        (now - CODE_DAYS * 86400.0,),
                    )
        except sqlite3.Error as error:
            log.warning("could not keep a resume code given: %s", error)

    def knows_code(self, identity: str) -> bool:
        """Whether identity is a resume code's that a door gave here (or whose player has a record here), and not
        forgotten (code_given)."""
        return self.db.execute("SELECT 1 FROM codes WHERE identity = ?", (identity,)).fetchone() is not None

    def totals(self, identity: str) -> dict[str, int]:
        """{"games": n, "wins": m} for identity over every game."""
        row = self.db.execute(
            "SELECT COALESCE(SUM(games), 0), COALESCE(SUM(wins), 0) FROM results WHERE identity = ?", (identity,)
        ).fetchone()
        return {"games": int(row[0]), "wins": int(row[1])}

    def leaderboard(self, game: str, sort: str, page: int, identity: str) -> dict[str, Any]:
        """Page `page` of game's leaderboard sorted by sort (a key of SORTS), and identity's own row wherever it is:
        rank, name, games, wins, rating (whole), bot, you. Never an identity: they are hashes of secrets."""
        rows, where = self._ranking(game, sort)
        pages = max(1, -(-len(rows) // PAGE_ROWS))
        page = min(max(0, page), pages - 1)
        first = page * PAGE_ROWS

        def row(rank: int) -> dict[str, Any]:
            who, name, games, wins, rating = rows[rank - 1]
            bot = who.startswith("bot:")  # (lobby.Seat.identity_for_stats)
            return {"rank": rank, "name": name, "games": games, "wins": wins, "rating": round(rating), "bot": bot}

        ranks = range(first + 1, min(len(rows), first + PAGE_ROWS) + 1)
        shown = [{**row(rank), "you": rows[rank - 1][0] == identity} for rank in ranks]
        mine = {**row(where[identity]), "you": True} if identity in where else None
        return {"game": game, "sort": sort, "page": page, "pages": pages, "rows": shown, "you": mine}

    def _ranking(self, game: str, sort: str) -> tuple[list[Any], dict[str, int]]:
        """game's whole leaderboard sorted by sort, (identity, name, games, wins, rating) by rank, and each identity's
        rank (from 1); worked out once until a game is counted or a name changes (a request then costs a page, not a
        sort of every record: strangers asking hundreds a second froze the host)."""
        key = (game, sort)
        if key not in self._rankings:
            rows = self.db.execute(
                "SELECT identity, COALESCE(names.name, '?'), games, wins, rating FROM results"
                f" LEFT JOIN names USING (identity) WHERE game = ? ORDER BY {SORTS[sort]}",
                (game,),
            ).fetchall()
            self._rankings[key] = rows, {who: rank for rank, (who, *_) in enumerate(rows, start=1)}
        return self._rankings[key]
