"""The number keys of a dialog's numbered lines: 1-9, then 0 for the tenth, in the footer and the hint that says so."""

from __future__ import annotations

from textual.binding import Binding

KEYS = "1234567890"
CHOOSE = Binding.Group("Choose")
NUMBER_BINDINGS = [Binding(key, f"pick({index})", "Choose", group=CHOOSE) for index, key in enumerate(KEYS)]


def number_key(index: int) -> str:
    """The key of the line at index (from 0): '1'...'9', '0' for the tenth, '' past it (click only)."""
    return KEYS[index] if index < len(KEYS) else ""


def keys_hint(count: int) -> str:
    """'Press 1-4 or click', 'Press 1-9, or 0 for the 10th, or click'."""
    if count <= 1:
        return "Press 1 or click"
    if count <= 9:
        return f"Press 1-{count} or click"
    return "Press 1-9, or 0 for the 10th, or click"


def offers_key(action: str, parameters: tuple[object, ...], count: int) -> bool:
    """Whether a numbered dialog of count lines offers action (a pick past its last line is neither run nor shown in
    the footer; every other action is)."""
    return action != "pick" or (bool(parameters) and isinstance(parameters[0], int) and parameters[0] < count)
