"""Rebellion G54 in the app: the role selection, and whole games and every kind of prompt through the keyboard."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Checkbox
from textual.widgets._footer import FooterKey

from core.cards.g54.config import G54Config
from core.cards.g54.engine import G54
from core.cards.g54.roles import FIRST_GAME, in_play_order
from core.cards.g54.views import G54View
from core.cards.moves import Move
from core.registry import make_bot
from netplay.client import Client
from netplay.host import Host
from tests.g54_helpers import PASS
from tests.g54_helpers import table as g54_state
from tests.test_tui_net import RemoteSettle, wait_for
from tests.tui_g54_helpers import dealt_g54, frozen_g54, named
from tests.tui_helpers import app_on, quick_settings
from tui.app import CoupApp
from tui.faces.g54 import confirm_question, g54_choices
from tui.faces.g54_dialogs import DIALOG_WINDOWS
from tui.screens.confirm import ConfirmDialog
from tui.screens.exchange import ExchangeDialog
from tui.screens.g54_roles import G54RolesScreen, set_problem
from tui.screens.game_over import GameOverScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.screens.pick_card import PickCardDialog
from tui.screens.rules import RulesScreen
from tui.screens.table import TableScreen
from tui.screens.target import TargetDialog
from tui.settings import Settings
from tui.widgets.g54_roles_panel import RolesPanel, short_lines

MAX_PRESSES = 3000


async def settle(pilot, table) -> None:
    """Let the bots finish and the screen catch up."""
    await pilot.pause()
    await table.settled()
    await pilot.pause()


async def play_to_the_end(pilot, table, seed: int) -> set[str]:
    """Answer every prompt with keys alone (a seeded pick among the buttons) until the game is over; the
    kinds of screen met on the way."""
    pick = random.Random(seed)
    met: set[str] = set()
    for _ in range(MAX_PRESSES):
        await settle(pilot, table)
        screen = pilot.app.screen
        met.add(type(screen).__name__)
        if isinstance(screen, GameOverScreen):
            return met
        if isinstance(screen, (PickCardDialog, TargetDialog)):
            await pilot.press(str(pick.randint(1, len(screen.query("Button.choice")))))
        elif isinstance(screen, ExchangeDialog):
            await pilot.press("d" if screen.draw_label and pick.random() < 0.5 else "enter")
        elif isinstance(screen, ConfirmDialog):
            await pilot.press("y")
        elif isinstance(screen, TableScreen) and screen.choices:
            await pilot.press(pick.choice(screen.choices).key)
    raise AssertionError("the game did not end")


async def choose_g54_from_the_menu(pilot) -> G54RolesScreen:
    """Menu: choose Rebellion G54 and press s; the role selection opens."""
    menu = pilot.app.screen
    assert isinstance(menu, MenuScreen)
    menu.query_one("#game").value = "g54"
    await pilot.pause()
    assert not menu.query_one("#inquisitor-row").display  # Coup's options are hidden for G54
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, G54RolesScreen)
    return pilot.app.screen


def table_of(app) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


# -- from the menu ---------------------------------------------------------------------------


async def test_the_first_game_from_the_menu_played_to_the_end_with_the_keyboard():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_g54_from_the_menu(pilot)
        await pilot.press("enter")
        await pilot.pause()
        screen = table_of(app)
        table = screen.table
        assert table.config == G54Config(players=4, names=table.names, selection="first")
        assert table.view().roles == in_play_order(FIRST_GAME)
        assert set(table.levels()) == {1, 2, 3}
        await play_to_the_end(pilot, table, seed=1)
        assert table.winner() is not None and app.screen.view.winner == table.winner()
        await pilot.press("a")  # play again: same roles, the winner starts
        await pilot.pause()
        again = table_of(app).table
        assert again is not table and again.config.selection == "first"
        assert again.config.first_player == table.winner()


async def test_an_advanced_random_game_draws_from_the_seed_shows_the_five_and_plays_out():
    app = app_on()  # quick_settings: every blank seed is 7
    async with app.run_test(size=(120, 40)) as pilot:
        app.screen.query_one("#players").value = 3
        await choose_g54_from_the_menu(pilot)
        await pilot.press("3", "enter")
        await pilot.pause()
        screen = table_of(app)
        table = screen.table
        assert table.config.selection == "advanced" and table.seed == 7
        drawn = G54.new(table.config, 7).roles
        assert table.view().roles == drawn
        panel = screen.query_one(RolesPanel)
        assert panel.roles == drawn and all(name in str(panel.render()) for name in drawn)
        met = await play_to_the_end(pilot, table, seed=3)
        assert table.winner() is not None
        assert {"TableScreen", "GameOverScreen"} <= met


async def test_pick_your_own_refuses_a_wrong_set_and_starts_with_a_right_one():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        roles = await choose_g54_from_the_menu(pilot)
        await pilot.press("4")
        await pilot.pause()
        assert str(roles.query_one("#g54-verdict").render()).startswith("Space or a click ticks a role")
        await pilot.press("space", "down", "space")  # Banker and Capitalist: two Finance roles
        assert roles.picked == ("Banker", "Capitalist")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is roles
        verdict = str(roles.query_one("#g54-verdict").render())
        assert verdict.startswith("Chosen: Banker, Capitalist. Too many: 2 Finance roles (Banker, Capitalist) where 1")
        assert "Still to choose: 1 Communications, 1 Force, 2 Special Interests." in verdict
        await pilot.press("space")  # untick Capitalist
        for kind in ("director", "guerrilla", "politician"):
            roles.query_one(f"#role-{kind}").scroll_visible(animate=False)
            await pilot.pause()
            await pilot.click(f"#role-{kind}")  # the mouse ticks too
        await pilot.pause()
        assert set_problem(roles.picked) == "Still to choose: 1 Special Interests."
        roles.query_one("#role-peacekeeper").focus()
        await pilot.press("space", "enter")
        await pilot.pause()
        table = table_of(app).table
        assert table.config.selection == "pick"
        assert table.view().roles == ("Banker", "Director", "Guerrilla", "Peacekeeper", "Politician")


FIVE = ("Banker", "Director", "Guerrilla", "Peacekeeper", "Politician")


async def test_your_own_five_are_ticked_again_the_next_time_g54_is_started():
    async with CoupApp(settings=Settings.saved(bot_delay=0, save_records=False)).run_test(size=(80, 24)) as pilot:
        roles = await choose_g54_from_the_menu(pilot)
        await pilot.press("4")
        await pilot.pause()
        for name in FIVE:
            roles.query_one(f"#role-{name.lower()}", Checkbox).value = True
        await pilot.press("enter")
        await pilot.pause()
        assert table_of(pilot.app).table.view().roles == FIVE
    async with CoupApp(settings=Settings.saved(bot_delay=0, save_records=False)).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")  # the menu opens on G54, the game last started
        await pilot.pause()
        roles = pilot.app.screen
        assert isinstance(roles, G54RolesScreen) and roles.mode == "pick" and roles.picked == FIVE
        await pilot.press("enter")  # the same five, at once
        await pilot.pause()
        assert table_of(pilot.app).table.view().roles == FIVE


@pytest.mark.parametrize(
    "kept",
    [{"selection": "pick", "roles": ["Banker", 7, "Nobody"]}, {"selection": ["advanced"]}, "advanced", None],
)
def test_a_garbled_role_choice_in_the_preferences_opens_on_what_it_can_read(kept) -> None:
    screen = G54RolesScreen.remembered(kept)
    readable = isinstance(kept, dict) and kept.get("selection") == "pick"
    assert (screen.mode, screen.ticked) == (("pick", ("Banker",)) if readable else ("first", ()))


async def test_escape_on_the_role_selection_goes_back_to_the_menu_and_question_mark_shows_all_roles():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_g54_from_the_menu(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen) and "### Special Interests" in app.screen.text
        text = app.screen.text  # how it plays before the catalogue (a newcomer read five pages of roles first)
        assert text.index("## How G54 plays") < text.index("## The 25 roles") < text.index("## Decisions")
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def test_set_problem_names_what_is_missing_and_what_is_too_much():
    assert set_problem(("Banker", "Director", "Guerrilla", "Politician", "Peacekeeper")) is None
    assert set_problem(()) == "Still to choose: 1 Finance, 1 Communications, 1 Force, 2 Special Interests."
    over = set_problem(("Banker", "Spy", "Director", "General", "Judge", "Priest", "Lawyer"))
    assert over == (
        "Too many: 2 Finance roles (Banker, Spy) where 1 is allowed; 2 Force roles (General, Judge) where 1 is allowed."
    )


# -- every legal move has a key --------------------------------------------------------------


def test_every_legal_move_outside_the_dialogs_has_exactly_one_button_with_a_key_of_its_own():
    seen = set()
    for seed in range(12):
        config = G54Config(players=2 + seed % 5, selection="advanced" if seed % 3 else "random")
        state = G54.new(config, seed)
        bots = [make_bot("g54", "random", seed * 10 + s) for s in range(config.players)]
        for _ in range(400):
            if state.window == "over":
                break
            seat = state.owed[0]
            view: G54View = G54.view(state, seat)
            seen.add(view.window)
            if view.window not in DIALOG_WINDOWS:
                choices = g54_choices(view)
                keys = [c.key for c in choices]
                assert len(keys) == len(set(keys)), (view.window, keys)
                assert sorted(m for c in choices for m in c.moves) == sorted(view.legal)
                for choice in choices:
                    role = choice.key.isdigit() and view.roles[int(choice.key) - 1]
                    assert not role or all(m.kind == role.lower().replace(" ", "_") for m in choice.moves)
            state, _ = G54.apply(state, seat, bots[seat].choose(view))
    assert {"action", "claim", "block", "prove", "lose"} <= seen


# -- prompts reached by keys -----------------------------------------------------------------


def couped_with_the_intellectual_in_play():
    """Seat 1 coups you (Banker, Guerrilla) with the Intellectual in play: you owe the card you lose."""
    state = named(g54_state([["Banker", "Guerrilla"], ["Politician", "Banker"]], roles=("Intellectual",), active=1))
    state.set_player(1, state.players[1].but(coins=7))
    return frozen_g54(state, seat=0, script=((1, Move("coup", target=0)),))


async def test_a_reactive_claim_is_offered_in_the_lose_dialog_and_played_by_its_key():
    table = couped_with_the_intellectual_in_play()
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickCardDialog) and dialog.title_text.startswith("You lose an influence (a coup)")
        assert dialog.cards == [
            "Reveal Banker",
            "Reveal Guerrilla",
            "Banker: claim Intellectual, take 5 coins",
            "Guerrilla: claim Intellectual, take 5 coins",
        ]
        await pilot.press("4")
        await pilot.pause()
    assert table.record.moves[-1] == (0, {"kind": "intellectual", "card": "Guerrilla"})
    assert table.state.window == "react" and table.state.asides[0] == ("Guerrilla",)


async def test_the_lose_dialog_lists_the_cards_in_the_order_the_hand_shows_them():
    state = named(g54_state([["Guerrilla", "Banker"], ["Politician", "Banker"]], roles=("Intellectual",), active=1))
    state.set_player(1, state.players[1].but(coins=7))
    table = frozen_g54(state, seat=0, script=((1, Move("coup", target=0)),))
    async with app_on(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, PickCardDialog)
        assert dialog.cards == [
            "Reveal Guerrilla",
            "Reveal Banker",
            "Guerrilla: claim Intellectual, take 5 coins",
            "Banker: claim Intellectual, take 5 coins",
        ]


async def test_the_lose_dialog_shows_its_keys_in_the_footer_and_esc_says_the_choice_is_owed():
    table = couped_with_the_intellectual_in_play()
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickCardDialog)
        shown = [binding.key for (_, binding, enabled, _) in dialog.active_bindings.values() if binding.show]
        assert shown[:4] == ["1", "2", "3", "4"] and "5" not in shown  # one key a line, none past the last
        await pilot.press("5", "escape")
        await pilot.pause()
        assert app.screen is dialog  # neither a key past the lines nor Esc leaves an owed choice
        assert any(n.title == "This choice is owed" for n in app._notifications)
        await pilot.press("1")
        await pilot.pause()
    assert table.record.moves[-1] == (0, {"kind": "reveal", "card": "Banker"})


async def test_a_taxed_reactive_claim_says_its_tax_in_the_lose_dialog():
    hands = [["Banker", "Guerrilla"], ["Director", "Banker"]]
    roles = ("Missionary", "Customs Officer")
    state = named(g54_state(hands, roles=roles, active=1, coins=[2, 4], collector=1, taxed="Missionary"))
    table = frozen_g54(state, seat=0, script=((1, Move("guerrilla", target=0)), (0, Move("pass")), (0, Move("pass"))))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickCardDialog)
        assert "Banker: claim Missionary, draw a card (1 coin tax)" in dialog.cards


async def test_challenging_a_reactive_claim_asks_to_confirm_in_its_own_words():
    state = named(g54_state([["Banker", "Guerrilla"], ["Politician", "Banker"]], roles=("Intellectual",), active=0))
    state.set_player(0, state.players[0].but(coins=7))
    table = frozen_g54(state, seat=0, script=((0, Move("coup", target=1)), (1, Move("intellectual", card="Banker"))))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        assert [(c.key, c.label) for c in app.screen.choices] == [("c", "Challenge"), ("p", "Pass")]
        await pilot.press("c")
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question.startswith("Challenge Natasha's claim that the card set aside is the Intellectual?")
        await pilot.press("y")
        await pilot.pause()
    assert table.record.moves[-1] == (0, {"kind": "challenge"})


async def test_the_communist_asks_richest_then_poorest_offering_only_legal_pairs():
    hands = [["Banker", "Director"], ["Guerrilla", "Banker"], ["Director", "Guerrilla"], ["Banker", "Director"]]
    state = named(g54_state(hands, roles=("Communist",), coins=[3, 5, 5, 1]))
    table = frozen_g54(state)
    number = str(state.roles.index("Communist") + 1)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(number)
        richest = app.screen
        assert isinstance(richest, TargetDialog) and [seat for seat, _ in richest.targets] == [1, 2]
        await pilot.press("2")
        poorest = app.screen
        assert isinstance(poorest, TargetDialog) and [seat for seat, _ in poorest.targets] == [3]
        assert "from Sacha" in poorest.title_text
        await pilot.press("1")
        await pilot.pause()
    assert table.record.moves[-1] == (0, {"kind": "communist", "target": 2, "other": 3})


async def test_a_writer_draws_another_for_a_coin_then_keeps_two():
    hands = [["Banker", "Guerrilla"], ["Guerrilla", "Banker"], ["Politician", "Peacekeeper"]]
    state = named(g54_state(hands, roles=("Writer",), coins=[2, 2, 2]))
    table = frozen_g54(state)
    number = str(state.roles.index("Writer") + 1)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(number)
        table.apply_move(1, PASS)
        table.apply_move(2, PASS)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExchangeDialog) and len(dialog.cards) == 3
        assert dialog.title_text == "Writer: keep 2 of these cards, return the rest"
        await pilot.press("d")
        await pilot.pause()
        assert table.record.moves[-1] == (0, {"kind": "draw"})
        again = app.screen
        assert isinstance(again, ExchangeDialog) and again is not dialog and len(again.cards) == 4
        await pilot.click("#draw")  # the mouse draws too: then no coin is left
        await pilot.pause()
        last = app.screen
        assert isinstance(last, ExchangeDialog) and len(last.cards) == 5 and not last.draw_label
        await pilot.press("enter")
        await pilot.pause()
    assert table.state.players[0].coins == 0
    assert table.record.moves[-1] == (0, {"kind": "keep", "cards": ["Banker", "Guerrilla"]})
    assert table.state.window != "exchange"


async def test_the_producer_keeps_two_then_chooses_the_card_to_give_back():
    hands = [["Banker", "Guerrilla"], ["Politician", "Peacekeeper"], ["Banker", "Guerrilla"]]
    state = named(g54_state(hands, roles=("Producer",), top=["Producer"]))
    table = frozen_g54(state, script=((0, Move("producer", target=1)), (1, PASS), (2, PASS), (1, PASS)))
    assert table.state.window == "give"
    table.apply_move(1, Move("give", card="Peacekeeper"))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExchangeDialog)
        assert dialog.cards == ["Banker", "Guerrilla", "Peacekeeper", "Producer"]
        assert dialog.sources == ("yours", "yours", "from Natasha", "drawn")
        await pilot.press("2", "3", "enter")  # keep Banker and Peacekeeper
        await pilot.pause()
        give = app.screen
        assert isinstance(give, PickCardDialog) and give.cards == ["Guerrilla", "Producer"]
        await pilot.press("2")
        await pilot.pause()
    assert table.record.moves[-1] == (0, {"kind": "keep", "card": "Producer", "cards": ["Banker", "Peacekeeper"]})
    assert sorted(table.state.hands[1]) == ["Politician", "Producer"]


async def test_the_producers_target_picks_the_card_it_hands_over():
    hands = [["Banker", "Guerrilla"], ["Politician", "Peacekeeper"], ["Banker", "Guerrilla"]]
    state = named(g54_state(hands, roles=("Producer",)))
    table = frozen_g54(state, seat=1, script=((0, Move("producer", target=1)), (1, PASS), (2, PASS)))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        assert [c.key for c in app.screen.choices] == ["b", "p"]  # block with the Producer, or let it be
        await pilot.press("p")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickCardDialog) and dialog.cards == ["Politician", "Peacekeeper"]
        await pilot.press("1")
        await pilot.pause()
    assert table.record.moves[-1] == (1, {"kind": "give", "card": "Politician"})


async def test_extortion_joins_and_the_lawyer_are_answered_with_their_keys():
    hands = [["Banker", "Director"], ["Politician", "Peacekeeper"], ["Director", "Banker"]]
    boss = named(g54_state(hands, roles=("Crime Boss",), coins=[5, 3, 2]))
    table = frozen_g54(boss, seat=1, script=((0, Move("crime_boss", target=1)), (1, PASS), (2, PASS)))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        assert [(c.key, c.label) for c in app.screen.choices] == [("y", "Pay 2"), ("n", "Refuse")]
        await pilot.press("y")
        await pilot.pause()
    assert table.record.moves[-1] == (1, {"kind": "pay"})
    capitalist = named(
        g54_state([["Director", "Guerrilla"], ["Politician", "Protestor"], ["Director"]], ("Capitalist", "Protestor"))
    )
    table = frozen_g54(capitalist, seat=1, script=((0, Move("capitalist")), (1, PASS), (2, PASS)))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        assert [(c.key, c.label) for c in app.screen.choices] == [("j", "Join (Capitalist)"), ("p", "Pass")]
        await pilot.press("j")
        await pilot.pause()
    assert table.record.moves[-1] == (1, {"kind": "join"})
    protest = named(g54_state([["Banker", "Director"], ["Guerrilla"], ["Director"]], ("Protestor",), [2, 3, 2]))
    table = frozen_g54(protest, seat=1, script=((0, Move("protestor", target=2)), (1, PASS), (2, PASS)))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        assert [(c.key, c.label) for c in app.screen.choices] == [("j", "Join (pay 3)"), ("p", "Pass")]
        await pilot.click("#choices Button")
        await pilot.pause()
    assert table.record.moves[-1] == (1, {"kind": "join"})
    lawyer = named(g54_state([["Banker", "Lawyer"], ["Guerrilla"], ["Director", "Guerrilla"]], roles=("Lawyer",)))
    lawyer.set_player(0, lawyer.players[0].but(coins=7))
    table = frozen_g54(lawyer, seat=0, script=((0, Move("coup", target=1)),))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        assert [(c.key, c.label) for c in app.screen.choices] == [("l", "Claim the Lawyer"), ("p", "Pass")]
        await pilot.press("l")
        await pilot.pause()
    assert table.record.moves[-1] == (0, {"kind": "claim"})


async def test_the_customs_officer_picks_the_role_to_tax_and_r_shows_the_roles_in_full():
    state = named(g54_state([["Banker", "Director"], ["Guerrilla", "Banker"]], roles=("Customs Officer",)))
    table = frozen_g54(state)
    number = str(state.roles.index("Customs Officer") + 1)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.text.startswith("# Coup: Rebellion G54\n\n## The five roles in this game")
        await pilot.press("escape", number)
        dialog = app.screen
        assert isinstance(dialog, PickCardDialog) and dialog.cards == list(state.roles)
        assert "Cancel" in {key.description for key in dialog.query(FooterKey)}
        await pilot.press("escape")  # not the only action there is: Esc takes the choice back
        await pilot.pause()
        assert app.screen is not dialog and not table.record.moves
        await pilot.press(number)
        await pilot.pause()
        await pilot.press(str(state.roles.index("Banker") + 1))
        await pilot.pause()
    assert table.record.moves[-1] == (0, {"kind": "customs_officer", "card": "Banker"})


def test_a_claim_the_player_cannot_back_is_called_a_bluff_before_it_is_made():
    view = dealt_g54(5, script=()).view()
    assert "Guerrilla" in view.hands[0]
    attack = Move("guerrilla", 2)
    assert confirm_question(attack, view) == "Claim the Guerrilla to make Sacha lose an influence (costs 4)?"
    bluffing = view.__replace__(hands=(("Director", "Banker"), *view.hands[1:]))
    question = confirm_question(attack, bluffing)
    assert question == "Claim the Guerrilla to make Sacha lose an influence (costs 4)? (a bluff: you hold no Guerrilla)"


async def test_a_targeted_attack_asks_the_target_then_confirms_in_the_roles_words():
    table = dealt_g54(5, script=())
    table.state.set_player(0, table.state.players[0].but(coins=4))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(str(table.view().roles.index("Guerrilla") + 1))
        assert isinstance(app.screen, TargetDialog)
        await pilot.press("2")
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question == "Claim the Guerrilla to make Sacha lose an influence (costs 4)?"
        await pilot.press("y")
        await pilot.pause()
    assert table.record.moves[-1] == (0, {"kind": "guerrilla", "target": 2})


# -- over a host -----------------------------------------------------------------------------


async def test_a_g54_table_on_a_host_is_played_to_the_end_through_the_lobby(tmp_path):
    server = Host(data_dir=tmp_path / "host", bot_delay=0, chosen_seeds=True)
    port = await server.start("127.0.0.1", 0)
    organiser = Client()
    try:
        await organiser.connect("127.0.0.1", port, "Bo")
        created = await organiser.request(
            {
                "type": "create",
                "game": "g54",
                "players": 3,
                "seed": 5,
                "options": {"selection": "advanced"},
                "starts": "anyone",
            }
        )
        table_id = created["table"]["id"]
        app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and bool(app.screen.tables))
            lobby = app.screen
            await pilot.press("j")
            await wait_for(pilot, lambda: lobby.my_table == table_id)
            await pilot.press("f")
            await wait_for(pilot, lambda: all(s.kind != "open" for s in server.tables[table_id].seats))
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            assert str(screen.query_one("#status-bar").render()).startswith(" Rebellion G54 · turn 1")
            host_table = server.tables[table_id].table
            assert screen.table.view().roles == host_table.state.roles
            await play_to_the_end(pilot, RemoteSettle(screen.table), seed=2)
            assert app.screen.view.winner == host_table.state.winner is not None
            assert any(seat == lobby.remote.seat for seat, _ in host_table.record.moves)
    finally:
        await organiser.close()
        await server.stop()


def test_the_short_roles_list_keeps_who_blocks_each_role_when_there_is_room() -> None:
    roles = in_play_order(FIRST_GAME)  # Guerrilla and Politician are blockable
    lines = str(short_lines(roles, None, 40, blocks=True)).splitlines()
    assert "  Target blocks with Guerrilla." in lines and "  Target blocks with Politician." in lines
    assert all(len(line) <= 40 for line in lines)
    assert len(str(short_lines(roles, None, 40)).splitlines()) == len(roles) + 1  # one line each, and the legend
