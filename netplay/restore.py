"""Resuming journaled tables at start: a journal that cannot start a table, or that copies another table, is set
aside; one with a bad line or move resumes at its last good move, and its players are told."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.game import IllegalMove
from core.registry import game_spec, get_game
from netplay.journal import TABLE_ID, Journal, Saved
from netplay.table import Table
from netplay.tally import shown

log = logging.getLogger(__name__)
Moves = list[tuple[int, dict[str, Any]]]
Restore = Callable[[str, dict[str, Any], Moves], int]  # resumes a table; the number of its moves it could play
BAD_MOVE = (IllegalMove, KeyError, TypeError, ValueError, IndexError, AttributeError)


@dataclass
class Rollback:
    """A table resumed short of the end of its journal: its players are told once each when they come back."""

    table_id: str
    message: str
    untold: set[int]

    def notice(self, seat: int) -> dict[str, Any] | None:
        """The notice for seat's player, the first time only."""
        if seat not in self.untold:
            return None
        self.untold.discard(seat)
        return {"type": "notice", "code": "rolled_back", "table": self.table_id, "message": self.message}


def seat_problem(seat: Any, levels: tuple[str, ...]) -> str | None:
    """Why a journaled seat cannot be a seat, or None."""
    if not isinstance(seat, dict) or not all(isinstance(seat.get(key), str) for key in ("kind", "name", "level")):
        return "a seat is not a map of a kind, a name and a level"
    if seat["kind"] == "bot":
        return None if seat["level"] in levels else f"a bot has the unknown level {shown(seat['level'])}"
    if seat["kind"] != "person":
        return f"a seat is {shown(seat['kind'])}, neither a person nor a bot"
    return None if isinstance(seat.get("owner", ""), str) else "a person's seat has no owner"


def header_problem(saved: Saved) -> str | None:
    """Why a journal cannot start its table, or None."""
    if not TABLE_ID.fullmatch(saved.table_id):
        return "its name is not a table's"
    header = saved.header
    if not isinstance(header, dict):
        return "its first line is not a table's set-up"
    if header.get("id", saved.table_id) != saved.table_id:
        return f"its set-up names another table, {shown(header.get('id'))}: a copy?"
    try:
        config = get_game(header["game"]).load_config(header["config"])
        seats, levels = header["seats"], tuple(game_spec(header["game"]).bots)
        if not isinstance(seats, list) or len(seats) != config.players:
            return f"its seats are not one for each of {config.players} players"
        problem = next((p for p in (seat_problem(seat, levels) for seat in seats) if p is not None), None)
        seed, timer = header["seed"], header.get("timer")
        if problem is None and (type(seed) is not int or not (timer is None or type(timer) in (int, float))):
            problem = "its seed or timer is not a number"
        if problem is None and not isinstance(header.get("options", {}), dict):
            problem = "its options are not a map"
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return f"its set-up cannot start a game: {shown(error)}"
    return problem


def deal(header: dict[str, Any]) -> tuple[Any, Any]:
    """What no two tables share unless one journal is a copy of the other: the game and its 64-bit random seed."""
    return header["game"], header["seed"]


def replay(table_id: str, table: Table, moves: Moves) -> int:
    """Play a journal's moves at its table up to the first that cannot be played (logged); how many were played."""
    for played, (seat, move) in enumerate(moves):
        try:
            table.apply_move(seat, table.game.load_move(move))
        except BAD_MOVE as error:
            log.warning("move %d of table %s's journal cannot be played: %s", played + 1, table_id, shown(error))
            return played
    return len(moves)


def resume_all(journal: Journal, restore: Restore) -> dict[str, Rollback]:
    """Resume every journaled table with restore; set aside (with a warning naming the file) each journal that
    cannot be resumed, or that deals the same game as a table resumed before it (a copy); cut each one that goes
    on short of its end to what was played, and return what those tables lost, by table."""
    held: dict[Any, str] = {}  # deal -> the table resumed with it
    rollbacks: dict[str, Rollback] = {}
    for saved in journal.unfinished():
        problem = header_problem(saved)
        mine = deal(saved.header) if problem is None else None
        if mine is not None and mine in held:
            problem = f"it deals the same game as table {held[mine]}: a copy?"
        played = 0
        if problem is None:
            try:
                played = restore(saved.table_id, saved.header, saved.moves)
            except Exception as error:  # whatever a journal holds, the host starts
                problem = f"it cannot be resumed: {shown(error)}"
        if problem is not None:
            set_aside(journal, saved.table_id, problem)
        else:
            held[mine] = saved.table_id
            if played < saved.lines and journal.path(saved.table_id).exists():  # (a game over has no journal left)
                rollbacks[saved.table_id] = cut(journal, saved, played)
    return rollbacks


def set_aside(journal: Journal, table_id: str, problem: str) -> None:
    """Move a journal that cannot be resumed out of the host's way, with a warning naming it."""
    path = journal.path(table_id)
    try:
        log.warning("journal %s is set aside as %s: %s", path, journal.set_aside(table_id).name, problem)
    except OSError as error:
        log.warning("journal %s cannot be resumed (%s), nor set aside: %s", path, problem, error)


def cut(journal: Journal, saved: Saved, played: int) -> Rollback:
    """Rewrite a journal to the moves played from it; what its players are told."""
    path, lines = journal.path(saved.table_id), saved.lines
    try:
        aside = journal.cut(saved.table_id, saved.header, saved.moves[:played]).name
        log.warning("journal %s goes on after move %d of %d; the whole of it is kept as %s", path, played, lines, aside)
    except OSError as error:
        log.warning("journal %s goes on after move %d of %d, but cannot be cut: %s", path, played, lines, error)
    message = (
        f"After a restart the host could not read back the last {lines - played} of this game's moves: "
        f"the game goes on from move {played}."
    )
    people = {index for index, seat in enumerate(saved.header["seats"]) if seat["kind"] == "person"}
    return Rollback(saved.table_id, message, people)
