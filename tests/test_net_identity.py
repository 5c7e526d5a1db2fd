"""Who a peer is comes from proof: profiles per running client, the host password on the game port, the SSH door."""

from __future__ import annotations

import asyncio
import os
import secrets
import stat
import subprocess
import sys
import time
from pathlib import Path

from netplay.client import Client
from netplay.host import NAME_LIMIT
from netplay.identity import (
    HostPolicy,
    Throttle,
    code_identity,
    codes_in,
    new_resume_code,
    read_code,
    read_codes,
    split_username,
)
from netplay.storage import claim_profile
from tests.net_helpers import LOCALHOST, RawPeer, running_host
from tests.test_net_faults import challenge_window

CLAIM = "from netplay.storage import claim_profile; print(claim_profile())"


def claim_in_a_process(data: Path) -> str:
    """The profile a separate client process gets."""
    env = {**os.environ, "COUP_DATA_DIR": str(data)}
    return subprocess.run([sys.executable, "-c", CLAIM], env=env, capture_output=True, text=True, check=True).stdout


def test_two_running_clients_on_one_account_never_share_a_profile(tmp_path, monkeypatch):
    monkeypatch.setenv("COUP_DATA_DIR", str(tmp_path))
    first, second = claim_profile(), claim_profile()  # each claim holds its profile while this process runs
    assert first != second and len(first) >= 32
    elsewhere = claim_in_a_process(tmp_path)
    assert elsewhere.strip() not in (first, second)
    assert claim_in_a_process(tmp_path) == elsewhere  # that process has ended: its profile is free again
    for path in (tmp_path / "profiles").iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "profiles").stat().st_mode) == 0o700


async def test_the_game_port_asks_for_the_host_password(tmp_path):
    async with running_host(tmp_path, policy=HostPolicy(password="open sesame")) as (_, port):
        for extra in ({}, {"password": "guess"}, {"password": 12}):
            peer = await RawPeer.open(port)
            refused = await peer.hello("Mallory", **extra)
            assert refused["type"] == "error" and refused["code"] == "password", refused
            assert await peer.closed_by_host()
        assert (await (await RawPeer.open(port)).hello("Ana", password="open sesame"))["type"] == "welcome"


async def test_a_host_of_ssh_keys_only_admits_nobody_on_the_game_port(tmp_path):
    async with running_host(tmp_path, policy=HostPolicy(keys_only=True)) as (_, port):
        refused = await (await RawPeer.open(port)).hello("Ana")
        assert refused["code"] == "ssh_only"


async def test_only_the_real_door_may_say_who_its_player_is(tmp_path):
    policy = HostPolicy(password="pw")
    async with running_host(tmp_path, grace=30, policy=policy) as (host, port):
        table_id, alice, _, before = await challenge_window(port, hello={"password": "pw"})
        owner = host.tables[table_id].seats[0].owner
        await alice.close()
        forged = await (await RawPeer.open(port)).hello("Alice", door="guessed", identity=owner)
        assert forged["type"] == "error" and forged["code"] == "bad_request"

        keyed = await (await RawPeer.open(port)).hello("Alice", door=policy.door_secret, identity=owner)
        assert keyed["code"] == "password"  # a key says who the player is, not that they know the password
        door = await RawPeer.open(port)
        assert (await door.hello("Alice", door=policy.door_secret, identity=owner, password="pw"))["type"] == "welcome"
        assert (await door.expect_type("joined"))["resumed"] is True
        update = await door.update()
        assert update["view"] == before["view"]


def test_failed_passwords_slow_the_next_attempts_without_locking_anyone_out():
    throttle = Throttle(per_address_free=2, overall_free=1000)
    assert throttle.delay("10.0.0.1") == 0
    for _ in range(5):
        throttle.failed("10.0.0.1")
    assert 0 < throttle.delay("10.0.0.1") <= throttle.cap
    assert throttle.delay("10.0.0.2") == 0  # another address is not slowed by one guesser…
    for address in range(2000):
        throttle.failed(f"10.1.{address // 250}.{address % 250}")
    assert throttle.delay("10.0.0.2") > 0  # …until guesses from everywhere add up


def test_a_resume_code_is_read_from_the_user_name_and_never_left_in_the_name():
    assert split_username("ana+k7qm-2xpa") == ("ana", "k7qm-2xpa") and read_code("k7qm-2xpa") == "K7QM2XPA"
    assert split_username("ana") == ("ana", None)
    assert split_username("ana+HDBX-69KI") == ("ana", "HDBX-69KI") and read_code("HDBX-69KI") is None  # I: no code
    assert split_username("ana+short") == ("ana", "short")
    assert split_username("+K7QM2XPA") == ("", "K7QM2XPA")
    assert split_username("jean.margaret") == ("jean.margaret", None)  # eight letters, no digit: a name
    assert split_username("Margaret") == ("Margaret", None)
    for written in ("ana K7QM-2XPA", "ana.k7qm2xpa", "anaK7QM2XPA", "ana_K7QM_2XPA", "ana.k7qm.2xpa", "ana K7QM2XPA"):
        assert split_username(written) == ("ana", "K7QM2XPA"), written  # a code without a '+': a code all the same
    for written in ("K7QM-2XPA", "k7qm2xpa", "K.7.Q.M.2.X.P.A", "Ｋ７ＱＭ２ＸＰＡ"):
        assert split_username(written) == ("", "K7QM2XPA"), written  # (the door calls the player "player")
    assert split_username("hunter22") == ("", "HUNTER22")  # tried as a code: the door lets it in afresh if none
    assert split_username("hunter22+K7QM2XPB") == ("hunter22", "K7QM2XPB")  # before a '+': the name as typed


def test_no_name_holds_a_resume_code_however_it_is_written():
    for written in ("ana K7QM-2XPA bo", "2XPA-K7QM", "x K 7 Q M 2 X P A y", "Player22", "a7qm2xpa2xpa7qm2"):
        name, code = read_codes(written)
        assert code is not None and read_codes(name) == (name, None), written
    for name in ("Alexander", "Samantha", "Gamer2024", "Bo-7", "Jean-Pierre 2"):  # a 0, 1, I or O breaks a run
        assert read_codes(name) == (name, None), name


def test_a_name_is_checked_against_every_code_it_can_be_read_as():
    assert codes_in("hunter22") == ["HUNTER22"] and codes_in("Stranger 2") == ["TRANGER2"]
    assert codes_in("AB2CDEFGH") == ["AB2CDEFG", "B2CDEFGH"]  # overlapping: each could be a code given
    assert codes_in("o k7qm.2xpa 1 K7QM-2XPA") == ["K7QM2XPA"] and codes_in("Margaret") == []


def test_every_resume_code_holds_a_digit_so_a_name_can_be_told_from_one():
    assert all(read_codes(new_resume_code())[1] is not None for _ in range(2000))
    assert code_identity("k7qm2xpa") == code_identity("K7QM2XPA") != code_identity("K7QM2XPB")


async def test_everything_a_host_keeps_is_readable_by_its_owner_alone(tmp_path):
    async with running_host(tmp_path, grace=30) as (_, port):
        table_id, _, _, _ = await challenge_window(port)
    journal = tmp_path / "tables" / f"{table_id}.jsonl"
    assert stat.S_IMODE(journal.stat().st_mode) == 0o600
    assert stat.S_IMODE(journal.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "stats.sqlite3").stat().st_mode) == 0o600


def test_a_throttle_forgets_the_addresses_with_no_recent_failure():
    throttle = Throttle(window=0.05, per_address_free=2, overall_free=1000)
    for number in range(500):  # fresh identities failing once each (a code guesser's new connections)
        throttle.failed(f"identity-{number}")
    time.sleep(0.06)
    throttle.failed("identity-late")  # a window later: the quiet ones are swept
    assert list(throttle._by_address) == ["identity-late"]


# -- a name that only looks like a resume code is a name; one showing a code the host gave is refused -------------

LOOKALIKES = ("hunter22", "player22", "gamer234", "margaret7", "Stranger 2", "alice K7QM-2XPA")


async def test_names_that_only_look_like_resume_codes_get_in_and_are_shown_as_typed(tmp_path):
    async with running_host(tmp_path) as (host, port):
        for name in LOOKALIKES:
            client = Client()  # as `coup join --name NAME` says hello
            await client.connect(LOCALHOST, port, name, {"profile": secrets.token_urlsafe(24)})
            created = await client.request({"type": "create", "game": "coup", "players": 2})
            joined = await client.request({"type": "join", "table": created["table"]["id"]})
            assert joined["type"] == "joined", joined
            assert host.tables[created["table"]["id"]].seats[0].name == name
            await client.close()
            host.throttle = Throttle()  # (each name is a guess at a code: see the test below)


async def given_and_seated(port: int, door_secret: str, code: str) -> None:
    """A keyless SSH player of code, as its door says hello for them, seated at a new table (its code kept)."""
    door = {"door": door_secret, "identity": code_identity(code), "peer": "203.0.113.9"}
    peer = await RawPeer.open(port)
    welcome = await peer.hello("ana", profile=None, **door)
    assert welcome["type"] == "welcome", welcome
    created = await peer.request({"type": "create", "game": "coup", "players": 2})
    await peer.request({"type": "join", "table": created["table"]["id"]})


async def test_a_hello_whose_name_shows_a_resume_code_the_host_gave_is_refused_however_written(tmp_path):
    async with running_host(tmp_path) as (host, port):
        await given_and_seated(port, host.policy.door_secret, "K7QM2XPA")
        for name in (
            "K7QM-2XPA",
            "k7qm2xpa",
            "ana.K7QM.2XPA",
            "anaK7QM2XPA",
            "ana_K7QM_2XPA",
            "Ｋ７ＱＭ２ＸＰＡ",
            "xK7QM2XPAB",
        ):
            host.throttle = Throttle()
            refused = await (await RawPeer.open(port)).hello(name)
            assert refused["code"] == "bad_request" and "shows a player's resume code" in refused["message"], name
        assert all(seat.name == "ana" for lobby in host.tables.values() for seat in lobby.seats if seat.kind != "open")
        assert (await (await RawPeer.open(port)).hello("K7QM2XPB"))["type"] == "welcome"  # one nobody was given


def typed_guesses(count: int, throttle: Throttle) -> float:
    """Seconds count wrong resume codes typed one after another from one address wait before their answers."""
    waits = 0.0
    for _ in range(count):
        throttle.failed("typist")
        waits += throttle.delay("typist")
    return waits


async def test_a_name_packed_with_codes_is_no_quicker_a_way_to_try_them_than_typing_them(tmp_path):
    packed = "A2BC3DE4FG5HJ6KL7MN8PQ9RS2TU3VW4"  # 32 characters of codes: cut to a name's 16, nine codes read
    tried = codes_in(packed[:NAME_LIMIT])
    assert len(tried) == 9
    async with running_host(tmp_path) as (host, port):
        host.throttle = Throttle(cap=0.2)
        loop = asyncio.get_running_loop()
        started = loop.time()
        welcome = await (await RawPeer.open(port)).hello(packed)  # none is a code given: a name
        took = loop.time() - started
        assert welcome["type"] == "welcome" and welcome["name"] == packed[:NAME_LIMIT]
        assert host.throttle.counts("127.0.0.1")[0] == len(tried)  # each a guess, counted as a typed code is
        assert took >= 0.9 * typed_guesses(len(tried), Throttle(cap=0.2)) > 0  # and waited for as long
        answer = asyncio.ensure_future((await RawPeer.open(port)).hello(packed))  # reconnecting meanwhile:
        await asyncio.sleep(0.05)
        again = await (await RawPeer.open(port)).hello("gamer234")
        assert again["code"] == "slow_down"  # one guess at a time from an address
        assert (await answer)["type"] == "welcome"
        assert host.throttle.counts("127.0.0.1")[0] == 2 * len(tried)
