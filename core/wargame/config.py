"""The wargame's table configuration: scenario, optional rules and turn limit."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

SCENARIOS = ("basic", "advanced")
DEFAULT_TURN_LIMIT = 12
MAX_TURN_LIMIT = 99  # a limit past it is no limit in practice (0 is none)
DEFAULT_NAMES = ("Government", "Rebels")


@dataclass(frozen=True)
class WargameConfig:
    """scenario "basic" or "advanced"; salvage, surrender and extra_reinforcements switch on the optional rules;
    turn_limit ends the game after that turn (0: no limit), the VP leader winning (a tie keeps the government in
    power). Seat 0 is the government, seat 1 the rebels."""

    scenario: str = "basic"
    salvage: bool = False
    surrender: bool = False
    extra_reinforcements: bool = False
    turn_limit: int = DEFAULT_TURN_LIMIT
    names: tuple[str, ...] = DEFAULT_NAMES
    players: int = 2

    def __post_init__(self) -> None:
        if self.scenario not in SCENARIOS:
            raise ValueError(f"unknown scenario {self.scenario!r}; known: {', '.join(SCENARIOS)}")
        if self.players != 2:
            raise ValueError(f"the wargame is for 2 players, not {self.players}")
        if len(self.names) != 2:
            raise ValueError(f"{len(self.names)} names given for 2 players")
        limit = self.turn_limit
        if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= MAX_TURN_LIMIT:
            raise ValueError(f"turn limit {str(limit)[:20]!r} is not a whole number from 0 to {MAX_TURN_LIMIT}")

    @property
    def advanced(self) -> bool:
        """Whether this is the advanced scenario."""
        return self.scenario == "advanced"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for records and the wire."""
        data = asdict(self)
        data["names"] = list(self.names)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> WargameConfig:
        """The config in data; the optional rules default to on in the advanced scenario (salvage and surrender,
        as the rulebook recommends) and off in the basic one. ValueError on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError("a config is a mapping")
        known = {"scenario", "salvage", "surrender", "extra_reinforcements", "turn_limit", "names", "players"}
        if set(data) - known:
            raise ValueError(f"unknown config fields: {', '.join(sorted(map(str, set(data) - known)))}")
        scenario = data.get("scenario", "basic")
        if not isinstance(scenario, str):
            raise ValueError("scenario is a string")
        advanced = scenario == "advanced"
        names = data.get("names") or DEFAULT_NAMES
        if not isinstance(names, (list, tuple)):
            raise ValueError("names is a list")
        players = data.get("players", 2)
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError("players is a number")
        return cls(
            scenario=scenario,
            salvage=_flag(data, "salvage", advanced),
            surrender=_flag(data, "surrender", advanced),
            extra_reinforcements=_flag(data, "extra_reinforcements", False),
            turn_limit=data.get("turn_limit", DEFAULT_TURN_LIMIT),
            names=tuple(str(n) for n in names),
            players=players,
        )


def _flag(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise ValueError(f"{key} is true or false")
    return value


def load_config(data: Any) -> WargameConfig:
    """The config in plain data (a record's or the wire's)."""
    return WargameConfig.from_dict(data)
