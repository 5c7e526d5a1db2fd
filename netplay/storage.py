"""Where coup keeps its files: records of finished games, client profiles, stats, preferences and crash reports."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import platformdirs

from core.records import Record


def data_dir() -> Path:
    """COUP_DATA_DIR if set, else the platform's user data directory for coup."""
    return Path(os.environ.get("COUP_DATA_DIR") or platformdirs.user_data_dir("coup"))


def private_folder(folder: Path) -> Path:
    """folder, made if missing (with any missing folder above it), readable by its owner alone (0700), like every
    file coup writes in it (0600)."""
    missing = [path for path in (folder, *folder.parents) if not path.exists()]
    for path in reversed(missing):
        path.mkdir(mode=0o700, exist_ok=True)
    folder.chmod(0o700)
    return folder


def write_private(path: Path, text: str) -> None:
    """Write text to path, private (0600, even a file that was not) in a private folder: never readable by others,
    even for a moment, and never seen half written (another process reading path meanwhile reads the old text: the
    new one is written beside it, then put in its place)."""
    folder = private_folder(path.parent)
    fd, part = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".part")  # made 0600
    try:
        with os.fdopen(fd, "w") as out:
            out.write(text)
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise


def save_record(record: Record) -> Path:
    """Write record (every hidden card) under data_dir()/records and return its path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = data_dir() / "records" / f"{record.game}-{stamp}-seed{record.seed}.json"
    write_private(path, record.to_json())
    return path


PROFILE_SLOTS = 64
_held_profiles: list[int] = []  # descriptors whose locks mark this process's profiles as in use


def claim_profile(kind: str = "player") -> str:
    """The secret of the first profile of kind that no running client holds, created private (0600) the first time,
    and held until this process ends: two clients on one account never share an identity on a host."""
    folder = private_folder(data_dir() / "profiles")
    for slot in range(1, PROFILE_SLOTS + 1):
        path = folder / f"{kind}-{slot}.key"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another running client holds this one
            os.close(fd)
            continue
        secret = os.read(fd, 200).decode(errors="replace").strip()
        if len(secret) < 32:
            secret = secrets.token_urlsafe(32)
            os.ftruncate(fd, 0)
            os.pwrite(fd, secret.encode(), 0)
        _held_profiles.append(fd)
        return secret
    raise OSError(f"all {PROFILE_SLOTS} {kind} profiles in {folder} are in use")


def preferences_path() -> Path:
    """Where a player's preferences on this machine are kept (the pace of play)."""
    return data_dir() / "preferences.json"


def load_preferences() -> dict[str, Any]:
    """The saved preferences (empty if none or unreadable: the defaults then apply)."""
    try:
        saved = json.loads(preferences_path().read_text())
        return saved if isinstance(saved, dict) else {}
    except (OSError, ValueError):
        return {}


def save_preferences(preferences: dict[str, Any]) -> None:
    """Keep preferences for the next run (a private file); a failure to write only loses them."""
    with contextlib.suppress(OSError):
        write_private(preferences_path(), json.dumps(preferences))


def stats_path() -> Path:
    """Where each player's games and wins are counted, by identity."""
    return data_dir() / "stats.json"


def load_stats() -> dict[str, dict[str, int]]:
    """Every identity's {"games": n, "wins": m} (empty if none or unreadable)."""
    try:
        stats = json.loads(stats_path().read_text())
        return stats if isinstance(stats, dict) else {}
    except (OSError, ValueError):
        return {}


STATS_KEPT = 10_000
"""Identities whose games are counted at most: each login without a key is an identity of its own, so a host's door
would otherwise grow the file (read and written whole at each count) by one entry a game, without end. The one
counted longest ago goes first."""


def count_game(identity: str, won: bool) -> dict[str, int]:
    """Count one finished game for identity; returns its new totals. Several processes count in one file (the local
    app, and every session of a door: each browser tab is a process of its own), each reading it, adding one game and
    writing it back: they take turns, so no game is lost and no reader sees the file half written. The file keeps
    the STATS_KEPT identities counted last, in the order they were (identity's last)."""
    with _taking_turns(stats_path()):
        stats = load_stats()
        mine = stats.pop(identity, {"games": 0, "wins": 0})
        mine["games"] = int(mine.get("games", 0)) + 1
        mine["wins"] = int(mine.get("wins", 0)) + (1 if won else 0)
        stats[identity] = mine  # the latest, last
        with contextlib.suppress(OSError):
            write_private(stats_path(), json.dumps(dict(list(stats.items())[-STATS_KEPT:])))
    return mine


LOCK_WAIT = 0.5
"""Seconds a count waits for another process's turn: a read and write takes milliseconds, and the SSH door counts on
its event loop, which no stuck process may hold up for longer."""


@contextlib.contextmanager
def _taking_turns(path: Path) -> Iterator[None]:
    """Hold path's lock (a file beside it) for a read and write of path, one process at a time; if the lock cannot be
    had (a folder that cannot be written, or another process holding it past LOCK_WAIT), go on without it: at worst
    a game is not counted."""
    try:
        fd = os.open(private_folder(path.parent) / f".{path.name}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield
        return
    try:
        give_up = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > give_up:
                    break
                time.sleep(0.005)
        yield
    finally:
        os.close(fd)  # (which lets the lock go)
