"""The wargame's map screen on a host over 127.0.0.1: the new-table dialog's options, a move by keyboard, watching."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Footer, Select, Static
from textual.widgets._footer import FooterKey
from textual.widgets._select import SelectCurrent

from core.wargame.moves import Place
from netplay.client import Client
from netplay.host import Host
from netplay.remote import RemoteTable
from tests.net_helpers import running_host
from tests.test_tui_net import create_table, new_table_dialog, wait_for
from tests.test_tui_wargame import go_to
from tests.tui_helpers import quick_settings
from tui.app import CoupApp
from tui.screens import wargame as wargame_screen
from tui.screens.lobby import LobbyScreen, game_text
from tui.screens.wargame import WargameScreen
from tui.settings import Settings
from tui.widgets.chat import WATCHERS_HEAR, ChatLine


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[tuple[Host, int]]:
    """A host on 127.0.0.1 whose computer opponents answer at once."""
    async with running_host(tmp_path / "host") as served:
        yield served


async def test_a_wargame_table_is_created_with_its_options_filled_started_and_played_by_keyboard(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby, dialog = await new_table_dialog(pilot, "wargame")
        assert dialog.query_one("#new-wargame-field").display and not dialog.query_one("#new-inquisitor").display
        assert dialog.query_one("#new-players", Select).value == 2
        dialog.query_one("#new-scenario", Select).value = "advanced"  # ticks salvage and surrender
        await pilot.pause()
        assert dialog.query_one("#new-salvage", Checkbox).value and not dialog.query_one("#new-extra", Checkbox).value
        dialog.query_one("#new-turns", Select).value = 1
        dialog.query_one("#new-timer", Select).value = 60
        await pilot.press("c")
        await wait_for(pilot, lambda: lobby.my_table is not None)
        table = server.tables[lobby.my_table]
        assert (table.game, table.players, table.timer) == ("wargame", 2, 60)
        assert table.options == {
            "scenario": "advanced",
            "salvage": True,
            "surrender": True,
            "extra_reinforcements": False,
            "turn_limit": 1,
        }
        await wait_for(pilot, lambda: any(t["game"] == "wargame" for t in lobby.tables))
        assert game_text(lobby.tables[0]) == "wargame (advanced; salvage; surrender; 1 turn)"

        await pilot.press("f")  # a computer opponent takes the rebels
        await wait_for(pilot, lambda: all(s.kind != "open" for s in table.seats))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, WargameScreen))
        screen = app.screen
        assert isinstance(screen.table, RemoteTable) and screen.people == {0}
        view = screen.view
        assert (view.phase, view.window, screen.acting) == ("setup", "place", 0)  # the advanced government's forces
        status = str(screen.query_one("#wg-status", Static).render())
        assert "Government (you)" in status
        info = screen.query_one("#wg-info", Static)
        await wait_for(pilot, lambda: "s left, then a computer opponent answers for you" in str(info.render()))
        target = next(m.hex for m in view.legal if isinstance(m, Place))
        await go_to(pilot, screen, target)
        await pilot.press("enter")
        placed = (0, Place(target).to_dict())
        await wait_for(pilot, lambda: table.table is not None and table.table.record.moves[:1] == [placed])
        await wait_for(pilot, lambda: screen.view.version > view.version)

        await pilot.press("escape", "y")  # leave: back to the lobby, the side handed to a computer opponent
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and lobby.my_table is None)
        await wait_for(pilot, lambda: table.seats[0].kind == "bot")


async def test_the_creator_of_a_wargame_table_chooses_the_rebels_and_sits_there(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby, dialog = await new_table_dialog(pilot)
        assert not dialog.query_one(".sides-of-wargame").display  # Coup's seats are not sides
        dialog.query_one("#new-game", Select).value = "wargame"
        await pilot.pause()
        side = dialog.query_one("#new-side-wargame", Select)
        assert dialog.query_one(".sides-of-wargame").display and side.value == 0
        assert "Government" in str(side.query_one(SelectCurrent).query_one("#label", Static).render())
        side.value = 1
        await pilot.pause()
        assert "Rebels" in str(side.query_one(SelectCurrent).query_one("#label", Static).render())
        await pilot.press("c")
        await wait_for(pilot, lambda: lobby.my_table is not None)
        table = server.tables[lobby.my_table]
        assert [seat.kind for seat in table.seats] == ["open", "person"]
        await pilot.press("f")  # a computer opponent takes the government
        await wait_for(pilot, lambda: all(s.kind != "open" for s in table.seats))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, WargameScreen))
        screen = app.screen
        assert screen.people == {1}
        await wait_for(pilot, lambda: "Rebels (you)" in str(screen.query_one("#wg-status", Static).render()))


def footer_fits(screen: WargameScreen) -> bool:
    """Whether every key the footer shows now lies within the screen's width."""
    footer = screen.query_one(Footer)
    keys = [key for key in footer.query(FooterKey) if not key.has_class("-command-palette")]
    end = min([footer.region.right] + [key.region.x for key in footer.query(".-command-palette")])
    return bool(keys) and all(key.region.right <= end for key in keys)


async def test_the_wargame_footer_shows_every_key_of_a_network_table_at_80_columns(host):
    _, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await create_table(pilot, "wargame")
        await pilot.press("f", "s")
        await wait_for(pilot, lambda: isinstance(app.screen, WargameScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.view.window == "place" and screen.acting == 0)  # reinforcements
        await pilot.pause()
        assert "Auto place" in {key.description for key in screen.query_one(Footer).query(FooterKey)}
        assert footer_fits(screen)
        await pilot.press("a")  # the computer places the reinforcements, one a decision
        await wait_for(pilot, lambda: screen.view.window == "move" and screen.acting == 0)
        descriptions = {key.description for key in screen.query_one(Footer).query(FooterKey)}
        assert {"End phase", "Chat", "Help", "Log"} <= descriptions
        assert footer_fits(screen)


async def test_a_spectator_watches_the_wargame_map_and_cannot_act(host):
    _, port = host
    player = Client()
    await player.connect("127.0.0.1", port, "Bo")
    created = await player.request({"type": "create", "game": "wargame", "players": 2, "options": {"turn_limit": 1}})
    table_id = created["table"]["id"]
    await player.request({"type": "join", "table": table_id, "seat": 1})
    await player.request({"type": "fill", "table": table_id, "level": "rule"})
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and bool(app.screen.tables))
        lobby = app.screen
        await pilot.press("w")
        await wait_for(pilot, lambda: lobby.remote is not None)
        await player.request({"type": "start", "table": table_id})
        await wait_for(pilot, lambda: isinstance(app.screen, WargameScreen))
        await pilot.pause()
        screen = app.screen
        view = screen.view
        assert view.viewer is None and view.legal == () and screen.people == frozenset() and screen.acting is None
        assert sum(1 for u in view.units if u.on_map) > 10  # the government's forces on the public map
        info = str(screen.query_one("#wg-info", Static).render())
        assert "You are watching. Waiting for the rebels (Bo)." in info
        assert screen.query_one(ChatLine).placeholder == WATCHERS_HEAR  # the players never hear a watcher
        await pilot.press("a", "enter")  # nothing a spectator presses reaches the host
        await pilot.pause()
        assert screen.view.version == view.version
        await pilot.press("escape")  # a spectator leaves without being asked
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and lobby.remote is None)
    await player.close()


async def placing_the_first_reinforcement(pilot, server: Host) -> tuple[WargameScreen, Any]:
    """A wargame table created from the lobby, filled with a computer and started, once its government (this
    player) places its first reinforcement: the screen and the host's table."""
    lobby = await create_table(pilot, "wargame")
    table = server.tables[lobby.my_table]
    await pilot.press("f")
    await wait_for(pilot, lambda: all(s.kind != "open" for s in table.seats))
    await pilot.press("s")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, WargameScreen))
    screen = pilot.app.screen
    await wait_for(pilot, lambda: screen.acting == 0 and screen.view.window == "place")
    return screen, table


async def test_a_move_the_host_refuses_twice_in_the_same_words_leaves_the_player_free_to_move(host, monkeypatch):
    server, port = host
    monkeypatch.setattr(wargame_screen, "refusal_of", lambda view, seat, move: "")  # a client that lets it through
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await placing_the_first_reinforcement(pilot, server)
        refused: list[str] = []
        screen.notify = lambda message, **options: refused.append(message)  # type: ignore[method-assign]
        nowhere = Place("A1")
        assert nowhere not in screen.view.legal
        for times in (1, 2):  # the same refusal twice, as a player pressing again would get it
            screen._submit(nowhere)
            await wait_for(pilot, lambda times=times: len(refused) == times)
        assert refused[0] == refused[1]
        target = next(m.hex for m in screen.view.legal if isinstance(m, Place))
        await go_to(pilot, screen, target)
        await pilot.press("enter")
        placed = (0, Place(target).to_dict())
        await wait_for(pilot, lambda: table.table is not None and placed in table.table.record.moves)


async def test_a_player_back_at_a_wargame_seat_sees_the_whole_map_at_80x24(host):
    """The screen opens straight onto the table, first laid out with a narrow panel, and hears nothing more while the
    game waits for the player: the map is fitted again once the panel has its width (it kept 9 of its 14 lines)."""
    server, port = host

    def ana() -> Settings:
        settings = quick_settings()
        settings.player_name, settings.credentials = "ana", {"profile": "a-profile-of-ana-" * 3}
        return settings

    app = CoupApp(settings=ana(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await create_table(pilot, "wargame")
        await pilot.press("f")
        await wait_for(pilot, lambda: all(s.kind != "open" for t in server.tables.values() for s in t.seats))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, WargameScreen) and app.screen.acting == 0, 20)
        whole = app.screen.hexmap.size.height
        await app.screen.table.client.request({"type": "chat", "text": "hello map"})
        screen = app.screen
        target = next(m.hex for m in screen.view.legal if isinstance(m, Place))
        screen._submit(Place(target))  # an event after the chat line
        table = next(iter(server.tables.values())).table
        await wait_for(pilot, lambda: table is not None and len(table.record.moves) > 0)
    back = CoupApp(settings=ana(), join=("127.0.0.1", port), scan_lan=False)
    async with back.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(back.screen, WargameScreen) and back.screen.acting == 0, 20)
        await pilot.pause(0.3)
        assert back.screen.hexmap.size.height == whole == 14  # the 13 rows and the letters
        said = " ".join(line.text for line in back.screen.query_one("#wg-log").lines)
        assert "» ana: hello map" in said and "You were away" in said  # what came before the comeback, kept
        assert said.index("hello map") < said.rindex(f" at {target}") < said.index("You were away")  # each in its place


async def test_a_move_the_rules_refuse_is_refused_by_the_client_in_the_local_tables_words(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await placing_the_first_reinforcement(pilot, server)
        said: list[tuple[str, str]] = []
        screen.notify = lambda message, **options: said.append((options.get("title", ""), message))  # type: ignore[method-assign]
        moves = len(table.table.record.moves)
        screen._submit(Place("A1"))
        await pilot.pause(0.3)
        assert said == [("Not allowed", "A1 is not a legal hex for that unit")]
        assert len(table.table.record.moves) == moves and not screen.table.error  # nothing went to the host


async def test_a_player_who_hands_the_wargame_seat_to_the_computer_is_told_so_and_how_to_take_it_back(tmp_path):
    async with (
        running_host(tmp_path / "host", bot_delay=0.2) as (server, port),  # the game goes on while we look
        CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False).run_test(size=(80, 24)) as pilot,
    ):
        screen, _ = await placing_the_first_reinforcement(pilot, server)
        await pilot.press("g")  # which seat: ours is the first
        await pilot.pause()
        await pilot.press("1")
        await wait_for(pilot, lambda: screen.table.stand_in)
        await pilot.pause(0.3)
        status = str(screen.query_one("#wg-status", Static).render())
        info = str(screen.query_one("#wg-info", Static).render())
        assert "(you)" not in status and "The computer plays your seat: g takes it back." in info
        await pilot.press("g")  # back at once
        await wait_for(pilot, lambda: not screen.table.stand_in)
        await pilot.pause(0.3)
        assert "g takes it back" not in str(screen.query_one("#wg-info", Static).render())
