"""Text panels of the wargame screen: the status line, the hex under the cursor, the CRT with its column lit."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from core.wargame.board import game_map, has_side, hex_of, is_fortified, terrain
from core.wargame.crt import COLUMNS, CRT, MEANINGS
from core.wargame.flow import WINNING_LEAD
from core.wargame.units import WINS
from core.wargame.views import WargameView
from hexgrid.coords import neighbors
from tui.widgets.wargame_text import phase_line, side_title, stack_label

TERRAIN_WORDS = {"clear": "clear", "city": "city", "forest": "forest (defence x2)", "lake": "lake (impassable)"}


def status_text(view: WargameView, acting: int | None, who: tuple[str, str], thinking: bool) -> Text:
    """Turn, phase, the VP track, and whose decision it is ("▶ Rebels (you)")."""
    text = Text(f" {phase_line(view)}", style="bold")
    gov, reb = view.vp
    text.append(f" · VP Gov {gov} Reb {reb}, {WINNING_LEAD} ahead wins")
    if view.window == "over":
        winner = WINS[view.winner] if view.winner is not None else "nobody wins"
        text.append(f" · Game over: {winner}", style="bold yellow")
        return text
    seat = acting if acting is not None else (view.owed[0] if view.owed else None)
    if seat is None:
        return text
    label = f" ({who[seat]})" if who[seat] else ""
    if acting is not None:
        text.append(f" · ▶ {side_title(seat)}{label}", style="bold green")
    else:
        text.append(f" · {side_title(seat)}{label} {'thinking…' if thinking else 'to play'}", style="dim")
    return text


def hex_summary(view: WargameView, label: str) -> Text:
    """ "I7 Capitol, fortified (defence x2), clear, road · ML G3 A3" for the hex under the cursor."""
    h = hex_of(label)
    hex_map = game_map()
    name = hex_map.names.get(h, "")
    parts = [f"{label} {name}".strip()]
    if is_fortified(label):
        parts.append("fortified (defence x2)")
    parts.append(TERRAIN_WORDS[terrain(label)])
    around = [n.label for n in neighbors(h) if hex_map.contains(n)]
    if any(has_side("road", label, n) for n in around):
        parts.append("road")
    if any(has_side("bridge", label, n) for n in around):
        parts.append("bridge")
    elif any(has_side("river", label, n) for n in around):
        parts.append("river")
    text = Text(", ".join(parts), style="bold")
    units = view.stack(label)
    if units:
        text.append(" · " + stack_label(units, 40))
    return text


def crt_table(column: str, die: int = 0, result: str = "") -> Table:
    """The Combat Results Table, column lit; with a die, its row and result lit too."""
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("die", justify="right")
    for col in COLUMNS:
        lit = "bold black on bright_white" if col == column else ""
        table.add_column(Text(col, style=lit), justify="center", style=lit)
    for roll in range(1, 7):
        cells = []
        for col in COLUMNS:
            entry = CRT[col][roll - 1]
            hit = die == roll and col == column
            cells.append(Text(entry, style="bold yellow on red" if hit else ""))
        table.add_row(str(roll), *cells, style="bold" if die == roll else "")
    if result:
        table.caption = f"die {die}: {result}, {MEANINGS.get(result, '')}"
    return table
