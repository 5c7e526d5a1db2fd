"""Table listeners that fall silent once Textual starts taking their screen down, and the trouble a table tells."""

from collections.abc import Callable
from typing import Any, TypeVar

from textual.screen import Screen

from netplay.table import CONNECTION

Heard = TypeVar("Heard")


def while_up(screen: Screen[Any], listener: Callable[[Heard], None]) -> Callable[[Heard], None]:
    """Pass what a table tells to `listener` only while `screen` stands: between Textual removing its widgets
    (it closes, or the app exits) and its unmount, where the listener is dropped, there is nothing to draw on."""

    def heard(told: Heard) -> None:
        if screen.display:  # False from the moment Textual prunes the screen
            listener(told)

    return heard


def tell_trouble(screen: Screen[Any], table: Any, shown: str | None) -> str | None:
    """Notify the table's error if it is new (the situation line may have no room for all of it), under its title;
    news of the connection replaces the notices before it (one while the host is reached again, not a pile of
    them). The error now shown."""
    error: str | None = table.error
    if error and error != shown:
        connection = table.error_title == CONNECTION
        if connection:
            screen.app.clear_notifications()
        screen.notify(error, title=table.error_title, severity="warning" if connection else "error", markup=False)
    return error
