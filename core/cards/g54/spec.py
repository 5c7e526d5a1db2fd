"""Coup: Rebellion G54, described once for the registry."""

from __future__ import annotations

from core.bots.random_bot import RandomBot
from core.cards.events import Event
from core.cards.g54 import text
from core.cards.g54.config import MAX_PLAYERS, MIN_PLAYERS
from core.cards.g54.engine import G54 as G54_ENGINE
from core.cards.g54.rule_bot import G54RuleBot
from core.cards.g54.views import G54View
from core.game import GameSpec

G54_SPEC = GameSpec(
    name="g54",
    title="Rebellion G54",
    player_counts=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    engine=G54_ENGINE,
    event_type=Event,
    view_type=G54View,
    bots={"rule": G54RuleBot, "random": RandomBot},
    text=text,
)
