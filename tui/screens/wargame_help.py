"""The wargame's help screen (?): the keys, what the map shows, and the rules in brief."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

HELP = """\
# Coup (1992): keys

| key | does |
|---|---|
| arrows, h j k l, mouse | move the cursor hex to hex |
| Enter, space | place the counter on the cursor hex (set-up); select your stack, then move it to a lit hex |
| Enter, space | aim at (or drop) an enemy hex (attack); pick the lit hex (decisions) |
| 1-9 | tick or untick a unit of the selected stack or attack; pick a numbered choice |
| [ ] | more numbered choices |
| a | set-up and reinforcements: place everything left automatically |
| r | roll the die for the planned attack |
| s | call on the defenders to surrender (optional rule) |
| o | move the ticked units off the map |
| d | a leader under the cursor leaves his helicopter |
| e | end the move or attack phase |
| Esc | drop the selection; else leave the game |

# The map

Government units are upper-case, rebels lower-case, with their combat strength: `G3` Guards,
`A3` army, `T4` tank, `H3` helicopter, `P2` police, `M1` loyalist mob, `i2` irregular, `m1` mob,
`ML` the Maximum Leader, `L` a rebel leader; `A3x2` two armies; `+` more than fits. Where a hex
has only 3 characters, a last `L` means a leader is there too (`G3L` the Maximum Leader with the
Guards, `i2L` a rebel leader with irregulars); the panel below lists the hex under the cursor.

Empty hexes show their terrain: `##` city, `^^` forest, `~~` lake, blank clear (`#` `^` `~` below
116×38); under counters it moves to the hex's lower line (`_##__` a city) where there is room.

Purple hexes are strategic (all cities but the clear Capitol), with their code on the hex's lower
line: `AP` Airport, `RS` Radio Station, `PP` Power Plant, `PS` Police Station, `CP` Capitol, `AB`
Army Base, `TX` Telephone Exchange, `UN` University, `AR` Armory; `*` marks a fortified hex. `~` is
a river, `=` on a side a road or bridge, `/` `\\` a road leaving downwards.

Below 116×38 the map has one line a row: between two hexes of a row `~` is the river, `=` a bridge,
`-` a road; where the river runs between rows it shows as `\\` `/` in a gap at one end of that side
(`V` `Λ` `X` where two such sides meet), so the `~ = \\ / V` marks make one line from the lake to the
south edge: a move crosses the river when it crosses that line.

Lit hexes are coloured and have their free cells filled with `·` (`··##·`, `·#·`; when counters fill
the line, `·` on the hex's lower line, or below 116×38 in a gap beside it): where a counter may be
placed or moved, the stack selected, attackers (orange) and targets (red), a decision's hexes; the
panel below says which.

# The rules in brief

- Each turn: government reinforcements, move, attack; then the rebels' (advanced game: subversion
  after the government's first turn). At the end of each turn each side scores 1 VP per strategic
  hex it holds; a 15-point lead wins at once, else the VP leader wins after the turn limit (a tie
  keeps the government in power).
- Moving: a unit moves up to its allowance (the second number in the panel); roads cost half,
  entering a forest or crossing a river without a bridge takes the whole move; lakes are
  impassable; helicopters ignore terrain. At most 3 units a hex (leaders and helicopters do not count).
- Attacking: units next to an enemy hex attack it together once a turn; leaders stacked with them
  add their bonus (Maximum Leader 2, rebel leader 1). Forest and fortified hexes double the
  defence. Odds round down for the defender: 1-4 to 3-1 (better is 3-1, worse than 1-4 is not
  allowed). One die on the CRT: `[-1]` the attacker loses a unit, `-1` the defender does, `R` the
  defender retreats, `X` every defender is lost, `NE` nothing happens.

# Our decisions where the rulebook is silent or unclear

- The map and the Combat Results Table are ours: the published map sheet is lost.
- The game ends when one side leads by 15 VP. The start screen also offers a turn limit (12 by
  default, 0 for none): after that turn the VP leader wins, and a tie keeps the government.
- Subversion (advanced game) turns one unit, or two stacked together, of strength 6 or less that
  are everything the government holds in their hex: a part of a stack cannot turn, since it would
  share its hex with the enemy. Never the Guards or a stack with the Maximum Leader.
- A salvaged counter is replaced by the captor's where it stood when nothing of its old side is
  left there; otherwise it joins a stack of the capturing side in the combat, in a hex it may stand
  in (no police car in a lake) with room under the stacking limit; where there is none it is destroyed.
- Retreating ground units may not cross the river, but may cross it by a bridge.
- Any rebel counter entering the hex of the Maximum Leader alone strings him up, a rebel leader too.
- A unit leaves the map from an edge hex with at least one movement point left; it never returns.
- The advanced set-up's "six 4-2 police" are 2-4 police. Extra reinforcements roll one die, +1
  for holding the Radio Station.
"""


class WargameHelpScreen(ModalScreen[None]):
    """The key list and a rules summary; Esc, q or ? closes."""

    BINDINGS = [("escape,q,question_mark,f1", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Markdown(HELP)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        """Back to the map."""
        self.dismiss()
