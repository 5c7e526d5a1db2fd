"""What the wargame screen tells a player between decisions: the table's scenario and rules, the last attack's
result, over-stacked hexes before the move phase can end, a surrender, and which losses come ticked."""

from __future__ import annotations

from core.wargame.config import WargameConfig
from core.wargame.engine import WARGAME
from core.wargame.moves import Advance, Attack
from core.wargame.picks import start_picks
from tests.test_tui_wargame import app_for, auto_place, go_to, hot_seat, panel
from tests.wargame_helpers import GOV, REB, board, dice, play, put
from tests.wargame_screens import defender_losses, subversion, table_at
from tui.screens.wargame_help import WargameHelpScreen, this_table
from tui.widgets.wargame_info import last_attack, over_stacked_note
from tui.widgets.wargame_panels import combat_summary, status_text


def test_losses_come_with_the_cheapest_units_ticked():
    table = defender_losses()  # the rebels lose 2 of an irregular, a police and a mob
    view = WARGAME.view(table.state, REB)
    kinds = sorted(table.state.units[uid].kind for uid in start_picks(view).chosen)
    assert kinds == ["irregular", "mob"]  # the mob first; the irregular and the police are worth the same


def test_the_help_and_the_wide_status_line_name_the_table_s_scenario_and_rules():
    advanced = this_table(WargameConfig.from_dict({"scenario": "advanced", "turn_limit": 6}))
    assert "The **advanced** scenario; optional rules: **salvage, surrender calls**; ends after turn 6" in advanced
    assert "optional rules: **none**" in this_table(WargameConfig())
    view = WARGAME.view(subversion().state, REB)
    assert str(status_text(view, REB, ("", ""), False, 120)).startswith(" Advanced · Turn 1/12 · Rebels: subversion")
    assert str(status_text(view, REB, ("", ""), False, 80)).startswith(" Turn 1/12")  # no room for it at 80


async def test_the_help_opened_at_a_table_starts_with_what_it_plays():
    async with app_for(subversion()).run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = pilot.app.screen
        assert isinstance(help_screen, WargameHelpScreen) and help_screen.config is not None
        assert help_screen.config.scenario == "advanced"


def test_the_last_attack_s_result_stays_in_the_attack_prompt():
    state = board(phase="attack", side=GOV)
    put(state, REB, "mob", "M4")
    tank = put(state, GOV, "tank", "N4")
    assert last_attack(WARGAME.view(state, GOV)) == ""
    dice(state, 1)
    state, _ = play(state, GOV, Attack((tank,), ("M4",)))
    assert state.phase == "attack" and state.combat is None
    assert last_attack(WARGAME.view(state, GOV)) == "M4 at 3-1 (die 1): NE, no effect"


async def test_the_attack_prompt_shows_the_last_result_on_screen():
    state = board(phase="attack", side=GOV)
    put(state, REB, "mob", "M4")
    tank = put(state, GOV, "tank", "N4")
    dice(state, 1)
    table = table_at(state)
    table.apply_move(GOV, Attack((tank,), ("M4",)))
    async with app_for(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Last attack: M4 at 3-1 (die 1): NE, no effect" in panel(pilot.app.screen)


def test_over_stacked_hexes_are_named_before_the_move_phase_can_end():
    limit = "more than 3 units besides leaders and helicopters"
    for police, note in ((4, f"Over-stacked ({limit}): G5. Move units out before e ends the phase."), (3, "")):
        state = board(phase="move", side=GOV)
        for _ in range(police):
            put(state, GOV, "police", "G5")
        assert over_stacked_note(WARGAME.view(state, GOV), GOV) == note


def test_a_surrender_is_reported_as_one_not_as_odds_against_nobody():
    state = board(phase="attack", side=GOV, surrender=True)
    put(state, REB, "mob", "M4")
    tanks = tuple(put(state, GOV, "tank", "N4") for _ in range(3))
    dice(state, 1, 1, 1)
    state, events = play(state, GOV, Attack(tanks, ("M4",), surrender=True))
    assert any(e.kind == "surrender" and e.text.endswith(" surrender") for e in events)
    view = WARGAME.view(state, GOV)
    assert state.combat is not None and state.combat.stage == "advance"
    summary = str(combat_summary(view))
    assert summary.endswith(": the defenders surrendered") and "against 0" not in summary
    assert last_attack(view).endswith(" surrender")


async def test_after_a_surrender_the_crt_caption_says_so_not_the_attack_before_it():
    state = board(phase="attack", side=GOV, surrender=True)
    put(state, REB, "mob", "M4")
    put(state, REB, "mob", "C4")
    tank = put(state, GOV, "tank", "N4")
    tanks = tuple(put(state, GOV, "tank", "D4") for _ in range(3))
    dice(state, 1, 1, 1, 1)  # M4: no surrender call, die 1 (NE); C4: surrender rolled 1, modified to 2 or less
    state, _ = play(state, GOV, Attack((tank,), ("M4",)))
    state, _ = play(state, GOV, Attack(tanks, ("C4",), surrender=True))
    state, _ = play(state, GOV, Advance(()))
    assert state.combat is None and state.last_result == "surrender"
    async with app_for(table_at(state)).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert pilot.app.screen._crt_now() == ("", 0, "", "last attack: the defenders surrendered")


async def test_enter_out_of_the_selected_stacks_reach_says_why_under_its_list():
    """Enter on an unlit hex with a stack selected did nothing to see (a toast at most): the panel says it, where it
    says the other refusals, until the cursor moves on."""
    async with app_for(hot_seat()).run_test(size=(80, 24)) as pilot:
        await auto_place(pilot, 2)
        screen = pilot.app.screen
        await go_to(pilot, screen, "D10")
        await pilot.press("enter")  # the University's stack, all of it ticked
        await go_to(pilot, screen, "K7")
        assert screen.plan.origin == "D10" and "K7" not in screen.hexmap.board.marks
        await pilot.press("enter")
        await pilot.pause()
        foot = str(screen.query_one("#wg-foot").render())
        assert foot.startswith("Not allowed: K7 is out of reach of this stack.") and "hexes in reach (lit)" in foot
        await pilot.press("1")  # a counter unticked
        assert "Not allowed: K7 is out of reach of the ticked units." in panel(screen)
        await pilot.press("right")
        assert "Not allowed" not in panel(screen)
