"""Names that read alike: the form two names share when a player could not tell them apart on screen, and names made
unique among those ('Ann 2')."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable

LOOK_ALIKE = str.maketrans(
    {
        # Cyrillic letters drawn like Latin ones, capital and small
        "А": "A", "а": "a", "В": "B", "Е": "E", "е": "e", "Ѕ": "S", "ѕ": "s", "І": "I", "і": "i", "Ј": "J",
        "ј": "j", "К": "K", "к": "k", "М": "M", "Н": "H", "О": "O", "о": "o", "Р": "P", "р": "p", "С": "C",
        "с": "c", "Т": "T", "У": "Y", "у": "y", "Х": "X", "х": "x", "ԁ": "d", "Ԛ": "Q", "ԛ": "q", "Ԝ": "W",
        "ԝ": "w", "Һ": "h", "һ": "h", "ӏ": "l", "Ӏ": "I",
        # Greek letters drawn like Latin ones
        "Α": "A", "α": "a", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "ι": "i", "Κ": "K", "κ": "k",
        "Μ": "M", "Ν": "N", "ν": "v", "Ο": "O", "ο": "o", "Ρ": "P", "ρ": "p", "Τ": "T", "Υ": "Y", "υ": "u",
        "Χ": "X", "χ": "x",
        # Latin letters of other alphabets drawn like the basic ones
        "ɡ": "g", "ı": "i", "ȷ": "j", "ℓ": "l",
    }
)  # fmt: skip


def look_alike(name: str) -> str:
    """The form name shares with every name drawn like it: compatibility forms folded (fullwidth letters, ligatures),
    letters of other scripts that look Latin read as Latin, case ignored ("Аna", with a Cyrillic А, reads "ana")."""
    return unicodedata.normalize("NFKC", name).translate(LOOK_ALIKE).casefold()


def unique_name(name: str, taken: Callable[[str], bool], room: int) -> str:
    """name, or 'name 2', 'name 3'… (cut to room characters): the first that taken says is free."""
    candidate, number = name, 2
    while taken(candidate):
        suffix = f" {number}"
        candidate, number = name[: room - len(suffix)] + suffix, number + 1
    return candidate


class NamesInUse:
    """The names connections go by now, read alike, each with the identities whose connections use it: all of an
    identity's connections may share a name, and no other identity's gets one read alike ('Ann 2')."""

    def __init__(self, room: int) -> None:
        self.room = room
        self._users: dict[str, Counter[str]] = {}  # a name read alike -> its identities' connections

    def take(self, name: str, identity: str) -> str:
        """The name a connection of identity asking for name goes by (until give_back)."""

        def taken(candidate: str) -> bool:
            return any(who != identity for who in self._users.get(look_alike(candidate), ()))

        chosen = unique_name(name, taken, self.room)
        self._users.setdefault(look_alike(chosen), Counter())[identity] += 1
        return chosen

    def give_back(self, name: str, identity: str) -> None:
        """A connection of identity that went by name is gone."""
        key = look_alike(name)
        users = self._users.get(key, Counter())
        users[identity] -= 1
        if users[identity] <= 0:
            del users[identity]
        if not users:
            self._users.pop(key, None)
