"""Coup's and Reformation's reference card beside the log on a wide screen: each action, its character, what it does
and who blocks it, for the ruleset the table plays."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.events import Click
from textual.widget import Widget

from core.cards.rules import CONVERT_OTHER_COST, CONVERT_SELF_COST, FORCED_COUP_COINS, ruleset

EFFECTS = {
    "income": "take 1",
    "foreign_aid": "take 2",
    "coup": "pay {cost}, target loses 1",
    "tax": "take 3",
    "assassinate": "pay {cost}, target loses 1",
    "steal": "take 2 from target",
    "exchange": "draw 2, put 2 back",
    "examine": "see a card, may swap it",
    "convert": f"flip allegiance, pay {CONVERT_SELF_COST}/{CONVERT_OTHER_COST}",
    "embezzle": "take the Reserve",
}
"""What each action does, in a few words ({cost}: its cost; the rules screen says it in full)."""
INQUISITOR_EXCHANGE = "draw 1, put 1 back"


def reference_table(inquisitor: bool, reformation: bool) -> Table:
    """One row per action of the ruleset: the action, the character it claims (Embezzle: claims not to hold the
    Duke), what it does, and the characters that block it."""
    rules = ruleset(inquisitor, reformation)
    table = Table(box=None, show_header=True, header_style="bold", padding=(0, 1, 0, 0), expand=False)
    for heading in ("Action", "Card", "Effect", "Blocked by"):
        table.add_column(heading, overflow="fold")
    for action in rules.actions.values():
        card = action.claim or (f"no {action.denies}" if action.denies else "")
        effect = INQUISITOR_EXCHANGE if action.kind == "exchange" and inquisitor else EFFECTS[action.kind]
        effect = effect.format(cost=action.cost)
        blockers = ("anyone: " if action.anyone_blocks else "") + ", ".join(action.blockers)
        table.add_row(action.label, Text(card, style="bold"), effect, Text(blockers, style="magenta"))
    return table


class ReferenceCard(Widget):
    """The reference card of the table's ruleset; a click opens the rules (as ? does)."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rules: tuple[bool, bool] = (False, False)

    def show(self, inquisitor: bool, reformation: bool) -> None:
        """Redraw for this ruleset."""
        if (inquisitor, reformation) != self.rules:
            self.rules = (inquisitor, reformation)
            self.refresh()

    def render(self) -> Group:
        """The card, and what every turn obeys under it."""
        notes = f"\n{FORCED_COUP_COINS}+ coins: you must Coup. Any claim may be challenged. ?: the rules"
        return Group(reference_table(*self.rules), Text(notes, style="dim italic"))

    async def on_click(self, event: Click) -> None:
        event.stop()
        await self.run_action("screen.rules")
