"""Pilot tests of Coup's reference card beside the log: shown on a wide screen only, for the table's own ruleset,
and a click on it opens the rules."""

from __future__ import annotations

import pytest

from tests.tui_helpers import app_on, frozen_reformation, lived_in
from tui.screens.rules import RulesScreen
from tui.screens.table import TableScreen
from tui.widgets.reference_card import ReferenceCard


def the_card(app) -> ReferenceCard:
    """The table's card (under any dialog the table opened)."""
    table = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
    return table.query_one(ReferenceCard)


def card_text(card: ReferenceCard) -> str:
    """The card's words, as a screen of its width shows them."""
    return "\n".join(strip.text for strip in card.render_lines(card.region.reset_offset))


async def test_the_card_shows_beside_the_log_on_a_wide_screen_and_gives_way_on_a_narrow_one():
    async with app_on(lived_in("coup", 4, 5, 6)).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        card = pilot.app.screen.query_one(ReferenceCard)
        log = pilot.app.screen.query_one("#log")
        assert card.display and card.region.width > 40 and card.region.x >= log.region.right
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not card.display  # at 80 columns the log needs the whole row
        assert log.region.width >= 78
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert card.display


@pytest.mark.parametrize(
    ("table", "present", "absent"),
    [
        (lambda: lived_in("coup", 4, 5, 0), ["Ambassador", "Contessa", "anyone: Duke"], ["Examine", "Convert"]),
        (
            lambda: frozen_reformation(5, [], players=4, inquisitor=True),
            ["Examine", "Convert", "Embezzle", "no Duke", "draw 1, put 1 back", "Captain, Inquisitor"],
            ["Ambassador"],
        ),
    ],
)
async def test_the_card_lists_the_actions_of_the_ruleset_played(table, present, absent):
    async with app_on(table()).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = card_text(the_card(pilot.app))
        for words in present:
            assert words in text
        for words in absent:
            assert words not in text
        assert "10+ coins: you must Coup" in text


async def test_a_click_on_the_card_opens_the_rules():
    async with app_on(lived_in("coup", 4, 5, 0)).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click(ReferenceCard)
        await pilot.pause()
        assert isinstance(pilot.app.screen, RulesScreen)
