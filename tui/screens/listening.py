"""Table listeners that fall silent once Textual starts taking their screen down."""

from collections.abc import Callable
from typing import Any, TypeVar

from textual.screen import Screen

Heard = TypeVar("Heard")


def while_up(screen: Screen[Any], listener: Callable[[Heard], None]) -> Callable[[Heard], None]:
    """Pass what a table tells to `listener` only while `screen` stands: between Textual removing its widgets
    (it closes, or the app exits) and its unmount, where the listener is dropped, there is nothing to draw on."""

    def heard(told: Heard) -> None:
        if screen.display:  # False from the moment Textual prunes the screen
            listener(told)

    return heard
