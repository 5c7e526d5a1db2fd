"""The wargame on a host over real sockets: clients play it through RemoteTable, spectators watch the public map,
a dropped player resumes, a restarted host resumes the table from its journal, and every update fits a frame."""

from __future__ import annotations

import functools
import secrets
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgpack
import pytest

from core.registry import game_spec
from core.sim import derive_seeds
from core.wargame.bot import WargameBot
from core.wargame.config import WargameConfig
from core.wargame.engine import WARGAME
from core.wargame.moves import AutoPlace, Place
from core.wargame.views import WargameView
from netplay.client import Client
from netplay.codec import to_plain, view_from_plain, view_to_plain
from netplay.host import HISTORY_LIMIT, Host
from netplay.remote import RemoteTable
from netplay.wire import MAX_FRAME
from tests.net_helpers import LOCALHOST, UNLIMITED, Message, eventually, running_host, within

SEED = 5
OPTIONS = {"turn_limit": 1}  # one turn: a whole game in a few seconds


class Player:
    """One client at a wargame table: its connection, the RemoteTable the app plays on, and its profile."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.client = Client(on_message=self._received)
        self.remote: RemoteTable | None = None
        self.profile = secrets.token_urlsafe(24)  # who the player is to the host: the seat comes back to it
        self.early: list[Message] = []  # what came before the reply that seats us (a spectator's first update)
        self.answered = -1  # the version last answered

    async def connect(self, port: int, profile: str | None = None) -> Player:
        """Say hello as this player's profile (or another's: take back the seat that profile holds)."""
        self.profile = profile or self.profile
        await self.client.connect(LOCALHOST, port, self.name, {"profile": self.profile})
        return self

    def _received(self, message: Message) -> None:
        if message.get("type") == "joined":  # a seat the profile holds, given back at hello
            self._seated(message)
        elif self.remote is not None:
            self.remote.handle(message)
        else:
            self.early.append(message)

    def _seated(self, reply: Message) -> None:
        self.remote = RemoteTable(self.client, reply["table"], reply.get("seat"), reply["game"])
        for message in self.early:
            self.remote.handle(message)

    async def join(self, table_id: str, seat: int) -> None:
        """Sit at seat."""
        self._seated(await self.client.request({"type": "join", "table": table_id, "seat": seat}))

    async def spectate(self, table_id: str) -> None:
        """Watch the table."""
        self._seated(await self.client.request({"type": "spectate", "table": table_id}))

    def view(self) -> WargameView:
        """The latest view the host sent."""
        assert self.remote is not None and self.remote.has_view(), f"{self.name} has no view yet"
        view: WargameView = self.remote.view()
        return view

    async def at_version(self, version: int) -> WargameView:
        """The view once it has reached version."""
        await eventually(lambda: self.remote is not None and self.remote.has_view() and self.view().version >= version)
        return self.view()


async def seated(port: int, options: dict[str, Any] | None = None) -> tuple[str, Player, Player]:
    """A started wargame table with Alice (the government, seat 0) and Bob (the rebels, seat 1), both connected."""
    alice, bob = await Player("Alice").connect(port), await Player("Bob").connect(port)
    create = {"type": "create", "game": "wargame", "players": 2, "seed": SEED, "options": options or OPTIONS}
    table_id = str((await alice.client.request(create))["table"]["id"])
    await alice.join(table_id, 0)
    await bob.join(table_id, 1)
    await alice.client.request({"type": "start", "table": table_id})
    await alice.at_version(0)
    await bob.at_version(0)
    return table_id, alice, bob


def host_state(host: Host, table_id: str) -> Any:
    """The authoritative state of a table."""
    table = host.tables[table_id].table
    assert table is not None
    return table.state


async def play_out(players: list[Player]) -> int:
    """Let a rule bot choose each player's moves, from that client's own view, until the game is over: the winner."""
    bots = [WargameBot(seed) for seed in derive_seeds(SEED, len(players))]

    def versions() -> list[int]:
        return [player.view().version for player in players]

    def changed(seen: list[int]) -> bool:
        return versions() != seen

    async def play() -> int:
        while True:
            for player, bot in zip(players, bots, strict=True):
                view = player.view()
                if view.winner is not None:
                    return view.winner
                if view.viewer in view.owed and player.answered != view.version:
                    player.answered = view.version
                    assert player.remote is not None
                    player.remote.submit(bot.choose(view))
            await eventually(functools.partial(changed, versions()))  # the host's next update

    return await within(play(), 60)


async def close(*players: Player) -> None:
    """Close every connection."""
    for player in players:
        await player.client.close()


async def test_two_clients_play_a_whole_wargame_and_a_spectator_watches_the_public_map(tmp_path: Path) -> None:
    async with running_host(tmp_path, **UNLIMITED) as (host, port):
        table_id, alice, bob = await seated(port)
        cleo = await Player("Cleo").connect(port)
        await cleo.spectate(table_id)
        state = host_state(host, table_id)
        rebels = await bob.at_version(0)
        assert rebels.window == "place" and rebels.owed == (1,)
        assert rebels.legal == WARGAME.legal(state, 1) and len(rebels.legal) > 1  # rebuilt from the view alone
        assert alice.view().legal == () and alice.view() == WARGAME.view(state, 0)
        assert alice.remote is not None and bob.remote is not None and cleo.remote is not None
        assert alice.remote.names == bob.remote.names == cleo.remote.names == ("Alice", "Bob")

        first = rebels.legal[0]
        assert isinstance(first, Place)
        bob.remote.submit(first)
        watched = await cleo.at_version(1)
        state = host_state(host, table_id)
        assert watched == WARGAME.view(state, None) and watched.legal == ()
        assert watched == replace(await bob.at_version(1), viewer=None, legal=())  # the wargame hides nothing
        assert cleo.remote.played_here() == frozenset() and bob.remote.played_here() == {1}

        cleo.remote.submit(AutoPlace())  # a spectator's move is refused
        await eventually(lambda: cleo.remote is not None and cleo.remote.error is not None)
        assert "you are not playing" in str(cleo.remote.error)
        assert host_state(host, table_id).version == 1

        winner = await play_out([alice, bob])
        final = host_state(host, table_id)
        assert winner == final.winner is not None
        assert (await cleo.at_version(final.version)).winner == winner
        assert {seat for seat, _ in host.tables[table_id].table.record.moves} == {0, 1}  # type: ignore[union-attr]
        await close(alice, bob, cleo)


async def test_a_dropped_wargame_player_resumes_their_side_by_their_profile(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (host, port):
        table_id, alice, bob = await seated(port)
        before = await bob.at_version(0)
        await bob.client.close()
        await eventually(lambda: host.tables[table_id].seats[1].conn is None)
        assert host.tables[table_id].seats[1].kind == "person"

        back = await Player("Bob").connect(port, profile=bob.profile)
        assert (await back.at_version(0)) == before  # the same side, the same decision, its moves rebuilt
        assert back.remote is not None and back.remote.seat == 1
        back.remote.submit(AutoPlace())
        assert (await alice.at_version(1)).owed == (0,)  # the rebels are placed: the government's first turn
        assert host_state(host, table_id).version == 1
        await close(alice, back)


async def test_a_restarted_host_resumes_the_wargame_table_from_its_journal(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (host, port):
        table_id, alice, bob = await seated(port)
        assert bob.remote is not None and alice.remote is not None
        bob.remote.submit(AutoPlace())
        government = await alice.at_version(1)
        alice.remote.submit(government.legal[0])
        await alice.at_version(2)
        before = host_state(host, table_id)
        profiles = (alice.profile, bob.profile)
        await close(alice, bob)
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (host, port):
        assert host.tables[table_id].started and host_state(host, table_id) == before
        back = await Player("Alice").connect(port, profile=profiles[0])
        resumed = await back.at_version(2)
        assert resumed == WARGAME.view(before, 0) and (resumed.window, resumed.owed) == ("move", (0,))
        assert back.remote is not None
        back.remote.submit(resumed.legal[0])  # moves rebuilt by the client: the government's first movement
        await back.at_version(3)
        assert host_state(host, table_id).version == 3
        await close(back)


def largest_updates(config: WargameConfig, seed: int) -> tuple[int, int]:
    """Over a whole game of classic bots (as long as the rule bot's, and quicker): the largest update the host sends
    (any seat or a spectator), and the largest one that also carries a resumed seat's backlog of events; checking that
    every view comes back whole."""
    spec = game_spec("wargame")
    bots = [spec.make_bot("classic", s) for s in derive_seeds(seed, 2)]
    state, backlog, events = WARGAME.new(config, seed), [], []
    largest = with_backlog = 0
    while True:
        for viewer in (0, 1, None):
            plain = view_to_plain("wargame", state, viewer)
            update = {"type": "update", "table": "t999", "game": "wargame", "seat": viewer, "version": state.version}
            update |= {"window_opened": state.version, "view": plain, "thinking": None, "deadline": 60.0}
            largest = max(largest, len(msgpack.packb({**update, "events": events})))
            with_backlog = max(with_backlog, len(msgpack.packb({**update, "events": backlog})))
            if viewer in WARGAME.to_act(state):
                assert view_from_plain("wargame", msgpack.unpackb(msgpack.packb(plain))) == WARGAME.view(state, viewer)
        if state.winner is not None:
            return largest, with_backlog
        seat = WARGAME.to_act(state)[0]
        state, new = WARGAME.apply(state, seat, bots[seat].choose(WARGAME.view(state, seat)))
        events = [to_plain(e) for e in new]
        backlog = (backlog + events)[-HISTORY_LIMIT:]


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["basic", "advanced"])
def test_every_update_of_a_whole_wargame_fits_a_frame(scenario: str) -> None:
    largest, with_backlog = largest_updates(WargameConfig(scenario=scenario), 3)
    assert largest < 16 * 1024  # about 10 KB: the counters, the log; no legal moves
    assert with_backlog < MAX_FRAME  # about 24 KB (basic) and 34 KB (advanced) with 400 events
