"""Coup: Rebellion G54, described once for the registry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.bots.random_bot import RandomBot
from core.cards.events import Event
from core.cards.g54 import text
from core.cards.g54.config import MAX_PLAYERS, MIN_PLAYERS
from core.cards.g54.engine import G54 as G54_ENGINE
from core.cards.g54.rule_bot import G54RuleBot
from core.cards.g54.views import G54View
from core.game import GameSpec

SELECTION_WORDS = {"first": "first game", "random": "random roles", "advanced": "random roles, advanced too"}


def option_words(options: Mapping[str, Any]) -> list[str]:
    """'first game', or the host's own five: how the roles in play are chosen."""
    if options.get("selection") == "pick":
        return [", ".join(options.get("roles", []))]
    selection = options.get("selection")
    return [SELECTION_WORDS[selection]] if selection in SELECTION_WORDS else []


G54_SPEC = GameSpec(
    name="g54",
    title="Rebellion G54",
    player_counts=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    engine=G54_ENGINE,
    event_type=Event,
    view_type=G54View,
    bots={"rule": G54RuleBot, "random": RandomBot},
    text=text,
    option_words=option_words,
)
