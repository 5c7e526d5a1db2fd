"""Coup (1992), the wargame, described once for the registry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.bots.random_bot import RandomBot
from core.game import Flag, GameSpec
from core.wargame.bot import ClassicBot, WargameBot
from core.wargame.bot_greedy import GreedyBot
from core.wargame.config import DEFAULT_TURN_LIMIT, SCENARIOS, load_config
from core.wargame.engine import WARGAME, restore_view, wire_view
from core.wargame.events import Event
from core.wargame.flow import WINNING_LEAD
from core.wargame.units import SIDE_NAMES
from core.wargame.views import WargameView


def summarize(summary: dict[str, Any], finals: Sequence[Any]) -> dict[str, Any]:
    """The wargame's seats are sides: wins by side (bot_wins keeps them by bot level), the mean final victory
    points and how many games ended on a 15-point lead rather than the turn limit. finals are the games' final
    states, or their final views in network self-play (both hold vp)."""
    count = len(finals) or 1
    return {
        "bot_wins": summary["wins"],
        "wins": dict(zip(SIDE_NAMES, summary["seat_wins"], strict=True)),
        "mean_vp": [round(sum(s.vp[side] for s in finals) / count, 2) for side in range(len(SIDE_NAMES))],
        "decided_by_lead": sum(1 for s in finals if abs(s.vp[0] - s.vp[1]) >= WINNING_LEAD),
    }


def option_words(options: Mapping[str, Any]) -> list[str]:
    """'advanced', 'salvage', 'surrender', 'extra reinforcements', '6 turns': the scenario, the optional rules in
    play (as the scenario's defaults fill them in) and a turn limit other than the usual one."""
    try:
        config = load_config(dict(options))
    except ValueError:
        return []
    rules = (
        ("salvage", config.salvage),
        ("surrender", config.surrender),
        ("extra reinforcements", config.extra_reinforcements),
    )
    words = [config.scenario, *(word for word, on in rules if on)]
    if config.turn_limit != DEFAULT_TURN_LIMIT:
        limit = config.turn_limit
        words.append(("1 turn" if limit == 1 else f"{limit} turns") if limit else "no turn limit")
    return words


FLAGS = (
    Flag("scenario", "the scenario (default basic)", lambda value: {"scenario": value}, choices=SCENARIOS),
    Flag("salvage", "the salvage optional rule", lambda on: {"salvage": on}, switch=True),
    Flag("surrender", "the surrender optional rule", lambda on: {"surrender": on}, switch=True),
    Flag(
        "extra-reinforcements",
        "the extra reinforcements optional rule",
        lambda on: {"extra_reinforcements": on},
        switch=True,
    ),
    Flag(
        "turn-limit",
        "end after this turn, the VP leader winning (0: none)",
        lambda turns: {"turn_limit": turns},
        number=True,
    ),
)

WARGAME_SPEC = GameSpec(
    name="wargame",
    title="Coup 1992: the wargame",
    player_counts=(2,),
    engine=WARGAME,
    event_type=Event,
    view_type=WargameView,
    bots={"rule": WargameBot, "random": RandomBot, "greedy": GreedyBot, "classic": ClassicBot},
    sides=SIDE_NAMES,
    summarize=summarize,
    option_words=option_words,
    flags=FLAGS,
    tagline="Government against rebels: hold the city's strategic hexes.",
    wire_view=wire_view,
    restore_view=restore_view,
)
