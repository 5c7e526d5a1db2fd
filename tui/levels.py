"""How the app words each computer opponent's level, and which levels a game offers."""

from __future__ import annotations

from core.registry import game_spec

LEVELS = {
    "rule": "Computer (rule bot)",
    "expert": "Computer (expert)",
    "greedy": "Computer (greedy)",
    "classic": "Computer (classic)",
    "random": "Computer (random)",
}


def levels(game: str) -> list[tuple[str, str]]:
    """The computer opponents game offers, as the app words them, and their level names (the rule bot first)."""
    offered = game_spec(game).bots
    return [(LEVELS.get(level, level), level) for level in sorted(offered, key=[*LEVELS, *offered].index)]
