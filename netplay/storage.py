"""Where coup keeps its files: records of finished games and crash reports."""

from __future__ import annotations

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
