"""The 'rule' level: one heuristic bot per game family, picked by the kind of view it is shown."""

from __future__ import annotations

from typing import Any

from core.cards.g54.rule_bot import G54RuleBot
from core.cards.g54.views import G54View
from core.cards.rule_bot import RuleBot
from core.wargame.bot import WargameBot
from core.wargame.views import WargameView

RULE_BOTS: dict[type, Any] = {G54View: G54RuleBot, WargameView: WargameBot}


class RuleLevel:
    """Hands each view to the rule bot of its game (the base Coup bot for Coup and Reformation, WargameBot for the
    wargame)."""

    name = "rule"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.bots: dict[type, Any] = {}

    def choose(self, view: Any) -> Any:
        """One of view.legal, chosen by this game's rule bot."""
        kind = type(view)
        if kind not in self.bots:
            self.bots[kind] = RULE_BOTS.get(kind, RuleBot)(self.seed)
        return self.bots[kind].choose(view)
