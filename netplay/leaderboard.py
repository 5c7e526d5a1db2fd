"""What the host's leaderboard takes from a finished table (who sat where, under which name, and the game's key),
and the `leaderboard` request, checked and answered from the host's stats."""

from __future__ import annotations

from typing import Any

from core.registry import GAMES
from netplay.lobby import LobbyTable
from netplay.stats import SORTS, HostStats, bot_name


def standings(lobby: LobbyTable) -> list[tuple[str, str]]:
    """(identity, name) by seat: a person's identity and the name they came in with (their seat's if they are
    away or left), or a computer level's (a program's too)."""
    seats = []
    for seat in lobby.seats:
        playing = seat.conn.name if seat.conn is not None else seat.name
        level = seat.level if seat.kind == "bot" else seat.program
        name = bot_name(level) if level and not seat.left_by else playing
        seats.append((seat.identity_for_stats(), name))
    return seats


def game_key(lobby: LobbyTable) -> str:
    """What names one finished game for good: its table and its deal (a journal replayed gives the same key)."""
    assert lobby.table is not None
    return f"{lobby.id}:{lobby.table.seed}"


def count_if_over(stats: HostStats, lobby: LobbyTable) -> None:
    """Count the table's game in stats once it is over (again changes nothing). A seat its player left wins for
    nobody: its leaver counts a lost game, the others a game without a winner."""
    table = lobby.table
    if table is not None and table.over():
        winner = table.game.result(table.state)
        assert winner is not None
        stats.count(game_key(lobby), lobby.game, standings(lobby), None if lobby.seats[winner].left_by else winner)


def count_forfeits(stats: HostStats, lobby: LobbyTable) -> None:
    """A game stopped before its end because nobody plays or watches it any more counts as lost for each player who
    left it after a move of theirs, rating included (leaving a table of computers when losing must not spare the
    loss either), and for nobody else (a game started and left at once proves nothing, and wrote a record a time)."""
    seats = standings(lobby)
    moved = {seat for seat, _ in lobby.table.record.moves} if lobby.table is not None else set()
    for index, seat in enumerate(lobby.seats):
        if seat.left_by and index in moved:
            stats.forfeit(f"{game_key(lobby)}:{index}", lobby.game, seats, index)


def answer(stats: HostStats, message: dict[str, Any], identity: str) -> dict[str, Any]:
    """The reply to a leaderboard request: {game, sort, page} (game by default the first, sort "rating", page 0);
    ValueError if it asks for something there is not."""
    game = message.get("game", next(iter(GAMES)))
    sort = message.get("sort", "rating")
    page = message.get("page", 0)
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"unknown game {str(game)[:40]!r}; known: {', '.join(GAMES)}")
    if not isinstance(sort, str) or sort not in SORTS:
        raise ValueError(f"sort must be one of {', '.join(SORTS)}")
    if not isinstance(page, int) or isinstance(page, bool) or not 0 <= page < 1_000_000:
        raise ValueError("page must be a whole number from 0")
    return {"type": "leaderboard", **stats.leaderboard(game, sort, page, identity)}
