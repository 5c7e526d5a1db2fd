"""The number keys of a dialog's numbered lines: 1-9, then 0 for the tenth, and the hint that says so."""

from __future__ import annotations

KEYS = "1234567890"


def number_key(index: int) -> str:
    """The key of the line at index (from 0): '1'...'9', '0' for the tenth, '' past it (click only)."""
    return KEYS[index] if index < len(KEYS) else ""


def index_of(character: str | None, count: int) -> int | None:
    """The line (from 0) a pressed character picks among count lines, or None."""
    if not character or character not in KEYS:
        return None
    index = KEYS.index(character)
    return index if index < count else None


def keys_hint(count: int) -> str:
    """'Press 1-4 or click', 'Press 1-9, or 0 for the 10th, or click'."""
    if count <= 1:
        return "Press 1 or click"
    if count <= 9:
        return f"Press 1-{count} or click"
    return "Press 1-9, or 0 for the 10th, or click"
