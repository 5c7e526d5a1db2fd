"""Where coup keeps its files: records of finished games, seat tokens and crash reports."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import platformdirs

from core.records import Record


def data_dir() -> Path:
    """COUP_DATA_DIR if set, else the platform's user data directory for coup."""
    return Path(os.environ.get("COUP_DATA_DIR") or platformdirs.user_data_dir("coup"))


def save_record(record: Record) -> Path:
    """Write record under data_dir()/records and return its path."""
    folder = data_dir() / "records"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{record.game}-{stamp}-seed{record.seed}.json"
    path.write_text(record.to_json())
    return path


def tokens_path() -> Path:
    """Where the client keeps its seat tokens, one per host address."""
    return data_dir() / "seat-tokens.json"


def load_token(address: str) -> str | None:
    """The seat token kept for address, if any."""
    try:
        token = json.loads(tokens_path().read_text()).get(address)
    except (OSError, ValueError, AttributeError):
        return None
    return token if isinstance(token, str) else None


def keep_token(address: str, token: str | None) -> None:
    """Remember (or, with None, forget) the seat token for address."""
    try:
        tokens = json.loads(tokens_path().read_text())
        if not isinstance(tokens, dict):
            tokens = {}
    except (OSError, ValueError):
        tokens = {}
    if token is None:
        tokens.pop(address, None)
    else:
        tokens[address] = token
    try:
        tokens_path().parent.mkdir(parents=True, exist_ok=True)
        tokens_path().write_text(json.dumps(tokens))
    except OSError:
        pass


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


def count_game(identity: str, won: bool) -> dict[str, int]:
    """Count one finished game for identity; returns its new totals."""
    stats = load_stats()
    mine = stats.setdefault(identity, {"games": 0, "wins": 0})
    mine["games"] = int(mine.get("games", 0)) + 1
    mine["wins"] = int(mine.get("wins", 0)) + (1 if won else 0)
    try:
        stats_path().parent.mkdir(parents=True, exist_ok=True)
        stats_path().write_text(json.dumps(stats))
    except OSError:
        pass
    return mine
