"""The host's journal: one JSON-lines file per started table, so a restarted host resumes it."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from netplay.storage import private_folder, write_private

NEXT_ID_FILE = "next-table-number"
TABLE_ID = re.compile(r"t[1-9][0-9]*")  # the ids the host gives tables, and so the names of their journals


@dataclass
class Saved:
    """A journal as read back: its set-up (None unless a JSON line), its moves up to the first line that is not
    one, and how many lines followed the set-up."""

    table_id: str
    header: Any
    moves: list[tuple[int, dict[str, Any]]]
    lines: int


def read_json(line: str) -> Any:
    """The JSON value of line, or None if it is not one."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def read_move(line: str) -> tuple[int, dict[str, Any]] | None:
    """The [seat, move] pair of a line as append wrote it, or None."""
    row = read_json(line)
    if isinstance(row, list) and len(row) == 2 and type(row[0]) is int and isinstance(row[1], dict):
        return row[0], row[1]
    return None


def table_order(path: Path) -> tuple[int, str]:
    """Journals by table number (t9 before t10), then any other file by name."""
    return (int(path.stem[1:]), "") if TABLE_ID.fullmatch(path.stem) else (-1, path.stem)


class Journal:
    """First line: the table's set-up (game, config, seed, seats, timer); then one [seat, move]
    line per applied move; the file is removed when the game ends (its record is saved). Beside it, tN.said holds
    what was said and noted at the table (at most twice what the table keeps)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        private_folder(folder)  # journals hold every hidden card and each seat's owner: nobody else's to read

    def path(self, table_id: str) -> Path:
        """The journal file of table_id."""
        return self.folder / f"{table_id}.jsonl"

    def begin(self, table_id: str, header: dict[str, Any]) -> None:
        """Start the journal of a table that has just started."""
        with private(self.path(table_id), os.O_TRUNC) as out:
            out.write(json.dumps(header) + "\n")

    def append(self, table_id: str, seat: int, move: dict[str, Any]) -> None:
        """Record one applied move, flushed before the next is read."""
        with private(self.path(table_id), os.O_APPEND) as out:
            out.write(json.dumps([seat, move]) + "\n")

    def rewrite_header(self, table_id: str, header: dict[str, Any]) -> None:
        """Replace the set-up line (seat changes: a bot taking over, a new token)."""
        path = self.path(table_id)
        lines = path.read_text().splitlines()
        lines[0] = json.dumps(header)
        replace(path, lines)

    def cut(self, table_id: str, header: dict[str, Any], moves: list[tuple[int, dict[str, Any]]]) -> Path:
        """Keep a copy of the journal aside, then rewrite it to header and moves (the part of it that was good)."""
        path = self.path(table_id)
        aside = unused(path)
        with private(aside, os.O_TRUNC) as out:  # private like the journal (a copy would take the umask's mode)
            out.write(path.read_text())
        replace(path, [json.dumps(header), *(json.dumps([seat, move]) for seat, move in moves)])
        return aside

    def set_aside(self, table_id: str) -> Path:
        """Move a journal the host cannot resume out of its way, for a person to look at (what was said there is
        forgotten); where it went."""
        path = self.path(table_id)
        aside = unused(path)
        path.rename(aside)
        aside.chmod(0o600)  # private, whatever mode the file came with
        self.said_path(table_id).unlink(missing_ok=True)
        return aside

    def next_number(self) -> int:
        """The number the next table id takes (kept across restarts, so an id never names two tables)."""
        try:
            return max(1, int((self.folder / NEXT_ID_FILE).read_text()))
        except (OSError, ValueError):
            return 1

    def keep_next_number(self, number: int) -> None:
        """Remember the number the next table id takes."""
        with private(self.folder / NEXT_ID_FILE, os.O_TRUNC) as out:  # private like every file of the host's
            out.write(f"{number}\n")

    def end(self, table_id: str) -> None:
        """Forget a finished or abandoned table, and what was said there."""
        self.path(table_id).unlink(missing_ok=True)
        self.said_path(table_id).unlink(missing_ok=True)

    def said_path(self, table_id: str) -> Path:
        """The file of what was said at table_id (chat lines and notices, one JSON object a line)."""
        return self.folder / f"{table_id}.said"

    def say(self, table_id: str, said: dict[str, Any]) -> None:
        """Keep a line said at a started table, for a restarted host to give again."""
        with private(self.said_path(table_id), os.O_APPEND) as out:
            out.write(json.dumps(said) + "\n")

    def keep_said(self, table_id: str, kept: list[dict[str, Any]]) -> None:
        """Make the file of what was said at table_id hold kept alone (so it never grows past what a table keeps)."""
        replace(self.said_path(table_id), [json.dumps(said) for said in kept])

    def said(self, table_id: str) -> list[Any]:
        """What was kept of what was said at table_id, as read (none if there is no file, or no such line)."""
        try:
            lines = self.said_path(table_id).read_text().splitlines()
        except (OSError, ValueError):
            return []
        return [read_json(line) for line in lines]

    def unfinished(self) -> Iterator[Saved]:
        """Every journal in the folder, by table number; a file that cannot be read has no set-up."""
        for path in sorted(self.folder.glob("*.jsonl"), key=table_order):
            try:
                lines = path.read_text().splitlines()
            except (OSError, ValueError):  # not a file, or not text
                lines = []
            moves = []
            for line in lines[1:]:
                move = read_move(line)
                if move is None:  # a line cut short by a crash mid-write, or damaged: nothing after it counts
                    break
                moves.append(move)
            yield Saved(path.stem, read_json(lines[0]) if lines else None, moves, max(0, len(lines) - 1))


def unused(path: Path) -> Path:
    """Where path can be set aside: path.bad, or path.bad2, path.bad3... if that is taken."""
    aside, number = path.with_name(path.name + ".bad"), 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.bad{number}")
    return aside


def replace(path: Path, lines: list[str]) -> None:
    """Write lines to path at once: a crash leaves the old file or the new one, never half of one."""
    write_private(path, "".join(line + "\n" for line in lines))


def private(path: Path, how: int) -> TextIO:
    """path opened for writing (how: os.O_TRUNC or os.O_APPEND), created readable by its owner alone (0600)."""
    return os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | how, 0o600), "a" if how == os.O_APPEND else "w")
