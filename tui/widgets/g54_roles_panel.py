"""The five G54 roles in play, always in view: full text when it fits, else a line each (and one per block)."""

from __future__ import annotations

from rich.text import Text
from textual.events import Click
from textual.widget import Widget

from core.cards.g54.roles import ROLES, Role
from tui.widgets.flow import flow

SHORT = {
    "Banker": "take 3",
    "Capitalist": "take 4; others join",
    "Farmer": "take 3, give 1 away",
    "Speculator": "double coins, max +5",
    "Spy": "take 1, act again",
    "Director": "draw 2, exchange",
    "Newscaster": "pay 1, draw 3",
    "Producer": "swap with a target",
    "Reporter": "take 1, swap 1 card",
    "Writer": "draw 1 (+1 per coin)",
    "Crime Boss": "extort 2 or a card",
    "General": "pay 5: all lose 1",
    "Guerrilla": "pay 4: target loses 1",
    "Judge": "pay it 3: it loses 1",
    "Mercenary": "pay 3: Disappear",
    "Communist": "3 coins rich→poor",
    "Customs Officer": "tax a role, 1 coin",
    "Foreign Consular": "treaty: no targeting",
    "Intellectual": "on a loss: take 5",
    "Lawyer": "inherit the fallen",
    "Missionary": "on a loss: redraw",
    "Peacekeeper": "take 1, untouchable",
    "Politician": "take 2 from target",
    "Priest": "take 1 from each",
    "Protestor": "protest: target loses 1",
}
"""A few words per role for the one-line list (the full text is in roles.py and on the rules screen)."""
ADVANCED_MARK = "★"


def role_heading(number: int, role: Role, taxed: bool) -> Text:
    """'3 Guerrilla*' with its key, a star for advanced roles and a note when the role is taxed."""
    text = Text()
    text.append(f"{number}", style="bold reverse")
    text.append(f" {role.name}", style="bold")
    if role.blocks:
        text.append("*", style="bold magenta")
    if role.advanced:
        text.append(ADVANCED_MARK, style="yellow")
    if taxed:
        text.append(" taxed", style="bold black on yellow")
    return text


def short_lines(roles: tuple[str, ...], taxed: str | None, width: int, blocks: bool = False) -> Text:
    """One line per role: key, name, a few words; with blocks, a line under each blockable role saying who blocks
    it. Words that do not fit wrap under the first of them, never cut."""
    headings = [role_heading(number, ROLES[name], False) for number, name in enumerate(roles, start=1)]
    column = max((h.cell_len for h in headings), default=0) + 1
    if column + 1 + max((len(SHORT[name]) for name in roles), default=0) > width:
        column = 0  # a column would wrap the words: each follows its name instead
    lines: list[Text] = []
    for number, name in enumerate(roles, start=1):
        line = role_heading(number, ROLES[name], name == taxed)
        line.pad_right(max(0, column - line.cell_len))
        lines += flow([(" ", Text(SHORT[name], style="dim"))], width, indent=column or 2, start=line)
        if blocks and ROLES[name].block:
            lines += flow([("", Text(ROLES[name].block, style="magenta"))], width, indent=2, start=Text("  "))
    lines += flow([("", Text("* blockable · r: full rules", style="dim italic"))], width)
    return Text("\n").join(lines)


def full_lines(roles: tuple[str, ...], taxed: str | None, legend: str = "") -> Text:
    """Each role's key and name, its action and who may block it; legend (by default, the marks the roles show and
    the key to the rules) under them."""
    advanced = f" · {ADVANCED_MARK} advanced" if any(ROLES[name].advanced for name in roles) else ""
    legend = legend or f"* blockable{advanced} · r: full rules"
    text = Text()
    for number, name in enumerate(roles, start=1):
        role = ROLES[name]
        if number > 1:
            text.append("\n")
        text.append_text(role_heading(number, role, name == taxed))
        text.append(f"  {role.group}\n", style="dim")
        text.append(role.action)
        if role.block:
            text.append(f"\nBlock: {role.block}", style="magenta")
    text.append(f"\n{legend}", style="dim italic")
    return text


class RolesPanel(Widget):
    """The roles in play beside the log; a click opens the rules (as r does)."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.roles: tuple[str, ...] = ()
        self.taxed: str | None = None

    def show(self, roles: tuple[str, ...], taxed: str | None) -> None:
        """Redraw for these roles (taxed: the role the Customs Officer taxes)."""
        if (roles, taxed) != (self.roles, self.taxed):
            self.roles, self.taxed = roles, taxed
            self.refresh()

    def render(self) -> Text:
        """The full text if it fits, else a line per role and one per block, else a line per role."""
        width, height = max(10, self.content_size.width), self.content_size.height
        full = full_lines(self.roles, self.taxed)
        if len(full.wrap(self.app.console, width)) <= height:
            return full
        with_blocks = short_lines(self.roles, self.taxed, width, blocks=True)
        if len(with_blocks.split()) <= height:
            return with_blocks
        return short_lines(self.roles, self.taxed, width)

    async def on_click(self, event: Click) -> None:
        event.stop()
        await self.run_action("screen.rules")
