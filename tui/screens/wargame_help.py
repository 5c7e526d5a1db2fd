"""The wargame's help screen (?): the keys, what the map shows, and the rules in brief."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from core.wargame.config import WargameConfig
from core.wargame.crt import COLUMNS, CRT
from core.wargame.flow import WINNING_LEAD
from core.wargame.units import (
    ALLOWANCE,
    ARMY,
    GOVERNMENT,
    GUARDS,
    HELICOPTER,
    IRREGULAR,
    LEADER,
    LEADER_BONUS,
    MOB,
    POLICE,
    REBELS,
    STRENGTH,
    TANK,
)
from tui.widgets.key_scroll import KeyScroll

KEYS = """\
# Coup (1992): keys

| key | does |
|---|---|
| arrows, h j k l, mouse | move the cursor hex to hex (a click on the cursor's hex is Enter there) |
| Enter, space | place the counter on the cursor hex (set-up); select your stack, then move it to a lit hex |
| Enter, space | aim at (or drop) an enemy hex (attack); pick the lit hex (flight, bug-out) |
| Enter, space | retreat: send the ticked counters to the lit hex; other lists: show the cursor hex's counters |
| 1-9 | tick or untick a listed unit (move, attack, losses, advance, retreat, subversion, disbanding) |
| 1-9 | pick a numbered choice (a flight, a bug-out) |
| c | confirm the ticked units (losses, advance, retreat, subversion, disbanding): what they would do shows first |
| [ ] | the list's previous / next rows (a "▲ n more" or "▼ n more" line says there are more) |
| PageUp, PageDown, End | scroll the log (it keeps your place until you are back at its end); End: its last lines |
| L | the big log in the map's place (again, or Esc: the map) |
| a | set-up and reinforcements: the computer places the rest as it would for your side; Esc stops it |
| r | roll the die for the planned attack |
| s | call on the defenders to surrender (optional rule) |
| o | move the ticked units off the map (asks first: they never return; a leader counts as dead) |
| d | a leader under the cursor leaves his helicopter |
| e | end the move or attack phase |
| Esc | drop the selection; else leave the game |
| ? or F1 | this help |
| ' | at a network table: chat (Enter sends) |
| g | at a network table: a seat to the computer (yours while away, or an away or idle player's); again: back |
| p | once the game is over: play the same game again (at a network table: ask the others for a rematch) |
"""

MAP = """\
# The map

Government units are upper-case, rebels lower-case, with their combat strength: `G3` Guards, `A3`
army, `T4` tank, `H3` helicopter, `P2` police, `M1` loyalist mob, `i2` irregular, `m1` mob, `ML` the
Maximum Leader, `L` a rebel leader; `A3x2` two armies; `+` more than fits (`A3x2+`, `i2+L`
irregulars, more, and a rebel leader). Where a hex has only 3 characters, a last `L` means a leader
is there too (`i2L` a rebel leader with irregulars, `G+L` the Maximum Leader with the Guards and
more). A hex both sides stand in, after a subversion, shows the government's counters before a `/`
and the rebels' after it (`A/a`, `A3/a3`); the panel below lists the whole stack of the hex under
the cursor, with the hexes its roads lead to, its bridges and its river sides. The column letters
and row numbers stay in view while the map scrolls.

Empty hexes show their terrain: `##` city, `^^` forest, `~~` lake, blank clear (`#` `^` `~` below
116×38); under counters it moves to the hex's lower line (`_##__` a city) where there is room.

Purple hexes are strategic (all cities but the clear Capitol), with their code on the hex's lower
line: `AP` Airport, `RS` Radio Station, `PP` Power Plant, `PS` Police Station, `CP` Capitol, `AB`
Army Base, `TX` Telephone Exchange, `UN` University, `AR` Armory; `*` marks a fortified hex. `~` is
a river, `=` on a side a road or bridge, `/` `\\` a road leaving downwards.

Below 116×38 the map has one line a row: between two hexes of a row `~` is the river, `=` a bridge,
`-` a road; where the river runs between rows it shows as `\\` `/` in a gap at one end of that side
(`V` `Λ` `X` where two such sides meet), so the `~ = \\ / V` marks make one line from the lake to the
south edge: a move crosses the river when it crosses that line. Roads that run between rows are not
drawn there: the panel names, for the hex under the cursor, every hex its roads lead to.

Lit hexes are coloured and have their free cells filled with `·` (`··##·`, `·#·`; when counters fill
the line, `·` on the hex's lower line, or below 116×38 in a gap beside it): where a counter may be
placed or moved, the stack selected, attackers (orange) and targets (red), a decision's hexes; the
panel below says which.
"""

RULES = """\
# The rules in brief

**The turn.** Government reinforcements, move, attack; then the rebels' reinforcements, move,
attack (advanced game: the rebels' subversion after the government's first turn). At the end of
each turn each side scores 1 VP per strategic hex it holds (a combat unit there: leaders and
helicopters hold nothing, though a helicopter keeps the enemy from holding it). A 15-point lead
wins at once; else the VP leader wins after the turn limit (a tie keeps the government in power).

**Reinforcements.** Basic game: the government gets a police unit in a city hex on each of turns
1-3, the rebels two. Advanced game: the government an army (anywhere) and a police unit (city) on
turns 2-4 and a police unit on turns 5-6; the rebels two police on turns 1-4 and an army on turns
5-6. **Radio Station mobs**, every turn: holding the Radio Station, the rebels roll a die for that
many mobs (+1 with a leader there), else 1 mob (die 1-4) or 2 (5-6); one may go in any city hex,
the others on or next to a rebel leader or unit. The government gets mobs only holding the Radio
Station: a die -4 (-2 with the Maximum Leader there), in city hexes on or next to its units. Mobs
that cannot be placed are lost. Extra reinforcements (optional): one die on the side's table, +1
for holding the Radio Station, 7 rolling twice more.

**Moving.** A unit moves up to its allowance; roads cost half, entering a forest or crossing a river
off a bridge takes the whole move; lakes are impassable; helicopters ignore terrain and carry
leaders. Leaders may ride police, Guards or helicopters. No moving through enemy units (a lone leader
blocks nothing; ground and air pass each other but do not stop together). At most 3 units a hex
(leaders and helicopters do not count). A unit that leaves the map from an edge hex never returns
(`o` asks first).

**Leaders and VP.** The Maximum Leader adds 2 to his stack, a rebel leader 1. A killed (or fled)
Maximum Leader gives the rebels 5 VP, a rebel leader the government 2 VP. A rebel combat unit that
enters the lone Maximum Leader's hex strings him up. A lone rebel leader whose hex a government
combat unit stops in must **flee** one hex (none free: he dies). When rebels are attacked, each
rebel leader on the ground may **bug out** to a free adjacent hex before the roll (he is then safe
but adds nothing); the Maximum Leader never bugs out. Leaders die with the last combat unit of
their stack.

**Attacking.** Units next to an enemy hex attack it together once a turn; a hex is attacked
whole, once a turn; leaders stacked with attackers add their bonus to one attack. Forest and
fortified hexes double the defence. Odds round down for the defender: 1-4 to 3-1 (better is 3-1,
worse than 1-4 is not allowed). The attacker rolls one die on the CRT below: `[-n]` the attacker
loses n units of his choice, `-n` the defender does, `R` the defender retreats, `X` every defender is
lost, `NE` nothing happens. When the defenders are gone, the attackers (up to 3 units, and the
leaders who lent their bonus, each as you choose) may **advance** into the hex.

**Retreats.** Each retreating unit moves one hex: never into enemy units, a lake, across the river
(bridge or not) or off the map; a hex not next to the enemy if it can, no over-stacking if it can
be avoided, and the stack together unless that would over-stack. A unit with nowhere to go is
eliminated. Each leader goes with one of his units (you choose which).

**Surrender** (optional). Against 3-1 odds or a surrounded hex the attacker may call for surrender:
the defender rolls one die, +1 Guards, +1 fortified, +1 a leader with them, -1 a leader among the
attackers. 1 or less: they surrender (government troops change sides; rebel tanks, helicopters and
police are captured); 2: they surrender but roll to save their vehicles (salvage); 3-5: the attack
goes on; 6 or more: they defend at double strength.

**Salvage** (optional). A destroyed tank is captured on a die of 1-3, a police unit on 1-2, a
helicopter on 1, if the captor has such a counter free: it changes sides and cannot attack that turn.

**Subversion** (advanced game, once, after the government's first turn). The rebels may turn one
government unit, or two in the same hex, of strength 6 or less together; never the Guards or a
unit in the Maximum Leader's hex.
"""

DECISIONS = """\
# Our decisions where the rulebook is silent or unclear

- The map and the Combat Results Table are ours: the published map sheet is lost.
- The game ends when one side leads by 15 VP. The start screen also offers a turn limit (12 by
  default, 0 for none): after that turn the VP leader wins, and a tie keeps the government.
- Subversion may take any one unit, or any two in a hex, whatever else stands there (the turned
  units then share the hex with the government's); never the Guards or a unit in the Maximum
  Leader's hex.
- A salvaged counter is replaced by the captor's where it stood when nothing of its old side is
  left there; otherwise it joins a stack of the capturing side in the combat, in a hex it may stand
  in (no police car in a lake) with room under the stacking limit; where there is none it is destroyed.
- Units eliminated because they cannot retreat are destroyed like any other: they roll for salvage.
- Retreating ground units never cross the river, bridge or not (the road's exception is for moving).
- Only a rebel combat unit strings up the lone Maximum Leader, and only a government combat unit
  makes a lone rebel leader flee: a leader alone does neither.
- On an advance or a retreat each leader goes with any of the units, or stays (if allowed).
- A unit leaves the map from an edge hex with at least one movement point left; it never returns.
- The advanced set-up's "six 4-2 police" are 2-4 police. Extra reinforcements roll one die, +1
  for holding the Radio Station.
"""


def unit_table() -> str:
    """The counters as a Markdown table: code, combat strength, movement, side."""
    rows = [
        ("Maximum Leader", "ML", f"({LEADER_BONUS[GOVERNMENT]})", LEADER, "government; never bugs out"),
        ("Guards", "G3", str(STRENGTH[GUARDS]), GUARDS, "government; never subverted"),
        ("Army", "A3", str(STRENGTH[ARMY]), ARMY, "government (rebels by salvage, surrender, subversion)"),
        ("Tank", "T4", str(STRENGTH[TANK]), TANK, "government (rebels likewise)"),
        ("Helicopter", "H3", str(STRENGTH[HELICOPTER]), HELICOPTER, "ignores terrain and stacking; carries leaders"),
        ("Police", "P2 / p2", str(STRENGTH[POLICE]), POLICE, "both; carries leaders"),
        ("Irregular", "i2", str(STRENGTH[IRREGULAR]), IRREGULAR, "rebels"),
        ("Mob", "M1 / m1", str(STRENGTH[MOB]), MOB, "both (loyalist / rebel)"),
        ("Rebel leader", "L", f"({LEADER_BONUS[REBELS]})", LEADER, "rebels, three; may bug out"),
    ]
    lines = ["| unit | code | combat | move | notes |", "|---|---|---|---|---|"]
    lines += [
        f"| {name} | `{code}` | {combat} | {ALLOWANCE[kind]} | {notes} |" for name, code, combat, kind, notes in rows
    ]
    return "\n".join(lines)


def crt_markdown() -> str:
    """The Combat Results Table as a Markdown table."""
    lines = ["| die | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    for roll in range(6):
        lines.append(f"| {roll + 1} | " + " | ".join(f"`{CRT[col][roll]}`" for col in COLUMNS) + " |")
    return "\n".join(lines)


HELP = "\n".join(
    (
        KEYS,
        MAP,
        RULES,
        "## The units\n",
        unit_table(),
        "\n## Combat Results Table (attacker rolls one die)\n",
        crt_markdown(),
        "",
        DECISIONS,
    )
)


def this_table(config: WargameConfig) -> str:
    """What a table plays, in Markdown: the scenario, which optional rules are on and the turn limit."""
    rules = [name for name, on in (("salvage", config.salvage), ("surrender calls", config.surrender)) if on]
    if config.extra_reinforcements:
        rules.append("extra reinforcements")
    limit = f"ends after turn {config.turn_limit}" if config.turn_limit else "no turn limit"
    return (
        f"# This table\n\nThe **{config.scenario}** scenario; optional rules: **{', '.join(rules) or 'none'}**; "
        f"{limit}; a lead of {WINNING_LEAD} VP wins at once.\n"
    )


class WargameHelpScreen(ModalScreen[None]):
    """The key list and a rules summary (after what this table plays, when there is one); Esc, q or ? closes."""

    BINDINGS = [("escape,q,question_mark,f1", "close", "Close")]

    def __init__(self, config: WargameConfig | None = None) -> None:
        super().__init__()
        self.config = config

    def compose(self) -> ComposeResult:
        with KeyScroll(id="rules"):
            yield Markdown(HELP if self.config is None else this_table(self.config) + "\n" + HELP)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        """Back to the map."""
        self.dismiss()
