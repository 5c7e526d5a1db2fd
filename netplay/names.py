"""Names that read alike: the form two names share when a player could not tell them apart on screen."""

from __future__ import annotations

import unicodedata

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
