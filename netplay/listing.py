"""The lobby's listing: tables with people first, a search by table, game or player, pages that fit in a frame,
and broadcasts of it coalesced to a few a second however many changes there are."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any

from netplay.lobby import LobbyTable

LIST_LIMIT = 50  # tables in one page of the listing, which must fit in one frame
QUERY_LIMIT = 40  # characters of a search
BROADCAST_GAP = 0.25  # seconds between two lobby broadcasts at least
LISTINGS_PER_SECOND = 100.0  # lobby listings sent a second at most, to all listeners together, once they are many


def rank(lobby: LobbyTable) -> int:
    """0: waiting, with someone seated; 1: playing; 2: waiting for anyone at all; 3: over."""
    if lobby.table is not None:
        return 3 if lobby.table.over() else 1
    return 0 if any(seat.kind == "person" for seat in lobby.seats) else 2


def matches(lobby: LobbyTable, query: str) -> bool:
    """Whether query (lower case) is the table's id, or part of its game or of the name of someone at it."""
    return query == lobby.id.lower() or any(
        query in text.lower() for text in (lobby.game, *(s.name for s in lobby.seats))
    )


def ranked(tables: Iterable[LobbyTable], query: str = "") -> list[LobbyTable]:
    """The public tables matching query, by rank, the newest first within a rank (a private table is listed to
    nobody: those at it get it pinned to their listing)."""
    wanted = query.lower()
    listed = (t for t in reversed(list(tables)) if t.code is None and (not wanted or matches(t, wanted)))
    return sorted(listed, key=rank)


def list_request(message: dict[str, Any]) -> tuple[int, str]:
    """The page (from 0) and the search a list request asks for; ValueError if they are not that."""
    page, query = message.get("page", 0), message.get("query", "")
    if not isinstance(page, int) or isinstance(page, bool) or page < 0:
        raise ValueError("page is a page number from 0")
    if not isinstance(query, str) or len(query) > QUERY_LIMIT:
        raise ValueError(f"query is a string of at most {QUERY_LIMIT} characters")
    return page, query


def listing(order: list[LobbyTable], page: int = 0, mine: LobbyTable | None = None) -> dict[str, Any]:
    """Page `page` of order (from ranked) as a tables message, with mine (the asker's table) always on it."""
    chosen = order[page * LIST_LIMIT : (page + 1) * LIST_LIMIT]
    pages = max(1, -(-len(order) // LIST_LIMIT))
    message = {"type": "tables", "tables": [t.summary() for t in chosen], "page": page, "pages": pages}
    return pinned({**message, "total": len(order)}, mine)


def pinned(message: dict[str, Any], mine: LobbyTable | None) -> dict[str, Any]:
    """A tables message with mine first if it is not listed yet (the last table makes room)."""
    if mine is None or any(summary["id"] == mine.id for summary in message["tables"]):
        return message
    return {**message, "tables": [mine.summary(), *message["tables"][: LIST_LIMIT - 1]]}


def listing_gap(listeners: int) -> float:
    """Seconds between two lobby broadcasts to that many listeners: BROADCAST_GAP, and longer once they are many, so
    a crowded lobby costs a bounded amount of work a second (the SSH door draws every listing for each session)."""
    return max(BROADCAST_GAP, listeners / LISTINGS_PER_SECOND)


class Coalescer:
    """Calls send at once after a quiet spell, else once at the end of the gap for every change during it."""

    def __init__(self, send: Callable[[], None], gap: float = BROADCAST_GAP) -> None:
        self.send, self.gap = send, gap
        self._last = float("-inf")
        self._timer: asyncio.TimerHandle | None = None

    def changed(self) -> None:
        """Something send would tell has changed."""
        if self._timer is not None:
            return
        loop = asyncio.get_running_loop()
        if loop.time() - self._last >= self.gap:
            self._flush()
        else:
            self._timer = loop.call_at(self._last + self.gap, self._flush)

    def cancel(self) -> None:
        """Send nothing more."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _flush(self) -> None:
        self._timer = None
        self._last = asyncio.get_running_loop().time()
        self.send()
