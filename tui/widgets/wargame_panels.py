"""Text panels of the wargame screen: the status line, the hex under the cursor, the CRT with its column lit."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from core.wargame.board import game_map, has_side, hex_name, hex_of, is_edge, is_fortified, terrain
from core.wargame.crt import COLUMNS, CRT, MEANINGS, attack_odds
from core.wargame.flow import WINNING_LEAD
from core.wargame.units import WINS
from core.wargame.views import WargameView
from hexgrid.coords import neighbors
from tui.widgets.wargame_text import phase_line, side_title, stack_label

TERRAIN_WORDS = {"clear": "clear", "city": "city", "forest": "forest (defence x2)", "lake": "lake (impassable)"}


def status_text(view: WargameView, acting: int | None, who: tuple[str, str], thinking: bool, width: int = 200) -> Text:
    """The scenario, turn, phase, the VP track, and whose decision it is ("▶ Rebels (you)"), shortened to fit
    width (the scenario goes first)."""
    gov, reb = view.vp
    seat = acting if acting is not None else (view.owed[0] if view.owed else None)
    if view.window == "over":
        winner = WINS[view.winner] if view.winner is not None else "nobody wins"
        turn, tail, tail_style = f"Game over: {winner}", "", "bold yellow"
    else:
        turn, tail, tail_style = "", "", "dim"
        if seat is not None:
            label = f" ({who[seat]})" if who[seat] else ""
            if acting is not None:
                tail, tail_style = f"▶ {side_title(seat)}{label}", "bold green"
            else:
                tail = f"{side_title(seat)}{label} {'thinking…' if thinking else 'to play'}"
    scenario = f"{view.config.scenario.capitalize()} · "
    for phase, vp in (
        (scenario + phase_line(view), f"VP Gov {gov} Reb {reb}, {WINNING_LEAD} ahead wins"),
        (phase_line(view), f"VP Gov {gov} Reb {reb}, {WINNING_LEAD} ahead wins"),
        (phase_line(view), f"VP Gov {gov} Reb {reb}"),
        (phase_line(view, short=True), f"VP {gov}-{reb}"),
    ):
        parts = [phase, vp, turn or tail]
        if len(" " + " · ".join(p for p in parts if p)) <= width:
            break
    text = Text(f" {phase}", style="bold")
    text.append(f" · {vp}")
    if turn or tail:
        text.append(f" · {turn or tail}", style=tail_style)
    text.truncate(width, overflow="ellipsis")
    return text


def hex_summary(view: WargameView, label: str) -> Text:
    """ "I7 Capitol, fortified (defence x2), clear, road to H7 I6 J7 H8 · ML G3 A3" for the hex under the cursor:
    its terrain, the hexes its roads lead to, its bridges and river sides, and its counters."""
    h = hex_of(label)
    hex_map = game_map()
    name = hex_map.names.get(h, "")
    parts = [f"{label} {name}".strip()]
    if is_fortified(label):
        parts.append("fortified (defence x2)")
    parts.append(TERRAIN_WORDS[terrain(label)])
    around = [n.label for n in neighbors(h) if hex_map.contains(n)]
    for kind, words in (("road", "road to"), ("bridge", "bridge to"), ("river", "river toward")):
        ends = [n for n in around if has_side(kind, label, n) and (kind != "river" or not has_side("bridge", label, n))]
        if ends:
            parts.append(f"{words} {' '.join(ends)}")
    if is_edge(label):
        parts.append("map edge")
    text = Text(", ".join(parts), style="bold")
    units = view.stack(label)
    if units:
        text.append(" · " + stack_label(units))
    return text


def combat_summary(view: WargameView) -> Text:
    """The attack being resolved: who attacks which hexes from where, the strengths and odds before the roll, the
    column, die and result after it."""
    combat = view.combat
    if combat is None:
        return Text()
    attackers = [view.unit(uid) for uid in combat.attackers]
    origins = " ".join(dict.fromkeys(u.hex for u in attackers if u.on_map))
    targets = ", ".join(hex_name(label) for label in combat.targets)
    text = Text(f"{side_title(combat.side)} attack {targets}", style="bold")
    text.append(f" from {origins}" if origins else "")
    if combat.die:
        text.append(f": {combat.odds}, die {combat.die}: ", style="bold")
        text.append(f"{combat.result} ({MEANINGS.get(combat.result, '')})", style="bold yellow")
    elif view.last_result == "surrender" and combat.stage == "advance":
        text.append(": the defenders surrendered", style="bold yellow")
    else:
        odds = attack_odds(view, combat.side, combat.attackers, combat.targets, combat.leaders)
        call = ", calling for surrender" if combat.surrender else ""
        text.append(f": {odds.attack} against {odds.defence}, {odds.column or 'below 1-4'}{call}", style="bold")
    return text


def crt_table(column: str, die: int = 0, result: str = "", caption: str = "", compact: bool = False) -> Table:
    """The Combat Results Table, column lit; with a die, its row and result lit too; caption under it (the
    result's meaning by default); compact leaves the caption out and the cells unpadded."""
    table = Table(box=None, padding=(0, 0 if compact else 1), show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("" if compact else "die", justify="left" if compact else "right", min_width=2 if compact else None)
    for col in COLUMNS:
        lit = "bold black on bright_white" if col == column else ""
        table.add_column(Text(col, style=lit), justify="center", style=lit, min_width=5 if compact else None)
    for roll in range(1, 7):
        cells = []
        for col in COLUMNS:
            entry = CRT[col][roll - 1]
            hit = die == roll and col == column
            cells.append(Text(entry, style="bold yellow on red" if hit else ""))
        table.add_row(str(roll), *cells, style="bold" if die == roll else "")
    if not compact:
        table.caption = caption or (f"die {die}: {result}, {MEANINGS.get(result, '')}" if result else "")
    return table
