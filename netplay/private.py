"""Private tables: a table made with a code is listed to nobody and reached by its code alone (or by those already
at it); wrong codes are counted per identity and per address, so nobody finds a table by guessing and no guesser
shuts anyone else out. And tables whose creator wants no spectators."""

from __future__ import annotations

import hmac
from collections.abc import Iterable
from typing import Any

from netplay.connection import Connection
from netplay.identity import CODE_ALPHABET, CODE_LENGTH, Throttle, new_resume_code, read_code, shown_code
from netplay.lobby import LobbyTable

TYPED_LIMIT = 40  # characters of a typed code (spaces and a dash included)
WINDOW = 60.0  # seconds over which wrong codes are counted
PER_IDENTITY, PER_ADDRESS = 5, 10  # wrong codes a window allows, then that identity's or address's are refused unread
OVERALL, CROWDED = 300, 2  # past OVERALL wrong codes a window from everywhere, an address is allowed CROWDED


def privacy(message: dict[str, Any]) -> tuple[bool, bool]:
    """A create request's (private, watchers allowed); ValueError if either is not a bool."""
    private, watchers = message.get("private", False), message.get("watchers", True)
    if type(private) is not bool or type(watchers) is not bool:
        raise ValueError("private and watchers are true or false")
    return private, watchers


def new_code(tables: Iterable[LobbyTable]) -> str:
    """A code no table has (of the resume codes' kind: 8 characters of 32, 40 bits from the system's secure
    randomness)."""
    taken = {lobby.code for lobby in tables}
    while (code := new_resume_code()) in taken:
        pass
    return code


def revealed(lobby: LobbyTable) -> dict[str, Any]:
    """The fields telling someone at a private table its code (to pass on); nothing for a public table."""
    return {} if lobby.code is None else {"code": lobby.code}


def reachable(lobby: LobbyTable, conn: Connection) -> bool:
    """Whether conn may name the table by its id: a public table, or a private one it is at or holds a seat of."""
    return lobby.code is None or conn.table_id == lobby.id or lobby.seat_of(conn.identity) is not None


def from_header(header: dict[str, Any]) -> tuple[str | None, bool]:
    """A journaled table's (code, watchers allowed); ValueError if they are not that."""
    code, watchers = header.get("code"), header.get("watchers", True)
    if (code is not None and (not isinstance(code, str) or read_code(code) != code)) or type(watchers) is not bool:
        raise ValueError("its code or its watchers are not a code and a bool")
    return code, watchers


class Codes:
    """Finds tables by code. Wrong codes are counted per identity and per address (an SSH player's own, not the
    door's); after PER_IDENTITY from one identity or PER_ADDRESS from one address in a minute, its codes are refused
    without being looked at until those wrong codes are a minute old. While more than OVERALL a minute come from
    everywhere (guessers on many addresses), an address is allowed CROWDED instead: guessing slows down however many
    addresses do it, and a code from anyone who has not been guessing is still looked at (a host-wide lockout let
    thirty addresses shut every player out of every private table)."""

    def __init__(
        self, per_identity: int = PER_IDENTITY, per_address: int = PER_ADDRESS, overall: int = OVERALL
    ) -> None:
        self.per_identity, self.per_address, self.overall = per_identity, per_address, overall
        self.by_identity, self.by_address = Throttle(WINDOW), Throttle(WINDOW)  # (used to count, never to wait)

    def guessing(self, identity: str, address: str) -> bool:
        """Whether identity, or address, has spent its allowance of wrong codes for now."""
        here, everyone = self.by_address.counts(address)
        allowed = self.per_address if everyone < self.overall else min(CROWDED, self.per_address)
        return self.by_identity.counts(identity)[0] >= self.per_identity or here >= allowed

    def find(
        self, identity: str, address: str, typed: Any, tables: Iterable[LobbyTable]
    ) -> LobbyTable | tuple[str, str]:
        """The private table whose code was typed, or (error code, message): `slow_down` after too many wrong codes,
        `bad_request` for what cannot be a code, `wrong_code` for a code no table has (which is counted)."""
        if self.guessing(identity, address):
            return "slow_down", "too many wrong table codes: wait a minute and try again"
        fits = isinstance(typed, str) and len(typed) <= TYPED_LIMIT
        code = read_code(typed.strip().replace(" ", "")) if fits else None
        if code is None:
            example = shown_code(CODE_ALPHABET[:CODE_LENGTH])
            return "bad_request", f"a table's code is {CODE_LENGTH} letters and digits, like {example}"
        found = next((t for t in tables if t.code is not None and hmac.compare_digest(t.code, code)), None)
        if found is None:
            self.by_identity.failed(identity)
            self.by_address.failed(address)
            return "wrong_code", (
                "no table has that code: check it with whoever gave it to you (a resume code is not a table's: it goes"
                " in the name you log in with over SSH, as NAME+CODE)"
            )
        return found
