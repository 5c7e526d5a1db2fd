"""The wargame's options on the new-table dialog: the scenario, the optional rules and the turn limit."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Label, Select

from core.wargame.config import DEFAULT_TURN_LIMIT, SCENARIOS, load_config
from tui.widgets.game_options import OptionsField, number
from tui.widgets.tick_box import TickBox

RULES = (
    ("salvage", "salvage", "Salvage (lost vehicles, police may turn)"),
    ("surrender", "surrender", "Surrender calls"),
    ("extra_reinforcements", "extra", "Extra reinforcements"),
)
TURN_LIMITS = [
    (f"{DEFAULT_TURN_LIMIT} turns", DEFAULT_TURN_LIMIT),
    *((f"{turns} turns", turns) for turns in (9, 6, 4, 3, 2)),
    ("1 turn", 1),
    ("No limit", 0),
]  # the local start screen takes any number; a short game is how a newcomer learns


class WargameOptionsField(OptionsField):
    """A select of the scenario (which ticks the optional rules the rulebook recommends for it), a check for each
    optional rule, and a select of the turn limit."""

    DEFAULT_CSS = "WargameOptionsField { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="new-wargame-field")

    def compose(self) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Label("Scenario", classes="field")
            scenarios = [(scenario.capitalize(), scenario) for scenario in SCENARIOS]
            yield Select(scenarios, value=SCENARIOS[0], allow_blank=False, id="new-scenario", compact=True)
        with Horizontal(classes="row"):
            yield Label("Turn limit", classes="field")
            yield Select(TURN_LIMITS, value=DEFAULT_TURN_LIMIT, allow_blank=False, id="new-turns", compact=True)
        for _, slug, label in RULES:
            yield TickBox(label, id=f"new-{slug}", compact=True)

    @on(Select.Changed, "#new-scenario")
    def _scenario_changed(self, event: Select.Changed) -> None:
        """Tick the optional rules as the scenario's defaults have them (they can be unticked)."""
        defaults = load_config({"scenario": event.value}).to_dict()
        for key, slug, _ in RULES:
            self.query_one(f"#new-{slug}", Checkbox).value = defaults[key]

    def options(self) -> dict[str, Any]:
        """The scenario, each optional rule on or off, and the turn limit."""
        return {
            "scenario": str(self.query_one("#new-scenario", Select).value),
            **{key: self.query_one(f"#new-{slug}", Checkbox).value for key, slug, _ in RULES},
            "turn_limit": number(self.query_one("#new-turns", Select)),
        }
