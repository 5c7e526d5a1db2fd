"""Events the engine emits: plain records, public or addressed to some seats only."""

from __future__ import annotations

from typing import Any

from core.frozen import builder, frozen_dataclass


@frozen_dataclass
class Event:
    """kind says what happened; seat did it, to target; card is a public character; cards are
    private to the seats in `to` (None: everyone sees the event)."""

    kind: str
    seat: int | None = None
    target: int | None = None
    card: str | None = None
    cards: tuple[str, ...] = ()
    amount: int = 0
    what: str = ""
    to: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data, leaving out empty fields."""
        data: dict[str, Any] = {"kind": self.kind}
        for name in ("seat", "target", "card", "what"):
            value = getattr(self, name)
            if value not in (None, ""):
                data[name] = value
        if self.cards:
            data["cards"] = list(self.cards)
        if self.amount:
            data["amount"] = self.amount
        if self.to is not None:
            data["to"] = list(self.to)
        return data


new_event = builder(Event)
"""Event(...) as the engines build it at every step, for less (see core.frozen.builder)."""


def visible_to(events: list[Event], seat: int | None) -> list[Event]:
    """The events seat may see (None: a spectator sees only public ones)."""
    return [e for e in events if e.to is None or (seat is not None and seat in e.to)]
