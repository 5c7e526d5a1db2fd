"""SSH identity comes only from proof: a key the client signed with, or a resume code; never a name it typed, nor a
key it only asked about. A password host still wants its password from a key login, in the app."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from textual.app import App
from textual.widgets import Static

from netplay.client import Client, HostError
from netplay.identity import Throttle, code_identity
from netplay.ssh_server import Access, GameSSHServer, SSHHost
from netplay.stats import HostStats
from tests.ssh_helpers import (
    KEYLESS,
    LOCALHOST,
    Hosts,
    Terminal,
    client_key,
    create_table,
    eventually,
    fill_and_start,
    open_lobby,
    start_hosts,
    table_screen,
)
from tui.screens.join_code import JoinCodeDialog
from tui.screens.lobby import LobbyScreen


@pytest.fixture
def logins(monkeypatch: pytest.MonkeyPatch) -> list[GameSSHServer]:
    """Every SSH connection whose login completed, as the server saw it."""
    done: list[GameSSHServer] = []
    completed = GameSSHServer.auth_completed

    def record(server: GameSSHServer) -> None:
        completed(server)
        done.append(server)

    monkeypatch.setattr(GameSSHServer, "auth_completed", record)
    return done


async def login(tmp_path: Path, *options: str) -> str:
    """OpenSSH's client logging in with options to an open SSH host of its own; the client's debug output."""
    host = SSHHost(lambda info: None, tmp_path / "host_key")
    port = await host.start(LOCALHOST, 0)
    try:
        return await openssh(port, *options)
    finally:
        await host.stop()


async def openssh(port: int, *options: str) -> str:
    """Run OpenSSH's client against port with options; its debug output."""
    command = ["ssh", "-v", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
    command += ["-o", "IdentitiesOnly=yes", "-o", "BatchMode=no", *options, "-p", str(port), "ana@127.0.0.1", "true"]
    process = await asyncio.create_subprocess_exec(
        *command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "SSH_AUTH_SOCK": ""},
    )
    _, err = await asyncio.wait_for(process.communicate(), 30)
    return err.decode(errors="replace")


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs OpenSSH's client")
async def test_asking_about_someone_elses_public_key_does_not_make_you_them(tmp_path: Path, logins) -> None:
    """OpenSSH given only the victim's public key offers it (the server answers 'that key would do'), cannot sign,
    and falls back to keyboard-interactive on an open host: the login must carry no key identity."""
    victim = asyncssh.generate_private_key("ssh-ed25519")
    public = tmp_path / "victim.pub"
    public.write_bytes(victim.export_public_key())
    public.chmod(0o600)
    log = await login(tmp_path, "-i", str(public), "-o", "PreferredAuthentications=publickey,keyboard-interactive")
    assert "Server accepts key" in log, "the query trick was not reproduced"
    assert 'using "keyboard-interactive"' in log
    assert [server.fingerprint for server in logins] == [""]


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs OpenSSH's client")
async def test_a_key_login_proves_the_key(tmp_path: Path, logins) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    private = tmp_path / "id_ed25519"
    private.write_bytes(key.export_private_key())
    private.chmod(0o600)
    log = await login(tmp_path, "-i", str(private), "-o", "PreferredAuthentications=publickey")
    assert 'using "publickey"' in log
    assert [server.fingerprint for server in logins] == [key.get_fingerprint("sha256")]


# -- who a player is in the lobby: a key, or a resume code, never a typed name ------------------------------------


def shown_resume_code(term: Terminal) -> str:
    """The resume code the session's screen shows last (as typed back: without its dash)."""
    found = re.findall(r"Your resume code: ([0-9A-Z]{4})-([0-9A-Z]{4})", term.text())
    assert found, f"no resume code on screen: {term.text()[-1500:]}"
    return "".join(found[-1])


async def seated_and_dropped(hosts: Hosts, term: Terminal, app: Any) -> tuple[str, int]:
    """Create a table from the lobby, fill it with computers, start it, then hang up: the table and seat kept."""
    table_id = await create_table(term, app)
    await fill_and_start(hosts, term, app, table_id)
    await term.close()
    seat = hosts.host.tables[table_id].seats[0]
    await eventually(lambda: seat.conn is None)
    await eventually(lambda: not hosts.ssh.sessions)  # else the next login of that name finds two sessions
    return table_id, 0


async def resumed(hosts: Hosts, username: str, table_id: str, **options: Any) -> bool:
    """Whether a new login as username gets the seat of table_id back (its app shows the table)."""
    conn = await hosts.connect(username, **options)
    term = await hosts.terminal(username.partition("+")[0], conn=conn)
    app = await hosts.app_of(username.partition("+")[0])
    await eventually(lambda: "Lobby of" in term.text() or table_screen(app) is not None)  # a resumed seat may skip it
    seat = hosts.host.tables[table_id].seats[0]
    back = seat.conn is not None  # (welcomed: the host gave the seat back, or not, with its welcome)
    if back:  # the table opens, and it is said in the table's log, not in a notice over its keys
        await eventually(lambda: table_screen(app) is not None)
        await term.expect(f"Back at table {table_id}, seat 1.")
        assert not any("Back at table" in str(note.message) for note in app._notifications)
    await term.close()
    await eventually(lambda: not hosts.ssh.sessions)
    return back


async def test_a_name_gets_nobodys_seat_and_a_resume_code_gets_it_back(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        term, app = await open_lobby(hosts, "ana", conn=await hosts.connect("ana", **KEYLESS))
        code = shown_resume_code(term)
        assert hosts.session("ana").server.code == code
        assert f"ssh -p {hosts.ssh_port} ana+{code}@127.0.0.1" in term.text()
        assert app.settings.way_back == f"log in again with ssh -p {hosts.ssh_port} ana+{code}@127.0.0.1"  # ctrl+q says
        term.send("c")  # the box for a private table's code, which a resume code looks like: it says where one goes
        await term.expect(f"ssh -p {hosts.ssh_port} ana+CODE@127.0.0.1")
        assert "resume code goes in your login" in str(app.screen.query_one("#code-resume", Static).render())
        term.send("\x1b")
        await eventually(lambda: not isinstance(app.screen, JoinCodeDialog))
        table_id, _ = await seated_and_dropped(hosts, term, app)

        assert not await resumed(hosts, "ana", table_id, **KEYLESS)  # the same name, no code: a stranger
        assert not await resumed(hosts, "ana", table_id, client_keys=[client_key("ana")])  # nor a key
        assert await resumed(hosts, f"ana+{code}", table_id, **KEYLESS)
        assert await resumed(hosts, f"ana+{code[:4]}-{code[4:].lower()}", table_id, **KEYLESS)  # as shown
        assert hosts.host.tables[table_id].seats[0].name == "ana"


async def test_a_host_that_stops_tells_a_keyless_player_the_command_that_brings_them_back(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        term, _ = await open_lobby(hosts, "ana", conn=await hosts.connect("ana", **KEYLESS))
        code = shown_resume_code(term)
        hosts.ssh.hang_up()  # as when the host stops
        await term.expect("The coup host is stopping")
        shown = "".join(term.text().split())  # (the goodbye may wrap at the terminal's edge)
        assert f"comebackwithssh-p{hosts.ssh_port}ana+{code}@127.0.0.1" in shown


async def test_a_key_gets_its_seat_back_and_another_key_with_the_same_name_does_not(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        term, app = await open_lobby(hosts, "ana")
        assert "Your resume code" not in term.text()  # the key brings the player back
        assert app.settings.way_back == f"log in again with ssh -p {hosts.ssh_port} ana@127.0.0.1 and the same key"
        assert app.settings.resume_hint == ""  # no code to misplace: the key brings the seats back
        assert app.settings.credentials["identity"] == f"key:{client_key('ana').get_fingerprint('sha256')}"
        table_id, _ = await seated_and_dropped(hosts, term, app)

        stranger = asyncssh.generate_private_key("ssh-ed25519")
        assert not await resumed(hosts, "ana", table_id, client_keys=[stranger])
        assert await resumed(hosts, "ana", table_id)


async def test_a_key_login_on_a_password_host_gives_the_password_in_the_app(tmp_path: Path) -> None:
    async with start_hosts(tmp_path, access=Access(password="open sesame")) as hosts:
        term = await hosts.terminal("ana")
        await term.expect("This host has a password")
        app = await hosts.app_of("ana")
        assert not hosts.host.connections  # nothing reached the lobby yet
        since = term.mark()
        term.send("open says me\r")
        await term.expect("Wrong password. Try again", since)
        term.send("open sesame\r")
        await term.expect("Lobby of", since)
        await eventually(lambda: isinstance(app.screen, LobbyScreen))
        (conn,) = hosts.host.connections
        assert conn.identity == f"key:{client_key('ana').get_fingerprint('sha256')}"

        # a password login gave it already: no question, and a resume code
        bo, _ = await open_lobby(hosts, "bo", conn=await hosts.connect("bo", password="open sesame"))
        assert "This host has a password" not in bo.text()
        shown_resume_code(bo)


async def test_the_door_vouches_for_identities_only_with_its_secret(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        client = Client()
        with pytest.raises(HostError, match="not this host's SSH door"):
            await client.connect(LOCALHOST, hosts.port, "eve", {"door": "guess", "identity": "key:SHA256:ana"})
        await client.close()


# -- a resume code the host never gave is refused, and a mistyped one never shows in a name -----------------------


async def door_hello(hosts: Hosts, identity: str, resumed: bool) -> Client:
    """A hello as the door says it for a player of identity (resumed: they typed its code); the connected client."""
    client = Client()
    credentials: dict[str, Any] = {"door": hosts.host.policy.door_secret, "identity": identity, "peer": "203.0.113.9"}
    if resumed:
        credentials["resumed"] = True
    await client.connect(LOCALHOST, hosts.port, "ana", credentials)
    return client


async def test_a_typed_resume_code_gets_in_only_if_the_host_gave_it_even_after_a_restart(tmp_path: Path) -> None:
    given, guessed, unseated = (code_identity(code) for code in ("K7QM2XPA", "K7QM2XPB", "K7QM2XPC"))
    async with start_hosts(tmp_path) as hosts:
        for _ in range(4):
            with pytest.raises(HostError, match="no player at this host has that resume code"):
                await door_hello(hosts, guessed, resumed=True)
        assert hosts.host.throttle.delay("203.0.113.9") > 0  # guesses slow their address down (after 3 free)
        hosts.host.throttle = Throttle()
        await (await door_hello(hosts, given, resumed=False)).close()  # the door gives it: kept (in memory)
        player = await door_hello(hosts, given, resumed=True)  # typed back later: let in
        created = await player.request({"type": "create", "game": "coup", "players": 2})
        await player.request({"type": "join", "table": created["table"]["id"]})  # a seat: kept on disk
        await player.close()
        await (await door_hello(hosts, unseated, resumed=False)).close()  # given, never seated: in memory only
        assert not hosts.host.stats.knows_code(unseated)  # (a row a keyless login grew the file 9 a second)
    async with start_hosts(tmp_path) as hosts:  # the same data folder, a new host
        await (await door_hello(hosts, given, resumed=True)).close()
        with pytest.raises(HostError) as refused:
            await door_hello(hosts, guessed, resumed=True)
        assert refused.value.code == "unknown_code"


async def test_unknown_resume_codes_from_one_address_are_answered_one_at_a_time(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        for number in range(4):  # past the free guesses: the next one waits before its answer
            with pytest.raises(HostError):
                await door_hello(hosts, code_identity(f"K7QM2XP{'ABCD'[number]}"), resumed=True)
        waiting = asyncio.ensure_future(door_hello(hosts, code_identity("K7QM2XPE"), resumed=True))
        await asyncio.sleep(0.1)
        with pytest.raises(HostError) as refused:  # a second guess while the first waits: refused at once
            await door_hello(hosts, code_identity("K7QM2XPF"), resumed=True)
        assert refused.value.code == "slow_down"
        await (await door_hello(hosts, code_identity("K7QM2XPG"), resumed=False)).close()  # a code the door gives
        with pytest.raises(HostError) as known:  # typed back meanwhile: refused unread too (judged, it would be an
            await door_hello(hosts, code_identity("K7QM2XPG"), resumed=True)  # oracle: known in, unknown refused)
        assert known.value.code == "slow_down"
        with pytest.raises(HostError) as first:
            await waiting
        assert first.value.code == "unknown_code"
        await (await door_hello(hosts, code_identity("K7QM2XPG"), resumed=True)).close()  # answered: it gets in


async def came_back_as(hosts: Hosts, username: str, table_id: str) -> str:
    """The name a keyless login as username is known by at the host (in the lobby, its chat, the leaderboard), once
    it has its seat of table_id back (AssertionError if it never does)."""
    term = await hosts.terminal(conn=await hosts.connect(username, **KEYLESS))
    seat = hosts.host.tables[table_id].seats[0]
    await eventually(lambda: seat.conn is not None)
    assert seat.conn is not None
    name = seat.conn.name
    await term.close()
    await eventually(lambda: seat.conn is None and not hosts.ssh.sessions)
    return name


async def test_a_resume_code_written_any_way_as_the_user_name_brings_the_seat_back_and_is_never_shown(
    tmp_path: Path,
) -> None:
    async with start_hosts(tmp_path) as hosts:
        term, app = await open_lobby(hosts, "ana", conn=await hosts.connect("ana", **KEYLESS))
        code = shown_resume_code(term)
        table_id, _ = await seated_and_dropped(hosts, term, app)
        halves = code[:4], code[4:]
        for username, name in (
            ("-".join(halves), "player"),  # the code alone, as the screen shows it
            (code.lower(), "player"),
            (f"ana.{'.'.join(halves)}", "ana"),
            (f"ana{code}", "ana"),
            (f"ana_{'_'.join(halves)}", "ana"),
        ):
            assert await came_back_as(hosts, username, table_id) == name, username
        assert hosts.host.tables[table_id].seats[0].name == "ana"


async def test_a_name_that_only_looks_like_a_resume_code_comes_in_afresh_under_it_and_is_shown_as_typed(
    tmp_path: Path,
) -> None:
    async with start_hosts(tmp_path) as hosts:
        term = await hosts.terminal(conn=await hosts.connect("hunter22", **KEYLESS))  # tried as the code HUNTER22
        await term.expect("Lobby of")  # the host gave no such code: a name, and a resume code of its own
        (session,) = hosts.ssh.sessions
        app = session.app
        await eventually(lambda: isinstance(app.screen, LobbyScreen))
        code = shown_resume_code(term)
        assert [conn.name for conn in hosts.host.connections] == ["hunter22"] and code != "HUNTER22"
        table_id, _ = await seated_and_dropped(hosts, term, app)
        assert hosts.host.tables[table_id].seats[0].name == "hunter22"
        assert await came_back_as(hosts, f"hunter22+{code}", table_id) == "hunter22"  # before a '+': as typed

        term = await hosts.terminal(conn=await hosts.connect("Vic.ZQJW.2ZGQ", **KEYLESS))
        await term.expect("Lobby of")
        assert [conn.name for conn in hosts.host.connections] == ["Vic.ZQJW.2ZGQ"]
        code = shown_resume_code(term)
        hosts.ssh.hang_up()  # the goodbye names the code it came in with, not the one tried
        await term.expect("The coup host is stopping")
        assert f"Vic.ZQJW.2ZGQ+{code}@127.0.0.1" in "".join(term.text().split())


def test_the_codes_of_players_with_a_record_are_known_to_a_host_that_kept_none_before(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    old = sqlite3.connect(path)  # a database of the schema before codes were kept (user_version 1)
    old.execute("CREATE TABLE results (identity TEXT, game TEXT, games INTEGER, wins INTEGER, rating REAL)")
    old.execute("CREATE TABLE names (identity TEXT PRIMARY KEY, name TEXT NOT NULL)")
    old.execute("CREATE TABLE counted (game_key TEXT PRIMARY KEY)")
    old.execute("INSERT INTO names VALUES (?, 'ana'), ('key:SHA256:bo', 'bo')", (code_identity("K7QM2XPA"),))
    old.execute("PRAGMA user_version = 1")
    old.commit()
    old.close()
    stats = HostStats(path)
    assert stats.knows_code(code_identity("K7QM2XPA")) and not stats.knows_code(code_identity("K7QM2XPB"))
    assert stats.totals("key:SHA256:bo") == {"games": 0, "wins": 0}  # the rest of the database as it was


async def test_a_mistyped_resume_code_ends_the_session_with_a_line_and_is_never_anyones_name(tmp_path: Path) -> None:
    async with start_hosts(tmp_path) as hosts:
        term = await hosts.terminal("bo+HDBX-69KI", conn=await hosts.connect("bo+HDBX-69KI", **KEYLESS))
        assert await term.exit_status() == 1
        said = " ".join(term.text().split())
        assert "'HDBX-69KI' is not a resume code" in said and f"ssh -p {hosts.ssh_port} bo@127.0.0.1" in said
        assert not hosts.ssh.sessions  # no app was started for it
        term = await hosts.terminal("bo", conn=await hosts.connect("bo+K7QM-2XPA", **KEYLESS))
        await term.expect("No player at this host has the resume code you gave")
        assert not any(seat.name.startswith("bo+") for lobby in hosts.host.tables.values() for seat in lobby.seats)
        tries = len(hosts.host.throttle._overall)
        term.send("l" * 50)  # the lobby stays shut to that code: no new hello for it, however often l is pressed
        await asyncio.sleep(0.5)
        assert len(hosts.host.throttle._overall) == tries


async def test_a_login_that_hangs_up_before_its_lobby_is_up_leaves_no_one_in_its_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with start_hosts(tmp_path) as hosts:
        term, app = await open_lobby(hosts, "ana", conn=await hosts.connect("ana", **KEYLESS))
        code = shown_resume_code(term)
        table_id, _ = await seated_and_dropped(hosts, term, app)
        push_screen = App.push_screen

        def slow_lobby(door_app: App[Any], screen: Any, *args: Any, **options: Any) -> Any:
            """The lobby a second late to come up (as on a busy host): the session hangs up meanwhile."""

            async def later() -> Any:
                await asyncio.sleep(1)
                return await push_screen(door_app, screen, *args, **options)

            return later() if isinstance(screen, LobbyScreen) else push_screen(door_app, screen, *args, **options)

        monkeypatch.setattr(App, "push_screen", slow_lobby)
        term = await hosts.terminal(conn=await hosts.connect(code, **KEYLESS))
        seat = hosts.host.tables[table_id].seats[0]
        await eventually(lambda: seat.conn is not None)  # the hello is in: the seat is back before the lobby is up
        await term.close()
        await eventually(lambda: not hosts.ssh.sessions)
        await eventually(lambda: seat.conn is None, timeout=5)  # not an app that is gone, answering pings for ever
