"""Coup and Reformation, described once for the registry (Reformation as what it changes of Coup)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from core.bots.random_bot import RandomBot
from core.cards import text
from core.cards.engine import COUP as COUP_ENGINE
from core.cards.engine import REFORMATION as REFORMATION_ENGINE
from core.cards.events import Event
from core.cards.expert import coup_expert, reformation_expert
from core.cards.rule_bot import RuleBot
from core.cards.state import MAX_PLAYERS, MAX_REFORMATION_PLAYERS, MIN_PLAYERS
from core.cards.views import CoupView
from core.game import Flag, GameSpec


def option_words(options: Mapping[str, Any]) -> list[str]:
    """'Inquisitor', 'variant': the options that change the game."""
    switches = (("inquisitor", "Inquisitor"), ("two_player_variant", "variant"))
    return [word for key, word in switches if options.get(key)]


FLAGS = (Flag("inquisitor", "the Inquisitor replaces the Ambassador", lambda on: {"inquisitor": on}, switch=True),)

COUP_SPEC = GameSpec(
    name="coup",
    title="Coup",
    player_counts=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    engine=COUP_ENGINE,
    event_type=Event,
    view_type=CoupView,
    bots={"rule": RuleBot, "random": RandomBot, "expert": coup_expert},
    text=text,
    option_words=option_words,
    flags=FLAGS,
    tagline="Bluff, challenge and coup your way to power.",
)
REFORMATION_SPEC = replace(
    COUP_SPEC,
    name="reformation",
    title="Coup: Reformation",
    player_counts=tuple(range(MIN_PLAYERS, MAX_REFORMATION_PLAYERS + 1)),
    engine=REFORMATION_ENGINE,
    bots={**COUP_SPEC.bots, "expert": reformation_expert},
    tagline="Loyalists against reformists: bluff, convert and coup your way to power.",
)
