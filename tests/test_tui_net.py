"""The app on a real host over 127.0.0.1: join screen, lobby, a whole game, spectating."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from textual.widgets import Button, Checkbox, Footer, Select, Static
from textual.widgets._footer import FooterKey

from netplay.client import Client
from netplay.host import Host
from netplay.identity import profile_identity
from netplay.limits import HostLimits
from tests.test_tui_pilot import play_to_the_end
from tests.tui_helpers import quick_settings
from tui.app import CoupApp
from tui.screens.g54_roles import TableRolesScreen
from tui.screens.game_over import GameOverScreen, winner_title
from tui.screens.join import connect_to
from tui.screens.lobby import LobbyScreen, game_text, host_said, seats_text
from tui.screens.pace import PaceDialog
from tui.screens.rules import HelpScreen
from tui.screens.table import TableScreen
from tui.widgets.chat import WATCHERS_HEAR, ChatLine


@pytest.fixture
async def host(tmp_path):
    server = Host(data_dir=tmp_path / "host", bot_delay=0)
    port = await server.start("127.0.0.1", 0)
    yield server, port
    await server.stop()


async def wait_for(pilot, condition, seconds: float = 10.0) -> None:
    """Pause the app until condition() holds."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError("timed out waiting for the app")


async def new_table_dialog(pilot, game: str | None = None):
    """From the lobby, open the new-table dialog with game chosen (else the first): (the lobby, the dialog)."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    lobby = app.screen
    await pilot.press("n")
    await pilot.pause()
    dialog = app.screen
    if game is not None:
        dialog.query_one("#new-game", Select).value = game
        await pilot.pause()
    return lobby, dialog


async def create_table(pilot, game: str | None = None) -> LobbyScreen:
    """From the app's lobby, create a table (of game, else the first) with the dialog's defaults and sit at it;
    the lobby."""
    lobby, _ = await new_table_dialog(pilot, game)
    await pilot.press("c")
    await wait_for(pilot, lambda: lobby.my_table is not None)
    return lobby


async def fill_and_start(pilot, server: Host, lobby: LobbyScreen) -> TableScreen:
    """Give our table's open seats to computer opponents, start it, and wait for its screen."""
    app = pilot.app
    await pilot.press("f")
    await wait_for(pilot, lambda: all(s.kind != "open" for s in server.tables[lobby.my_table].seats))
    await pilot.press("s")
    await wait_for(pilot, lambda: table_screen(app) is not None)  # a dialog may open over it at once (allegiances)
    screen = table_screen(app)
    assert screen is not None
    return screen


def table_screen(app: CoupApp) -> TableScreen | None:
    """The app's table screen, under whatever dialog is open over it."""
    return next((screen for screen in app.screen_stack if isinstance(screen, TableScreen)), None)


async def bos_table(port: int, game: str, players: int) -> tuple[Client, str]:
    """Bo (a client) creates a table of game, sits at it and gives the other seats to rule bots: (Bo, its id)."""
    player = Client()
    await player.connect("127.0.0.1", port, "Bo")
    created = await player.request({"type": "create", "game": game, "players": players})
    table_id = created["table"]["id"]
    await player.request({"type": "join", "table": table_id})
    await player.request({"type": "fill", "table": table_id, "level": "rule"})
    return player, table_id


async def watch_bos_table_start(pilot, player: Client, table_id: str) -> LobbyScreen:
    """From the app's lobby, watch Bo's table (the only one listed), then Bo starts it: the lobby."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and bool(app.screen.tables))
    lobby = app.screen
    await pilot.press("w")
    await wait_for(pilot, lambda: lobby.remote is not None)
    await player.request({"type": "start", "table": table_id})
    return lobby


class RemoteSettle:
    """play_to_the_end's table: remote tables settle when the host has had a moment."""

    def __init__(self, remote) -> None:
        self.remote = remote

    async def settled(self) -> None:
        await asyncio.sleep(0.05)


async def test_create_fill_start_and_play_a_whole_game_over_the_network(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await create_table(pilot)
        assert server.tables[lobby.my_table].seats[0].name == "Player"
        table_screen = await fill_and_start(pilot, server, lobby)
        await play_to_the_end(pilot, RemoteSettle(table_screen.table))
        assert isinstance(app.screen, GameOverScreen)
        winner = server.tables[lobby.my_table].table.state.winner
        assert app.screen.view.winner == winner
        keys = [key.description for key in app.screen.query(FooterKey)]
        assert "Lobby" in keys and "Menu" not in keys  # m leads back to the lobby, and says so
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_the_lobby_line_at_our_table_says_when_every_seat_is_taken(host):
    _, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await create_table(pilot)
        line = lobby.query_one("#lobby-help")
        await wait_for(pilot, lambda: "wait for players; f/e add computers" in str(line.content))
        await pilot.press("f")
        await wait_for(pilot, lambda: "every seat is taken; s starts; l leaves" in str(line.content))


async def test_the_new_table_dialog_creates_a_g54_table_with_its_roles(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby, dialog = await new_table_dialog(pilot, "g54")
        assert dialog.query_one("#new-roles-row").display and not dialog.query_one("#new-inquisitor").display
        dialog.query_one("#new-roles", Select).value = "advanced"
        await pilot.press("c")
        await wait_for(pilot, lambda: lobby.my_table is not None)
        table = server.tables[lobby.my_table]
        assert table.game == "g54" and table.options == {"selection": "advanced"}


async def test_the_new_table_dialog_tells_what_the_timer_does_only_with_a_timer_and_the_lobby_has_help(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby, dialog = await new_table_dialog(pilot, "reformation")
        assert not dialog.query_one("#timer-help").display
        dialog.query_one("#new-timer", Select).value = 30
        await pilot.pause()
        assert dialog.query_one("#timer-help").display
        await pilot.press("c")
        await wait_for(pilot, lambda: lobby.my_table is not None and app.screen is lobby)
        assert server.tables[lobby.my_table].timer == 30
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "join a private table by the code" in app.screen.text
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby)


async def test_the_new_table_dialog_lets_the_host_pick_its_own_five_roles(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby, dialog = await new_table_dialog(pilot, "g54")
        dialog.query_one("#new-roles", Select).value = "pick"
        await wait_for(pilot, lambda: isinstance(app.screen, TableRolesScreen))
        roles_screen = app.screen
        await pilot.press("enter")  # nothing ticked: refused, the screen stays
        assert app.screen is roles_screen
        for kind in ("banker", "writer", "crime_boss", "lawyer", "missionary"):
            roles_screen.query_one(f"#role-{kind}", Checkbox).value = True
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is dialog)
        assert "Crime Boss" in str(dialog.query_one("#new-roles-picked", Static).render())
        await pilot.press("c")
        await wait_for(pilot, lambda: lobby.my_table is not None)
        table = server.tables[lobby.my_table]
        assert table.options == {
            "selection": "pick",
            "roles": ["Banker", "Writer", "Crime Boss", "Lawyer", "Missionary"],
        }
        await wait_for(pilot, lambda: any("Crime Boss" in game_text(t) for t in lobby.tables))
        assert game_text(lobby.tables[0]) == "g54 (Banker, Writer, Crime Boss, Lawyer, Missionary)"


async def test_a_spectator_sees_no_hands(host):
    _, port = host
    player, table_id = await bos_table(port, "coup", 3)
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await watch_bos_table_start(pilot, player, table_id)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        view = app.screen.table.view()
        assert view.viewer is None and view.legal == ()
        assert all(hand is None for hand in view.hands)
        assert "watching" in str(app.screen.query_one("#status-bar").render())
        keys = {key.description for key in app.screen.query(FooterKey)}
        assert "Rules" in keys and not keys & {"Confirm on/off", "Pace"}  # a player's own keys
        screen = app.screen
        await pilot.press("o", "k")
        await pilot.pause()
        assert app.screen is screen and screen.settings.confirm  # nothing opened, nothing changed
        await pilot.press("apostrophe")
        await pilot.pause()
        assert screen.query_one(ChatLine).placeholder == WATCHERS_HEAR  # the players never hear a watcher
    await player.close()


async def test_the_pace_dialog_at_a_network_table_offers_no_bot_pace(host):
    _, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        dialog = PaceDialog(app.settings, hosts_pace=True)
        app.push_screen(dialog)
        await pilot.pause()
        delay = app.settings.bot_delay
        await pilot.press("plus", "plus", "enter")
        await pilot.pause()
        assert not dialog.query("#bot-pace") and app.settings.bot_delay == delay


async def test_a_player_finds_a_table_by_name_among_many(host):
    _, port = host
    for number in range(60):  # more than a page: a friend's table would be pushed off the first one
        other = Client()
        await other.connect("127.0.0.1", port, f"Junk {number}", {"profile": f"junk-profile-secret-{number:04}x"})
        await other.request({"type": "create", "players": 2})
    friend = Client()
    await friend.connect("127.0.0.1", port, "Zoltan", {"profile": "zoltan-profile-secret-01"})
    created = await friend.request({"type": "create", "players": 3})
    await friend.request({"type": "join", "table": created["table"]["id"]})
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables)
        lobby = app.screen
        assert lobby.pages == 2
        await pilot.press("slash")
        await pilot.press(*"zoltan", "enter")
        await wait_for(pilot, lambda: [t["id"] for t in lobby.tables] == [created["table"]["id"]])
        await pilot.press("j")
        await wait_for(pilot, lambda: lobby.my_table == created["table"]["id"])
    await friend.close()


async def test_back_from_a_game_the_lobby_shows_every_table_again_not_the_search_made_before_it(host):
    server, port = host
    zed = Client()
    await zed.connect("127.0.0.1", port, "Zed", {"profile": "zed-profile-secret-0001"})
    zeds = (await zed.request({"type": "create", "players": 3}))["table"]["id"]
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await create_table(pilot)
        await pilot.press("slash", *"nobody", "enter")
        await wait_for(pilot, lambda: lobby.search == "nobody" and zeds not in [t["id"] for t in lobby.tables])
        table_screen = await fill_and_start(pilot, server, lobby)
        await play_to_the_end(pilot, RemoteSettle(table_screen.table))
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await wait_for(pilot, lambda: zeds in [t["id"] for t in lobby.tables])
        assert lobby.search == "" and not lobby.query_one("#search").display
    await zed.close()


async def test_a_seat_taken_by_another_connection_of_the_same_player_closes_this_ones_game_and_says_why(host):
    server, port = host
    settings = quick_settings()
    settings.credentials = {"profile": "the-same-players-profile-01"}
    app = CoupApp(settings=settings, join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await create_table(pilot)
        table_id = lobby.my_table
        await fill_and_start(pilot, server, lobby)
        again = Client()  # the same player, from another terminal
        await again.connect("127.0.0.1", port, "Player", {"profile": "the-same-players-profile-01"})
        await wait_for(pilot, lambda: app.screen is lobby and lobby.remote is None)
        await wait_for(pilot, lambda: any("plays your seat now" in str(note.message) for note in app._notifications))
        seat = server.tables[table_id].seats[0]
        assert seat.conn is not None and seat.conn.identity == profile_identity("the-same-players-profile-01")
        await again.close()


async def test_a_waiting_table_the_host_closes_leaves_the_lobby_free_and_says_why(tmp_path):
    quiet = HostLimits(table_quiet=5, sweep_seconds=0.05)  # time enough to see the table made, on a busy machine
    server = Host(data_dir=tmp_path / "host", bot_delay=0, limits=quiet)
    port = await server.start("127.0.0.1", 0)
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = await create_table(pilot)
            closed = lobby.my_table
            await wait_for(pilot, lambda: lobby.my_table is None and closed not in server.tables, seconds=30)
            notes = [str(note.message) for note in app._notifications]
            assert any(f"Table {closed} never started" in note for note in notes), notes
            await create_table(pilot)  # at no table: a new one can be made at once
            assert lobby.my_table in server.tables and lobby.my_table != closed
    finally:
        await server.stop()


async def test_a_host_broadcast_reaching_a_lobby_being_taken_down_is_let_go(host):
    """The app closing takes the lobby's widgets down first while the host's broadcasts go on (a player leaving
    sends everyone the tables): one handled then crashed the app on the missing table list (NoMatches)."""
    _server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await lobby.query_one("#tables").remove()  # as the app's closing does, before the screen itself goes
        lobby.on_host_message({"type": "tables", "tables": [], "page": 0, "pages": 1})
        await pilot.pause()
        assert app.return_code is None  # still running: no internal error


async def test_watching_a_game_that_waits_for_a_person_opens_at_once_with_its_history(host):
    server, port = host
    player, table_id = await bos_table(port, "g54", 3)
    await player.request({"type": "start", "table": table_id})
    game = server.tables[table_id].table
    for _ in range(200):  # the bots play until Bo owes: from then on, nothing moves
        if game.game.to_act(game.state) == (0,) and game.thinking is None:
            break
        await asyncio.sleep(0.02)
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and bool(app.screen.tables))
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.screen.table.view().version == game.state.version
        assert app.screen.table.events  # the game so far, in the log
        keys = {key.description for key in app.screen.query(FooterKey)}
        assert "Stop watching" in keys and "Leave game" not in keys  # a watcher gives up no game
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    await player.close()


async def test_a_connection_made_before_the_app_opens_tables_like_any_other(host):
    """`coup join ADDR` connects before the app runs: the host's messages then arrive outside the app's context,
    and opening a table from them once crashed the app (NoActiveAppError)."""
    server, port = host
    connected = await connect_to("127.0.0.1", port, "Ana", {"profile": "ana-profile-secret-0001"})
    app = CoupApp(settings=quick_settings(), join=connected, scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await create_table(pilot)
        await fill_and_start(pilot, server, lobby)
        await pilot.pause()


@pytest.mark.parametrize("game", ["coup", "reformation", "g54"])
async def test_a_card_tables_footer_shows_every_key_at_80_columns_at_a_network_table(host, game):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await create_table(pilot, game)
        screen = await fill_and_start(pilot, server, lobby)
        await pilot.pause()
        footer = screen.query_one(Footer)
        keys = [key for key in footer.query(FooterKey) if not key.has_class("-command-palette")]
        assert {"Chat", "Leave game", "Rules"} <= {key.description for key in keys}
        end = min([footer.region.right] + [key.region.x for key in footer.query(".-command-palette")])
        assert all(key.region.right <= end for key in keys)


async def test_a_spectator_is_not_offered_to_play_again_at_the_end(host):
    _, port = host
    player, table_id = await bos_table(port, "coup", 2)
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await watch_bos_table_start(pilot, player, table_id)
        await player.request({"type": "handover", "seat": 0})  # the computer plays Bo's seat to the end
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen) and bool(app.screen.query("#menu")), 30)
        over = app.screen
        assert not over.query("#again") and str(over.query_one("#menu", Button).label) == "Lobby (m)"
        await pilot.press("a")  # nothing
        await pilot.pause()
        assert app.screen is over
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    await player.close()


@pytest.mark.parametrize(
    ("viewer", "left", "title"),
    [
        (0, frozenset(), "Bo wins."),
        (1, frozenset(), "You win!"),
        (0, frozenset({1}), "Bo's seat wins, played by the computer since Bo left."),
        (1, frozenset({1}), "Your seat wins, played by the computer since you left."),
        (None, frozenset({0}), "Bo wins."),
    ],
)
def test_the_game_over_title_says_when_the_computer_won_with_a_seat_its_player_left(viewer, left, title):
    players = (SimpleNamespace(name="Ana"), SimpleNamespace(name="Bo"))
    view = SimpleNamespace(players=players, winner=1, viewer=viewer)
    assert winner_title(view, left) == title


def test_the_lobby_shows_the_hosts_refusals_as_sentences():
    assert host_said("that game has started; spectate it instead") == "That game has started; spectate it instead"
    assert host_said("") == "No answer"


def test_nobody_is_away_from_a_finished_game_in_the_lobby():
    seats = [{"seat": 0, "kind": "person", "name": "Ana", "connected": False}, {"seat": 1, "kind": "open", "name": ""}]
    assert seats_text({"seats": seats, "over": False}) == "Ana (away), open"
    assert seats_text({"seats": seats, "over": True}) == "Ana, open"


def test_the_lobby_says_which_side_of_the_wargame_is_open():
    seats = [{"seat": 0, "kind": "person", "name": "Ana"}, {"seat": 1, "kind": "open", "name": ""}]
    assert seats_text({"game": "wargame", "seats": seats}) == "government: Ana, rebels: open"
    assert seats_text({"game": "coup", "seats": seats}) == "Ana, open"
    assert seats_text({"game": "chess", "seats": seats}) == "Ana, open"  # a game this client does not know
