"""Pilot tests of the pace of play: auto-pass per kind of window (never a claim aimed at the player), locally and at
a network table, the bot pace keys and dialog, and the preferences they are kept in."""

from __future__ import annotations

from core.cards.moves import Move
from netplay.host import Host
from tests.g54_helpers import table as g54_state
from tests.test_tui_net import create_table, fill_and_start
from tests.tui_g54_helpers import frozen_g54, named
from tests.tui_helpers import frozen_table, quick_settings
from tui.app import CoupApp
from tui.screens.pace import PaceDialog
from tui.screens.pick_card import PickCardDialog
from tui.screens.table import AUTO_PASSED, TableScreen
from tui.settings import AUTO_PASS, Settings
from tui.widgets.tick_box import TickBox

EVERY_KIND = frozenset(AUTO_PASS)


def app_with(table, auto_pass: frozenset[str] = frozenset()) -> CoupApp:
    settings = quick_settings()
    settings.auto_pass = auto_pass
    return CoupApp(settings=settings, table=table)


async def settled(pilot) -> TableScreen:
    for _ in range(4):
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen


def natasha_claims_tax():
    """Natasha claims the Duke; the others passed; you owe the challenge window."""
    return frozen_table(11, [(1, Move("tax")), (2, Move("pass")), (3, Move("pass"))], first=1)


def natasha_steals_from_you():
    """Natasha claims the Captain to steal from you; the others passed; you owe the challenge window."""
    return frozen_table(11, [(1, Move("steal", target=0)), (2, Move("pass")), (3, Move("pass"))], first=1)


def auto_passed(screen: TableScreen) -> bool:
    return any(line.plain == AUTO_PASSED for line in screen._log_lines)


async def test_auto_pass_is_off_by_default():
    assert Settings().auto_pass == frozenset()
    table = natasha_claims_tax()
    async with app_with(table).run_test(size=(80, 24)) as pilot:
        screen = await settled(pilot)
        assert 0 in table.view().owed and [c.key for c in screen.choices] == ["c", "p"]


async def test_auto_pass_passes_a_challenge_not_aimed_at_me():
    table = natasha_claims_tax()
    async with app_with(table, frozenset({"challenge"})).run_test(size=(80, 24)) as pilot:
        screen = await settled(pilot)
        assert table.record.moves[-1] == (0, Move("pass").to_dict())
        assert table.view().window == "action" and auto_passed(screen)
        assert "auto-pass" in str(screen.query_one("#status-bar").render())


async def test_auto_pass_never_answers_a_claim_aimed_at_me():
    table = natasha_steals_from_you()
    async with app_with(table, EVERY_KIND).run_test(size=(80, 24)) as pilot:
        screen = await settled(pilot)
        assert 0 in table.view().owed and table.view().window == "challenge_action"
        assert [c.key for c in screen.choices] == ["c", "p"] and not auto_passed(screen)
        await pilot.press("p")  # nobody challenged: the block that follows is aimed at you too
        screen = await settled(pilot)
        assert table.view().window == "block" and 0 in table.view().owed and not auto_passed(screen)


async def test_auto_pass_leaves_every_claim_to_the_player_once_two_are_left():
    table = frozen_table(11, [(1, Move("tax"))], players=2, first=1)  # the only opponent claims the Duke
    async with app_with(table, EVERY_KIND).run_test(size=(80, 24)) as pilot:
        screen = await settled(pilot)
        assert 0 in table.view().owed and [c.key for c in screen.choices] == ["c", "p"] and not auto_passed(screen)
        assert "auto-pass" not in str(screen.query_one("#status-bar").render())  # (it said so, passing nothing)


async def test_auto_pass_passes_only_the_kinds_chosen():
    """Foreign aid may be blocked by anyone: passed for you with blocks chosen, left to you with challenges only."""
    for kinds, passed in ((frozenset({"challenge"}), False), (frozenset({"block"}), True)):
        table = frozen_table(11, [(1, Move("foreign_aid"))], first=1)
        async with app_with(table, kinds).run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            assert table.view().window == "block"
            assert (0 not in table.view().owed) is passed


async def test_g54_auto_pass_passes_a_banker_but_never_a_general_aimed_at_everyone():
    hands = [["Banker", "Director"], ["Banker", "General"], ["Politician", "General"]]
    for action, passed in (("banker", True), ("general", False)):
        state = named(g54_state(hands, roles=("Banker", "General"), coins=[2, 5, 2], active=1))
        table = frozen_g54(state, script=((1, Move(action)),))
        async with app_with(table, EVERY_KIND).run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            assert table.view().window == "claim"
            assert (0 not in table.view().owed) is passed


async def test_the_pace_dialog_sets_auto_pass_and_the_bot_pace_and_keeps_them():
    settings = Settings.saved(confirm=True, save_records=False, bot_delay=0)
    table = natasha_claims_tax()
    async with CoupApp(settings=settings, table=table).run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(pilot.app.screen, PaceDialog)
        await pilot.press("1", "minus", "minus", "enter")  # a burst: closed before the boxes report changes
        screen = await settled(pilot)
        assert settings.auto_pass == {"challenge"} and settings.pace == "normal"
        assert table.table.bot_delay == settings.bot_delay == 0.6
        assert auto_passed(screen)  # the window open when it was chosen is passed at once
    again = Settings.saved()
    assert again.auto_pass == {"challenge"} and again.pace == "normal"


async def test_plus_and_minus_set_the_bot_pace_of_a_local_table():
    table = natasha_claims_tax()
    settings = quick_settings()
    async with CoupApp(settings=settings, table=table).run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert settings.pace == "instant"
        await pilot.press("minus")
        assert settings.pace == "fast" and table.table.bot_delay == 0.25
        await pilot.press("minus", "minus", "minus")
        assert settings.pace == "slow" and table.table.bot_delay == 1.2
        await pilot.press("plus")
        assert settings.pace == "normal" and table.table.bot_delay == 0.6


async def test_at_a_network_table_the_client_passes_for_its_own_seat(tmp_path):
    server = Host(data_dir=tmp_path / "host", bot_delay=0)
    port = await server.start("127.0.0.1", 0)
    settings = quick_settings()
    settings.auto_pass = frozenset({"challenge"})
    app = CoupApp(settings=settings, join=("127.0.0.1", port), scan_lan=False)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = await create_table(pilot)
            screen = await fill_and_start(pilot, server, lobby)
            for _ in range(500):  # answer what is ours until a bot's claim aimed elsewhere opens a challenge window
                if auto_passed(screen):
                    break
                keys = [choice.key for choice in screen.choices]
                if isinstance(pilot.app.screen, PickCardDialog):
                    await pilot.press("1")
                elif "i" in keys or ("p" in keys and screen.face.pass_kind(screen.table.view()) is None):
                    await pilot.press("i" if "i" in keys else "p")
                await pilot.pause(0.02)
            assert auto_passed(screen)
            moves = server.tables[lobby.my_table].table.record.moves
            assert (0, Move("pass").to_dict()) in moves
            await pilot.press("plus")  # the host's pace: the client cannot change it
            assert settings.pace == "instant"
    finally:
        await server.stop()


async def test_the_menus_pace_button_grows_to_say_every_auto_pass_chosen():
    settings = quick_settings()
    async with CoupApp(settings=settings).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pilot.app.screen.query_one("#game").value = "g54"  # the game with all three kinds
        await pilot.pause()
        await pilot.click("#pace")
        await pilot.pause()
        assert isinstance(pilot.app.screen, PaceDialog)
        await pilot.press("1", "2", "3")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        button = pilot.app.screen.query_one("#pace")
        drawn = "".join(button.render_line(y).text for y in range(button.size.height))
        assert "auto-pass challenges, blocks, joins" in drawn  # it kept the width of "auto-pass off"


async def test_the_wargame_has_no_auto_pass_in_the_menus_pace_nor_in_its_dialog():
    settings = quick_settings()
    settings.auto_pass = EVERY_KIND
    async with CoupApp(settings=settings).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = pilot.app.screen
        menu.query_one("#game").value = "wargame"
        await pilot.pause()
        button = menu.query_one("#pace")
        drawn = "".join(button.render_line(y).text for y in range(button.size.height))
        assert "bots" in drawn and "auto-pass" not in drawn
        await pilot.click("#pace")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, PaceDialog)
        assert not dialog.query("#auto-challenge") and "Pass for me" not in str(dialog.query_one("#pace").render())
        await pilot.press("1", "enter")  # no tick to flip: the card games' auto-pass is kept as it was
        await pilot.pause()
        assert settings.auto_pass == EVERY_KIND
        menu.query_one("#game").value = "coup"
        await pilot.pause()
        drawn = "".join(button.render_line(y).text for y in range(button.size.height))
        assert "auto-pass challenges" in drawn


async def test_the_pace_dialog_offers_coup_only_challenges_and_blocks_and_keeps_g54s_offers_to_join():
    """Coup has no offer to join in: its dialog numbers challenges 1 and blocks 2, and 3 neither ticks nor clears
    the G54 setting, which is kept as it was when the dialog closes."""
    settings = quick_settings()
    settings.auto_pass = frozenset({"join"})
    table = natasha_claims_tax()
    async with CoupApp(settings=settings, table=table).run_test(size=(80, 24)) as pilot:
        screen = await settled(pilot)
        assert "auto-pass" not in str(screen.query_one("#status-bar").render())  # G54's kind passes nothing here
        await pilot.press("o")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, PaceDialog)
        assert [box.id for box in dialog.query(TickBox)] == ["auto-challenge", "auto-block"]
        assert str(dialog.query_one("#auto-block", TickBox).label).startswith("2 blocks")
        await pilot.press("2", "3", "enter")
        await settled(pilot)
        assert settings.auto_pass == {"block", "join"}


async def test_the_pace_dialog_at_a_g54_table_offers_offers_to_join_third():
    hands = [["Banker", "Director"], ["Banker", "General"], ["Politician", "General"]]
    state = named(g54_state(hands, roles=("Banker", "General"), coins=[2, 5, 2], active=1))
    settings = quick_settings()
    settings.auto_pass = frozenset({"challenge"})
    async with CoupApp(settings=settings, table=frozen_g54(state)).run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("o")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, PaceDialog)
        assert [box.id for box in dialog.query(TickBox)] == ["auto-challenge", "auto-block", "auto-join"]
        await pilot.press("1", "3", "enter")
        await settled(pilot)
        assert settings.auto_pass == {"join"}
