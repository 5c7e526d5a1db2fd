"""Words and glyphs of the wargame screens: unit codes, stack labels, choice texts, and a state rebuilt from a view."""

from __future__ import annotations

from core.wargame.board import hex_name
from core.wargame.moves import (
    Advance,
    Attack,
    AutoPlace,
    BugOut,
    ChooseLosses,
    Disband,
    Disembark,
    EndPhase,
    Flee,
    MoveUnits,
    Place,
    Retreat,
    Subvert,
    WargameMove,
)
from core.wargame.units import GOVERNMENT, Unit, describe
from core.wargame.views import WargameView

LETTERS = {"guards": "G", "army": "A", "tank": "T", "helicopter": "H", "police": "P", "irregular": "I", "mob": "M"}
SIDE_TITLES = ("Government", "Rebels")
SHARED_MARK = "/"  # between the government's counters and the rebels' in a hex both stand in
STRATEGIC_CODES = {
    "Airport": "AP",
    "Radio Station": "RS",
    "Power Plant": "PP",
    "Police Station": "PS",
    "Capitol": "CP",
    "Army Base": "AB",
    "Telephone Exchange": "TX",
    "University": "UN",
    "Armory": "AR",
}


def unit_code(unit: Unit) -> str:
    """ "A3" government army, "i2" rebel irregular, "ML" the Maximum Leader, "L" a rebel leader."""
    if unit.is_leader:
        return "ML" if unit.side == GOVERNMENT else "L"
    letter = LETTERS[unit.kind]
    return f"{letter if unit.side == GOVERNMENT else letter.lower()}{unit.strength}"


def stack_label(units: tuple[Unit, ...] | list[Unit], width: int | None = None) -> str:
    """The counters of a hex, the fighters' kinds by strength with counts, then the leaders ("ML", "L" per rebel
    leader): "A3x2T4ML". With a width, a stack cut to fit it shows a "+" where counters are left out, before the
    leaders ("A3x2+ML"); when no kind fits whole, the first keeps its code without its count, or its letter ("i+L");
    where the leaders' codes would leave the fighters fewer than 3 characters, one "L" stands for them ("G+L": the
    Maximum Leader). A hex both sides stand in (after a subversion) reads government, SHARED_MARK, rebels: "A3/a3",
    "A/a" in 3 characters."""
    government = [u for u in units if u.side == GOVERNMENT]
    if government and len(government) < len(units):
        return _shared_label(government, [u for u in units if u.side != GOVERNMENT], width)
    return _one_side_label(units, width)


def _shared_label(government: list[Unit], rebels: list[Unit], width: int | None) -> str:
    """Both sides' labels either side of SHARED_MARK, each cut to its share of width (what one leaves, the other
    may use); a share of one or two characters keeps the label's first ones ("A", "a3")."""
    whole = _one_side_label(government), _one_side_label(rebels)
    if width is None or len(whole[0]) + len(whole[1]) < width:
        return SHARED_MARK.join(whole)
    room = width - 1
    government_share = min(len(whole[0]), max(room - len(whole[1]), (room + 1) // 2))
    shares = government_share, room - government_share
    parts = [
        label if len(label) <= share else (_one_side_label(side, share) if share >= 3 else label[:share])
        for label, side, share in zip(whole, (government, rebels), shares, strict=True)
    ]
    return SHARED_MARK.join(parts)


def _one_side_label(units: tuple[Unit, ...] | list[Unit], width: int | None = None) -> str:
    """stack_label of counters of one side."""
    groups: dict[str, int] = {}
    fighters = sorted((u for u in units if not u.is_leader), key=lambda u: (-u.strength, u.kind, u.side))
    for unit in fighters:
        code = unit_code(unit)
        groups[code] = groups.get(code, 0) + 1
    parts = [code if n == 1 else f"{code}x{n}" for code, n in groups.items()]
    leaders = "".join(unit_code(u) for u in units if u.is_leader)
    if width is None or len("".join(parts) + leaders) <= width:
        return "".join(parts) + leaders
    if not parts:
        return leaders[: width - 1] + "+"
    if width - len(leaders) < 3:
        leaders = "L"
    room = width - len(leaders) - 1
    text = ""
    for part in parts:
        if len(text) + len(part) > room:
            break
        text += part
    return (text or parts[0][: min(room, 2)]) + "+" + leaders


def unit_line(unit: Unit, view: WargameView, short: bool = False) -> str:
    """ "A3 3-2 government army, moved, attacked" ("A3 3-2 army" when short)."""
    strength = f"({unit.bonus})" if unit.is_leader else str(unit.strength)
    if short:
        kind = unit.name if unit.is_leader else unit.name.split()[-1]
        return f"{unit_code(unit):<2} {strength}-{unit.allowance} {kind}"
    flags = []
    if unit.uid in view.moved and view.window == "move":
        flags.append("moved")
    if unit.uid in view.attacked:
        flags.append("attacked")
    if unit.uid in view.defended:
        flags.append("defended")
    if unit.uid in view.no_attack:
        flags.append("cannot attack")
    if unit.riding:
        flags.append(f"riding {view.unit(unit.riding).name}")
    extra = f", {', '.join(flags)}" if flags else ""
    return f"{unit_code(unit):<2} {strength}-{unit.allowance} {unit.name}{extra}"


def side_title(side: int) -> str:
    """ "Government" or "Rebels"."""
    return SIDE_TITLES[side]


def unit_names(view: WargameView, uids: tuple[str, ...], where: str = "in") -> str:
    """ "1 mob in N4 and 2 police in N5, with rebel leader 1": the combat units counted by kind, each hex named, then
    the leaders by name."""
    by_hex: dict[str, list[Unit]] = {}
    units = [view.unit(uid) for uid in uids]
    for unit in units:
        if not unit.is_leader:
            by_hex.setdefault(unit.hex, []).append(unit)
    words = " and ".join(describe(group) + (f" {where} {label}" if label else "") for label, group in by_hex.items())
    leaders = " and ".join(u.name for u in units if u.is_leader)
    return f"{words}, with {leaders}" if words and leaders else words or leaders


def _retreat_text(view: WargameView, move: Retreat) -> str:
    by_hex: dict[str, list[Unit]] = {}
    for uid, label in move.moves:
        by_hex.setdefault(label, []).append(view.unit(uid))
    parts = []
    for label, units in by_hex.items():
        fighters = [u for u in units if not u.is_leader]
        names = ([describe(fighters)] if fighters else []) + [u.name for u in units if u.is_leader]
        parts.append(f"{' and '.join(names)} to {label}")
    return "; ".join(parts) or "no retreat"


def choice_text(move: WargameMove, view: WargameView) -> str:
    """A legal move in words, for the prompt of a decision."""
    if isinstance(move, Flee):
        return f"{view.unit(move.leader).name} flees to {hex_name(move.to)}"
    if isinstance(move, BugOut):
        who = view.unit(move.leader).name
        return f"{who} bugs out to {hex_name(move.to)}" if move.to else f"{who} stays to lead the defence"
    if isinstance(move, ChooseLosses):
        return "lose " + unit_names(view, move.units)
    if isinstance(move, Disband):
        return "disband " + unit_names(view, move.units)
    if isinstance(move, Retreat):
        return _retreat_text(view, move)
    if isinstance(move, Advance):
        return "advance " + unit_names(view, move.units, "from") if move.units else "stay where they are"
    if isinstance(move, Subvert):
        return "subvert " + unit_names(view, move.units) if move.units else "subvert nobody"
    if isinstance(move, Place):
        return f"place on {hex_name(move.hex)}"
    if isinstance(move, AutoPlace):
        return "place the rest automatically"
    if isinstance(move, MoveUnits):
        return f"move {unit_names(view, move.units, 'from')} to {move.to}"
    if isinstance(move, Attack):
        return f"attack {', '.join(move.targets)}"
    if isinstance(move, Disembark):
        return f"{view.unit(move.leader).name} leaves his helicopter"
    if isinstance(move, EndPhase):
        return "end the phase"
    return move.kind


def destination(move: WargameMove) -> str:
    """The hex a decision sends units to, when it sends them to one hex ("" otherwise)."""
    if isinstance(move, (Flee, BugOut)):
        return move.to
    if isinstance(move, Retreat):
        hexes = {label for _, label in move.moves}
        return hexes.pop() if len(hexes) == 1 else ""
    return ""


def phase_line(view: WargameView, short: bool = False) -> str:
    """ "Turn 3/12 · Rebels: move" ("T3/12 · Rebels: reinf." when short; only the turn once the game is over)."""
    names = {"setup": "set-up", "reinforce": "reinforcements", "subvert": "subversion"}
    if short:
        names.update(reinforce="reinf.", subvert="subvert")
    limit = view.config.turn_limit
    turn = "Set-up" if view.turn == 0 else f"{'T' if short else 'Turn '}{view.turn}" + (f"/{limit}" if limit else "")
    if view.window == "over":
        return turn
    side = SIDE_TITLES[view.side][:3] + "." if short else SIDE_TITLES[view.side]
    return f"{turn} · {side}: {names.get(view.phase, view.phase)}"
