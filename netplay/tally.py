"""Log lines a peer can cause, kept small: its values escaped and cut short."""

from __future__ import annotations

from typing import Any

LOG_LIMIT = 120  # characters of a peer-supplied value in a log line


def shown(value: Any, limit: int = LOG_LIMIT) -> str:
    """A peer-supplied value as a log line may hold it: cut to limit characters and escaped (repr), so no newline
    forges a line and no escape sequence reaches the operator's terminal."""
    text = value if isinstance(value, str) else str(value)
    return repr(text[:limit]) + ("…" if len(text) > limit else "")
