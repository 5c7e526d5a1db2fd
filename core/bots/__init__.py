"""Computer opponents: each decides from its seat's view only."""

from __future__ import annotations

from typing import Any, Protocol


class Bot(Protocol):
    """A computer opponent: given its seat's view, pick one of view.legal."""

    name: str

    def choose(self, view: Any) -> Any:
        """One of view.legal."""


def bot_names() -> tuple[str, ...]:
    """The levels a seat can be given."""
    return tuple(_registry())


def make_bot(name: str, seed: int) -> Bot:
    """A fresh bot of level name, its own choices drawn from seed."""
    try:
        return _registry()[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(bot_names())}") from None


def _registry() -> dict[str, Any]:
    from core.bots.random_bot import RandomBot
    from core.bots.rule import RuleLevel

    return {"rule": RuleLevel, "random": RandomBot}
