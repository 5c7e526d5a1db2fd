"""The app at a host's table: the game-over dialog's Play again asks for a rematch and opens the new game, another
player's request is answered or declined in the rematch dialog, and the g key hands seats to the computer and back,
at the card table and at the wargame's map, whose logs also tell of a player who lost their connection and is back."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import RichLog, Static

from netplay.host import Host
from tests.net_helpers import Message, RawPeer, running_host
from tests.test_tui_net import wait_for
from tests.tui_helpers import quick_settings
from tui.app import CoupApp
from tui.screens.confirm import ConfirmDialog
from tui.screens.game_over import GameOverScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.rematch import RematchScreen
from tui.screens.table import TableScreen
from tui.screens.target import TargetDialog
from tui.screens.wargame import WargameScreen
from tui.widgets.seat_panel import SeatPanel


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[tuple[Host, int]]:
    """A host on 127.0.0.1 whose computer opponents answer at once."""
    async with running_host(tmp_path / "host") as served:
        yield served


async def app_at_table(
    pilot: Any, port: int, game: str = "coup", options: Message | None = None, timer: float | None = None
) -> RawPeer:
    """Bob (a raw peer) creates a table of the game (with a response timer if given) for the app's player and him,
    with a bot if there is room; the app joins it from its lobby and Bob starts it. Bob, once the app's table screen
    is open."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    lobby = app.screen
    bob = await RawPeer.greeted(port, "Bob")
    players = 2 if game == "wargame" else 3
    created = await bob.request(
        {"type": "create", "game": game, "players": players, "options": options or {}, "timer": timer}
    )
    table_id = created["table"]["id"]
    await bob.request({"type": "join", "table": table_id, "seat": 1})
    lobby.action_refresh()
    await wait_for(pilot, lambda: any(t["id"] == table_id for t in lobby.tables))
    await pilot.press("j")
    await wait_for(pilot, lambda: lobby.my_table == table_id)
    if players > 2:
        await bob.request({"type": "fill", "table": table_id})
    assert (await bob.request({"type": "start", "table": table_id}))["type"] == "ok"
    await wait_for(pilot, lambda: isinstance(app.screen, (TableScreen, WargameScreen)))
    return bob


async def hand_my_seat_over(pilot: Any) -> None:
    """Press g and choose our own seat (the first) in the dialog."""
    await pilot.press("g")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TargetDialog))
    await pilot.press("1")


def log_text(screen: Any, selector: str = "#log") -> str:
    """The screen's log as one line (lines wrapped at its width joined again)."""
    return " ".join(strip.text.strip() for strip in screen.query_one(selector, RichLog).lines)


async def game_over_with_bob(pilot: Any, port: int) -> tuple[RawPeer, str]:
    """The app's player and Bob at a Coup table, played to the end by the computer (both hand their seats over),
    the game-over dialog open: Bob and the table's id."""
    bob = await app_at_table(pilot, port)
    table_id = str(pilot.app.screen.table.table_id)
    await bob.request({"type": "handover", "seat": 1})
    await hand_my_seat_over(pilot)
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen), 30)
    return bob, table_id


async def test_play_again_asks_for_a_rematch_and_opens_the_new_game_with_the_winner_first(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        bob, old = await game_over_with_bob(pilot, port)
        winner = server.tables[old].table.game.result(server.tables[old].table.state)
        assert app.screen.record_note.endswith("The host keeps this game's record.")  # (the player has no file)
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, RematchScreen))
        asked = await bob.received(lambda m: m.get("type") == "rematch" and m.get("state") == "open")
        assert asked["by"] == 0 and asked["owed"] == [1]
        status = str(app.screen.query_one("#rematch-status").render())
        assert "Waiting for: Bob" in status and "s left" in status
        asking = app.screen  # its asker may take the request back, in the same word on the button and the footer
        assert str(asking.query_one("#decline").label) == "Withdraw (d)"
        assert asking.check_action("withdraw", ()) and not asking.check_action("decline", ())
        await bob.request({"type": "rematch", "accept": True})
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.table.table_id != old)
        new = app.screen.table.table_id
        assert server.tables[new].table.config.first_player == winner
        assert [type(s).__name__ for s in app.screen_stack[-2:]] == ["LobbyScreen", "TableScreen"]


async def test_another_players_request_opens_the_rematch_dialog_and_declining_goes_back_to_the_lobby(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        bob, old = await game_over_with_bob(pilot, port)
        await bob.request({"type": "rematch", "accept": True})
        await wait_for(pilot, lambda: isinstance(app.screen, RematchScreen))
        assert "Bob asks for a rematch" in str(app.screen.query_one("#rematch-status").render())
        assert not any(isinstance(s, GameOverScreen) for s in app.screen_stack)  # in the game-over box's place
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        done = await bob.received(lambda m: m.get("type") == "rematch" and m.get("state") == "started")
        assert done["declined"] == [0] and server.tables[done["next"]].seats[0].kind == "bot"
        assert old not in server.tables or server.tables[old].seats[0].conn is None  # we left the finished table


async def test_once_the_vote_goes_on_without_us_the_dialog_offers_only_the_lobby(tmp_path: Path):
    async with running_host(tmp_path, rematch_wait=0.5) as (_, port):
        app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
        async with app.run_test(size=(80, 24)) as pilot:
            bob, _ = await game_over_with_bob(pilot, port)
            await bob.request({"type": "rematch", "accept": True})
            await wait_for(pilot, lambda: isinstance(app.screen, RematchScreen))
            dialog = app.screen  # we never answer: the time runs out and the rematch starts without us
            await wait_for(pilot, lambda: "goes on without you" in str(dialog.query_one("#rematch-status").render()))
            await pilot.pause()
            assert str(dialog.query_one("#decline").label) == "Lobby (Esc)"  # nothing left to withdraw from
            assert dialog.check_action("lobby", ()) and not dialog.check_action("withdraw", ())
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_the_g_key_hands_an_away_players_seat_to_the_computer_and_takes_our_own_back(tmp_path: Path):
    async with running_host(tmp_path, bot_delay=30) as (server, port):  # the computer thinks long: nothing moves
        await g_key_hands_seats_over(server, port)


async def g_key_hands_seats_over(server: Host, port: int) -> None:
    """The app's player hands away Bob's seat to the computer, then their own, then takes it back."""
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        bob = await app_at_table(pilot, port)
        screen = app.screen
        table_id = screen.table.table_id
        server.tables[table_id].creator = server.tables[table_id].seats[0].owner  # the app's player made the table
        await bob.close()
        await wait_for(pilot, lambda: server.tables[table_id].seats[1].conn is None and 1 in screen.table.away)
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, TargetDialog))
        assert [label for _, label in app.screen.targets] == ["Player (you)", "Bob (away)"]  # never the bot's seat
        await pilot.press("2")  # Bob
        await wait_for(pilot, lambda: server.tables[table_id].seats[1].stand_in)
        await wait_for(pilot, lambda: "Bob's seat is played by the computer." in log_text(screen))
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, TargetDialog))
        assert [seat for seat, _ in app.screen.targets] == [0]  # Bob's seat is the computer's already
        await pilot.press("1")
        await wait_for(pilot, lambda: screen.table.stand_in)
        assert "computer plays for you (g)" in str(screen.query_one("#status-bar").render())
        screen.refresh_table()
        assert screen.choices == [] and app.screen is screen  # no choice, no dialog: the computer answers for you
        await pilot.press("g")
        await wait_for(pilot, lambda: not server.tables[table_id].seats[0].stand_in)
        await wait_for(pilot, lambda: "You are back at your seat." in log_text(screen))  # (the others read "Player…")
        assert not screen.table.stand_in


@pytest.mark.slow  # a whole wargame drawn on the map
async def test_the_wargame_map_plays_again_and_hands_seats_over_with_its_keys(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(120, 40)) as pilot:
        bob = await app_at_table(pilot, port, "wargame", {"turn_limit": 1})
        screen = app.screen
        old = screen.table.table_id
        sides = [s.name for s in server.tables[old].seats]
        await bob.request({"type": "handover", "seat": 1})
        await wait_for(pilot, lambda: "Bob's seat is played by the computer." in log_text(screen, "#wg-log"))
        await hand_my_seat_over(pilot)
        await wait_for(pilot, lambda: screen.table.view().window == "over", 60)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, RematchScreen))
        await bob.request({"type": "rematch", "accept": True})
        await wait_for(pilot, lambda: isinstance(app.screen, WargameScreen) and app.screen.table.table_id != old)
        new = server.tables[app.screen.table.table_id]
        assert [s.name for s in new.seats] == sides  # the same sides


@pytest.mark.parametrize("game", ["coup", "wargame"])
async def test_the_table_log_says_when_another_player_loses_their_connection_and_comes_back(tmp_path: Path, game):
    async with running_host(tmp_path, bot_delay=30, grace=60) as (_server, port):  # nothing moves meanwhile
        app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
        async with app.run_test(size=(80, 24)) as pilot:
            bob = await app_at_table(pilot, port, game, {} if game == "wargame" else {"first_player": 1})
            screen, log = app.screen, "#wg-log" if game == "wargame" else "#log"
            situation = screen.query_one("#wg-info" if game == "wargame" else "#situation", Static)
            assert list(screen.table.view().owed) == [1]  # Bob's turn (the wargame's rebels set up first)
            await bob.close()
            said = "Bob lost connection; their seat is kept for 60 s."
            await wait_for(pilot, lambda: said in log_text(screen, log))
            waiting = "Bob is away: the host keeps the seat for them (g: the computer plays it)."
            await wait_for(pilot, lambda: waiting in str(situation.render()))
            box = None if game == "wargame" else screen.query_one("#seat-1", SeatPanel)  # (the wargame has none)
            assert box is None or box.border_subtitle == "turn · away"
            await RawPeer.greeted(port, "Bob", profile=bob.profile)
            await wait_for(pilot, lambda: "Bob is back." in log_text(screen, log))
            await wait_for(pilot, lambda: waiting not in str(situation.render()))
            assert box is None or box.border_subtitle == "turn"


async def test_ctrl_q_at_a_network_table_is_told_to_the_others_as_quitting_not_as_a_lost_connection(tmp_path: Path):
    async with running_host(tmp_path, bot_delay=30, grace=60) as (_server, port):
        app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
        async with app.run_test(size=(80, 24)) as pilot:
            bob = await app_at_table(pilot, port, "coup")
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            assert "keeps your seat" in app.screen.question
            await pilot.press("y")
        said = await bob.received(lambda m: m.get("type") == "notice" and m.get("code") == "away")
        assert said["message"] == f"{said['message'].split()[0]} quit; their seat is kept for 60 s."


async def test_the_table_hears_when_another_player_leaves_the_game_for_good(tmp_path: Path):
    async with running_host(tmp_path, bot_delay=30) as (_server, port):  # nothing moves meanwhile
        app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
        async with app.run_test(size=(80, 24)) as pilot:
            bob = await app_at_table(pilot, port, options={"first_player": 1})
            screen = app.screen
            assert (await bob.request({"type": "leave"}))["type"] == "left"
            said = "Bob left the game: the computer plays their seat to the end."
            await wait_for(pilot, lambda: said in log_text(screen))
            assert screen.query_one("#seat-1", SeatPanel).border_subtitle == "turn · left"
            assert 1 in screen.table.bot_seats  # g no longer offers his seat


async def test_g_leaves_out_a_player_the_tables_clock_answers_for_before_they_would_count_idle(tmp_path: Path):
    async with running_host(tmp_path, bot_delay=30, idle_seat=60.0) as (_server, port):
        app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
        async with app.run_test(size=(80, 24)) as pilot:
            bob = await app_at_table(pilot, port, options={"first_player": 1}, timer=30)  # Bob owes; 30 s, then the
            await wait_for(pilot, lambda: app.screen.table.deadline is not None)  # clock answers for him
            await pilot.press("g")
            await wait_for(pilot, lambda: isinstance(app.screen, TargetDialog))
            assert [label for _, label in app.screen.targets] == ["Player (you)"]
            await bob.close()  # (kept until here: a peer collected before would leave the table, away)


async def test_g_offers_a_player_who_keeps_the_game_waiting_once_the_host_counts_them_idle(tmp_path: Path):
    async with running_host(tmp_path, bot_delay=30, idle_seat=3.0) as (server, port):
        app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
        async with app.run_test(size=(80, 24)) as pilot:
            bob = await app_at_table(pilot, port, options={"first_player": 1})  # Bob owes the first action
            screen = app.screen
            table_id = screen.table.table_id
            await pilot.press("g")
            await wait_for(pilot, lambda: isinstance(app.screen, TargetDialog))
            assert [label for _, label in app.screen.targets] == ["Player (you)"]  # not idle yet: no choice
            assert re.match(r"Bob can be handed to the computer in [123] s\.\n", app.screen.title_text)
            await pilot.press("2")  # no second choice: nothing is asked of the host
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            assert not server.tables[table_id].seats[1].stand_in
            loop = asyncio.get_running_loop()
            await wait_for(pilot, lambda: screen.table.idle_in(loop.time()) <= 0, seconds=5)
            await pilot.press("g")
            await wait_for(pilot, lambda: isinstance(app.screen, TargetDialog))
            assert [label for _, label in app.screen.targets] == ["Player (you)", "Bob (idle)"]
            await pilot.press("2")  # the only other player's vote is a majority
            await wait_for(pilot, lambda: server.tables[table_id].seats[1].stand_in)
            assert server.tables[table_id].seats[1].conn is not None and bob.profile  # Bob is there, only idle


async def test_the_lobby_record_counts_a_game_we_left_once_it_ends(tmp_path: Path):
    async with running_host(tmp_path) as (_, port):
        app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
        async with app.run_test(size=(100, 30)) as pilot:
            bob = await app_at_table(pilot, port)
            await pilot.press("escape", "y")  # we leave the game under way: it counts as lost, once it ends
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            status = lobby.query_one("#status-bar", Static)
            assert "Your record" not in str(status.content)
            await bob.request({"type": "handover", "seat": 1})  # the computers play it to its end
            await wait_for(pilot, lambda: "Your record: 1 game, 0 wins." in str(status.content), seconds=30)
