"""Coup: Rebellion G54, described once for the registry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.bots.random_bot import RandomBot
from core.cards.events import Event
from core.cards.expert import g54_expert
from core.cards.g54 import text
from core.cards.g54.config import MAX_PLAYERS, MIN_PLAYERS, SELECTIONS
from core.cards.g54.engine import G54 as G54_ENGINE
from core.cards.g54.roles import role_named
from core.cards.g54.rule_bot import G54RuleBot
from core.cards.g54.views import G54View
from core.game import Flag, GameSpec

SELECTION_WORDS = {"first": "first game", "random": "random roles", "advanced": "random roles, advanced too"}


def option_words(options: Mapping[str, Any]) -> list[str]:
    """'first game', or the host's own five: how the roles in play are chosen."""
    if options.get("selection") == "pick":
        return [", ".join(options.get("roles", []))]
    selection = options.get("selection")
    return [SELECTION_WORDS[selection]] if selection in SELECTION_WORDS else []


def read_roles(text: str) -> dict[str, Any]:
    """--roles: first, random, advanced, or five role names joined by commas."""
    choice = text.strip().lower() or "first"
    if choice in SELECTIONS and choice != "pick":
        return {"selection": choice}
    try:
        names = [role_named(name).name for name in choice.split(",")]
    except ValueError as error:
        raise ValueError(f"--roles is first, random, advanced or five role names joined by commas: {error}") from None
    return {"selection": "pick", "roles": names}


ROLES_FLAG = Flag(
    "roles", "first, random, advanced (random with advanced roles) or five names: banker,director,...", read_roles
)

G54_SPEC = GameSpec(
    name="g54",
    title="Rebellion G54",
    player_counts=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    engine=G54_ENGINE,
    event_type=Event,
    view_type=G54View,
    bots={"rule": G54RuleBot, "random": RandomBot, "expert": g54_expert},
    text=text,
    option_words=option_words,
    flags=(ROLES_FLAG,),
    tagline="Twenty-five roles, five in play: bluff and coup your way to power.",
)
