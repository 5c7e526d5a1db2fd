"""What a door's sessions leave on the door's machine: no record files (the player cannot reach them), their games
counted; and the counts kept whole however many processes count at once (each browser tab is a process)."""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import time
from pathlib import Path

import pytest

from netplay import storage
from netplay.ssh_server import Lobby, SessionInfo
from netplay.storage import count_game, data_dir, load_stats, write_private
from tests.net_helpers import eventually, free_port
from tui.messages import StartGame
from tui.screens.game_over import GameOverScreen
from tui.screens.table import TableScreen
from tui.ssh_apps import DoorApp, lobby_app_factory
from tui.web_app import WebDoorApp


def ssh_session(lobby: Lobby) -> DoorApp:
    """An SSH session's app for a key login."""
    reached = ("127.0.0.1", 2222)
    info = SessionInfo(
        "ana", "key:SHA256:abc", "", "SHA256:abc", "", "xterm-256color", "", (80, 24), "127.0.0.1", reached
    )
    return lobby_app_factory(lobby)(info)


def test_door_sessions_keep_no_record_files_but_count_their_games() -> None:
    lobby = Lobby("127.0.0.1", free_port(), "secret")
    tab = WebDoorApp(lobby, "127.0.0.1")
    for app in (ssh_session(lobby), tab):
        assert not app.settings.save_records
    assert ssh_session(lobby).settings.counts_games()  # under the key's identity


async def test_a_game_against_the_computer_over_a_door_writes_no_record_and_counts(tmp_path: Path) -> None:
    app = ssh_session(Lobby("127.0.0.1", free_port(), "secret"))
    app.settings.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        app.post_message(StartGame("coup", ("ana", "Bot 1", "Bot 2"), ("rule", "rule"), 3, 0, {}))
        await eventually(lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        table = screen.table.table
        table.set_bot(0, "rule")  # the computer plays ana's seat too, to the end
        table.start()
        await table.settled()
        await eventually(lambda: isinstance(app.screen, GameOverScreen))
        assert isinstance(app.screen, GameOverScreen)
        note = app.screen.record_note
        await pilot.pause()
    assert "Your record: 1 game" in note and "Record saved" not in note
    assert not (data_dir() / "records").exists()
    assert load_stats()["key:SHA256:abc"]["games"] == 1


def count_many(folder: str, times: int) -> None:
    """Count times games, one at a time, in folder's stats."""
    os.environ["COUP_DATA_DIR"] = folder
    for _ in range(times):
        count_game("code:SAME", won=True)


def test_processes_counting_at_once_lose_no_game(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=count_many, args=(str(tmp_path), 40)) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    monkey = pytest.MonkeyPatch()
    monkey.setenv("COUP_DATA_DIR", str(tmp_path))
    try:
        assert load_stats() == {"code:SAME": {"games": 160, "wins": 160}}
        assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []
    finally:
        monkey.undo()


def test_a_private_file_is_replaced_whole_and_stays_private(tmp_path: Path) -> None:
    path = tmp_path / "folder" / "file.json"
    write_private(path, "first")
    path.chmod(0o644)
    write_private(path, "second")
    assert path.read_text() == "second" and path.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in path.parent.iterdir()) == ["file.json"]


def test_a_count_waits_for_a_stuck_holder_of_the_lock_half_a_second_at_most(tmp_path: Path) -> None:
    """The SSH door counts on its event loop: a process stuck holding the lock must not hold every session up."""
    count_game("code:FIRST", won=False)  # makes the folder and the lock file
    lock = os.open(data_dir() / ".stats.json.lock", os.O_RDWR)
    fcntl.flock(lock, fcntl.LOCK_EX)  # another holder (a descriptor of its own counts as another process here)
    try:
        started = time.monotonic()
        assert count_game("code:SECOND", won=True) == {"games": 1, "wins": 1}
        assert time.monotonic() - started < 2
    finally:
        os.close(lock)
    assert load_stats()["code:SECOND"] == {"games": 1, "wins": 1}


def test_the_counts_keep_the_identities_counted_last_and_drop_the_one_counted_longest_ago(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every keyless login is an identity of its own: a door's counts must not grow without end."""
    monkeypatch.setattr(storage, "STATS_KEPT", 3)
    for identity in ("code:A", "code:B", "code:C"):
        count_game(identity, won=False)
    count_game("code:A", won=True)  # counted again: now the latest
    count_game("code:D", won=False)
    assert load_stats() == {
        "code:C": {"games": 1, "wins": 0},
        "code:A": {"games": 2, "wins": 1},
        "code:D": {"games": 1, "wins": 0},
    }
