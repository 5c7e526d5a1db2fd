"""The host's journal: one JSON-lines file per started table, so a restarted host resumes it."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
NEXT_ID_FILE = "next-table-number"


class Journal:
    """First line: the table's set-up (game, config, seed, seats, timer); then one [seat, move]
    line per applied move; the file is removed when the game ends (its record is saved)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def path(self, table_id: str) -> Path:
        """The journal file of table_id."""
        return self.folder / f"{table_id}.jsonl"

    def begin(self, table_id: str, header: dict[str, Any]) -> None:
        """Start the journal of a table that has just started."""
        with self.path(table_id).open("w") as out:
            out.write(json.dumps(header) + "\n")

    def append(self, table_id: str, seat: int, move: dict[str, Any]) -> None:
        """Record one applied move, flushed before the next is read."""
        with self.path(table_id).open("a") as out:
            out.write(json.dumps([seat, move]) + "\n")

    def rewrite_header(self, table_id: str, header: dict[str, Any]) -> None:
        """Replace the set-up line (seat changes: a bot taking over, a new token)."""
        path = self.path(table_id)
        lines = path.read_text().splitlines()
        lines[0] = json.dumps(header)
        path.write_text("\n".join(lines) + "\n")

    def next_number(self) -> int:
        """The number the next table id takes (kept across restarts, so an id never names two tables)."""
        try:
            return max(1, int((self.folder / NEXT_ID_FILE).read_text()))
        except (OSError, ValueError):
            return 1

    def keep_next_number(self, number: int) -> None:
        """Remember the number the next table id takes."""
        (self.folder / NEXT_ID_FILE).write_text(f"{number}\n")

    def end(self, table_id: str) -> None:
        """Forget a finished or abandoned table."""
        self.path(table_id).unlink(missing_ok=True)

    def unfinished(self) -> Iterator[tuple[str, dict[str, Any], list[tuple[int, dict[str, Any]]]]]:
        """(table id, set-up, moves) of every journaled table; unreadable files are skipped."""
        for path in sorted(self.folder.glob("*.jsonl")):
            try:
                lines = path.read_text().splitlines()
                header = json.loads(lines[0])
                moves = []
                for line in lines[1:]:
                    try:
                        seat, move = json.loads(line)
                    except ValueError:  # a line cut short by a crash mid-write
                        break
                    moves.append((int(seat), dict(move)))
                yield path.stem, header, moves
            except (OSError, ValueError, IndexError) as error:
                log.warning("skipping unreadable journal %s: %s", path, error)
