"""Rebellion G54's role selection: the suggested first game, a random draw (basic or advanced), or your own five."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, RadioButton, RadioSet, Static

from core.cards.g54.roles import FIRST_GAME, GROUPS, PER_GROUP, ROLE_LIST, ROLES, in_play_order, slug
from tui.screens.g54_rules import g54_rules_text
from tui.screens.rules import RulesScreen
from tui.widgets.g54_roles_panel import ADVANCED_MARK, full_lines
from tui.widgets.tick_box import RadioMark, TickBox

RoleChoice = tuple[str, tuple[str, ...]]
"""The selection ("first", "random", "advanced" or "pick") and, for "pick", the five roles."""
MODES = (
    ("first", "The suggested first game"),
    ("random", "Five drawn at random from the basic roles"),
    ("advanced", "Five drawn at random, advanced roles too"),
    ("pick", "Pick your own five"),
)
WANTED = "1 Finance, 1 Communications, 1 Force and 2 Special Interests"


def plural_be(count: int) -> str:
    """'is' or 'are'."""
    return "is" if count == 1 else "are"


def set_problem(names: tuple[str, ...]) -> str | None:
    """What is wrong with names as the five roles in play, in words; None when nothing is."""
    short, over = [], []
    for group in GROUPS:
        have = [n for n in names if ROLES[n].group == group]
        want = PER_GROUP[group]
        if len(have) < want:
            short.append(f"{want - len(have)} {group}")
        elif len(have) > want:
            over.append(
                f"{len(have)} {group} roles ({', '.join(have)}) where {want} {'is' if want == 1 else 'are'} allowed"
            )
    if not short and not over:
        return None
    parts = [f"Too many: {'; '.join(over)}."] if over else []
    parts += [f"Still to choose: {', '.join(short)}."] if short else []
    return " ".join(parts)


def mode_summary(mode: str) -> Text:
    """What a mode means, for the detail pane."""
    if mode == "first":
        text = Text("The rulebook's suggested first game, all basic roles:\n\n", style="bold")
        text.append_text(full_lines(in_play_order(FIRST_GAME), None, "* blockable"))
        return text
    pool = [r for r in ROLE_LIST if mode == "advanced" or not r.advanced]
    text = Text(f"When the game starts, the seed draws {WANTED} from these {len(pool)} roles", style="bold")
    text.append(f" ({ADVANCED_MARK} advanced)" if mode == "advanced" else "", style="bold")
    text.append(". The table shows which five were drawn.\n")
    for group in GROUPS:
        names = [r.name + (ADVANCED_MARK if r.advanced else "") for r in pool if r.group == group]
        text.append(f"\n{group}: ", style="bold")
        text.append(", ".join(names))
    return text


class RoleCheckbox(TickBox):
    """A role to tick; the arrow keys move through the list (the scroll around it would take them)."""

    BINDINGS = [
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("up", "app.focus_previous", "Previous", show=False),
    ]


class G54RolesScreen(Screen[RoleChoice | None]):
    """Returns the role selection, or None (Esc: back to the menu)."""

    BINDINGS = [
        Binding("enter", "start", "Start game", priority=True),
        Binding("1", "mode('first')", "First game", show=False),
        Binding("2", "mode('random')", "Random", show=False),
        Binding("3", "mode('advanced')", "Advanced", show=False),
        Binding("4", "mode('pick')", "Pick five", show=False),
        ("question_mark,f1", "rules", "Rules"),
        ("escape", "back", "Back"),
    ]

    START = "Start game"
    PURPOSE = "starts the game"  # what Enter does, in words

    def __init__(self, mode: str = "first", roles: tuple[str, ...] = ()) -> None:
        """mode: the way chosen at first; roles: the five ticked at first (when picking your own)."""
        super().__init__()
        self.mode, self.ticked = mode, roles

    @classmethod
    def remembered(cls, saved: Any) -> G54RolesScreen:
        """The screen at the choice last started (G54's options as kept in the preferences file, checked: anything
        unknown is left at the defaults)."""
        saved = saved if isinstance(saved, dict) else {}
        mode = saved.get("selection")
        roles = saved.get("roles")
        named = tuple(r for r in roles if isinstance(r, str) and r in ROLES) if isinstance(roles, list) else ()
        return cls(mode, named) if any(mode == way for way, _ in MODES) else cls()

    def compose(self) -> ComposeResult:
        with Vertical(id="g54-choose"):
            yield Static("Rebellion G54 — which five roles are in play?", id="g54-title")
            with RadioSet(id="g54-mode"):
                for number, (mode, label) in enumerate(MODES, start=1):
                    yield RadioMark(f"{number}  {label}", value=mode == self.mode, id=f"mode-{mode}")
            with VerticalScroll(id="g54-detail"):
                yield Static(id="g54-summary")
                with Vertical(id="g54-picker"):
                    for group in GROUPS:
                        yield Static(id=f"group-{slug(group)}", classes="g54-group")
                        for role in ROLE_LIST:
                            if role.group == group:
                                yield from self._role_row(role.name)
            yield Static(id="g54-verdict")
            with Horizontal(id="g54-buttons"):
                yield Button(f"{self.START} (Enter)", id="g54-start", variant="primary", compact=True)
                yield Button("Back (Esc)", id="g54-back", compact=True)
        yield Footer()

    def _role_row(self, name: str) -> ComposeResult:
        role = ROLES[name]
        label = name + (f" {ADVANCED_MARK}" if role.advanced else "")
        yield RoleCheckbox(label, name in self.ticked, id=f"role-{role.kind}", compact=True)
        text = Text(role.action)
        text.append(f"\nBlock: {role.block}" if role.block else "", style="magenta")
        yield Static(text, classes="g54-role-text")

    def on_mount(self) -> None:
        self.query_one("#g54-mode", RadioSet).focus()
        self._set_mode(self.mode)

    @property
    def picked(self) -> tuple[str, ...]:
        """The ticked roles, in the order the table lists them."""
        ticked = [r.name for r in ROLE_LIST if self.query_one(f"#role-{r.kind}", Checkbox).value]
        return in_play_order(tuple(ticked))

    # -- changes --------------------------------------------------------------------------------

    @on(RadioSet.Changed, "#g54-mode")
    def _mode_changed(self, event: RadioSet.Changed) -> None:
        assert event.pressed.id is not None
        self._set_mode(event.pressed.id.removeprefix("mode-"))

    @on(Checkbox.Changed)
    def _role_toggled(self) -> None:
        self._show_verdict()

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        picking = mode == "pick"
        self.query_one("#g54-picker").display = picking
        if picking:  # straight onto the first role, once the list is shown
            self.call_after_refresh(self.query_one(f"#role-{ROLE_LIST[0].kind}", Checkbox).focus)
        summary = self.query_one("#g54-summary", Static)
        summary.display = not picking
        if not picking:
            summary.update(mode_summary(mode))
        self.query_one("#g54-detail", VerticalScroll).scroll_home(animate=False)
        self._show_verdict()

    def _show_verdict(self, refused: bool = False) -> None:
        verdict = self.query_one("#g54-verdict", Static)
        if self.mode != "pick":
            label = dict(MODES)[self.mode]
            verdict.update(Text(f"Chosen: {label.lower()}. Enter {self.PURPOSE}; 1-4 choose another way."))
            return
        picked = self.picked
        for group in GROUPS:
            count = sum(ROLES[n].group == group for n in picked)
            want = PER_GROUP[group]
            mark = "✓" if count == want else f"{count} of {want}" if count < want else f"{count - want} too many"
            header = Text(f"{group} — choose {want}  ", style="bold underline")
            header.append(mark, style="green" if count == want else "yellow" if count < want else "bold red")
            self.query_one(f"#group-{slug(group)}", Static).update(header)
        problem = set_problem(picked)
        if problem is None:
            verdict.update(Text(f"Ready: {', '.join(picked)}. Enter {self.PURPOSE}.", style="bold green"))
        else:
            chosen = f"Chosen: {', '.join(picked)}. " if picked else "Space or a click ticks a role (↑↓ move). "
            verdict.update(Text(chosen + problem, style="bold red" if refused else "yellow"))

    # -- actions --------------------------------------------------------------------------------

    def action_mode(self, mode: str) -> None:
        """Choose how the roles are picked (keys 1-4)."""
        self.query_one(f"#mode-{mode}", RadioButton).value = True

    def action_start(self) -> None:
        """Start with this selection; a wrong set of five is refused with the reason."""
        if self.mode != "pick":
            self.dismiss((self.mode, ()))
            return
        picked = self.picked
        problem = set_problem(picked)
        if problem is not None:
            self._show_verdict(refused=True)
            self.notify(problem, title="Not a valid set of roles", severity="error")
            return
        self.dismiss(("pick", picked))

    def action_back(self) -> None:
        """Back to the menu."""
        self.dismiss(None)

    def action_rules(self) -> None:
        """The G54 rules with all 25 roles."""
        self.app.push_screen(RulesScreen(g54_rules_text(())))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "g54-start":
            self.action_start()
        else:
            self.action_back()


class TableRolesScreen(G54RolesScreen):
    """The same choice for a new table on a host: Enter keeps it for the table instead of starting a game."""

    BINDINGS = [Binding("enter", "start", "Use these roles", priority=True)]
    START = "Use these roles"
    PURPOSE = "uses them for the table"


def role_options(choice: RoleChoice) -> dict[str, object]:
    """A role choice as G54's config options."""
    selection, roles = choice
    return {"selection": selection, "roles": list(roles)}
