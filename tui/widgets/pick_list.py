"""A numbered list that shows as many rows as fit and marks what is left above and below ("▲ 3 more ([)")."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

MAX_NUMBERED = 9  # the number keys 1-9 pick the rows shown


def list_window(count: int, offset: int, height: int) -> tuple[int, int]:
    """The rows [start, end) of a count-row list shown from offset in height lines, leaving a line for each "more"
    mark needed; at most MAX_NUMBERED rows, at least one."""
    if count <= min(height, MAX_NUMBERED) and offset <= 0:
        return 0, count
    start = max(0, min(offset, count - 1))
    room = height - (1 if start else 0)
    if start + room < count:
        room -= 1
    end = min(count, start + max(1, min(MAX_NUMBERED, room)))
    return start, end


class PickList(Static):
    """Rows numbered 1.. from the first one shown; [ and ] (the screen's keys) turn its pages. A row is a line, cut
    with "…" if too long: a row wrapped onto two lines pushed the last one out of sight, unmarked (in the big log's
    narrow panel)."""

    DEFAULT_CSS = """
    PickList {
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[Text] = []
        self.first = 0

    def show_rows(self, rows: list[Text], first: int = 0) -> None:
        """Show these rows from the first-th."""
        self.rows, self.first = rows, first
        self.display = bool(rows)
        self.refresh()

    def window(self) -> tuple[int, int]:
        """The rows shown now."""
        return list_window(len(self.rows), self.first, self.size.height)

    def index(self, number: int) -> int | None:
        """The row the number key picks (None if it names no row shown)."""
        start, end = self.window()
        return start + number - 1 if 1 <= number <= end - start else None

    def turn_page(self, step: int) -> bool:
        """Show the next (step 1) or previous (-1) rows; False when there are none that way."""
        start, end = self.window()
        if step > 0 and end < len(self.rows):
            self.first = end
        elif step < 0 and start > 0:
            self.first = max(0, start - max(1, end - start))
        else:
            return False
        self.refresh()
        return True

    def render(self) -> Text:
        start, end = self.window()
        text = Text()
        if start:
            text.append(f"▲ {start} more ([)\n", "bold cyan")
        for number, row in enumerate(self.rows[start:end], start=1):
            text.append(f"{number} ", "bold")
            text.append_text(row)
            text.append("\n")
        if end < len(self.rows):
            text.append(f"▼ {len(self.rows) - end} more (])", "bold cyan")
        text.rstrip()
        return text
