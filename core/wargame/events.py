"""Events of the wargame: plain records with a readable text the screens show as the game's log."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    """kind says what happened ("move", "attack", "combat", "loss", "retreat", "vp", ...); side did it (None: the
    game itself); text says it in a sentence. There is no hidden information, so every event is public."""

    kind: str
    text: str
    side: int | None = None
    turn: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return asdict(self)
