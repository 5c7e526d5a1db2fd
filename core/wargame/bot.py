"""The wargame's computer opponent for either side: dispatches each open decision to its module."""

from __future__ import annotations

from random import Random

from core.wargame.bot_attack import choose_attack
from core.wargame.bot_eval import Situation
from core.wargame.bot_move import choose_move
from core.wargame.bot_place import choose_place, choose_subversion
from core.wargame.bot_react import choose_advance, choose_bug_out, choose_flight, choose_losses, choose_retreat
from core.wargame.moves import WargameMove
from core.wargame.views import WargameView

CHOOSERS = {
    "place": choose_place,
    "move": choose_move,
    "attack": lambda sit, rng: choose_attack(sit),
    "subvert": choose_subversion,
    "flee": choose_flight,
    "bugout": choose_bug_out,
    "attacker_losses": choose_losses,
    "defender_losses": choose_losses,
    "disband": choose_losses,
    "retreat": choose_retreat,
    "advance": choose_advance,
}


class WargameBot:
    """Plays either side from its view alone: takes and holds strategic hexes, attacks at good odds, keeps its
    leaders safe; ties between equal choices are broken by its own seeded generator."""

    name = "rule"

    def __init__(self, seed: int) -> None:
        self.rng = Random(seed)

    def choose(self, view: WargameView) -> WargameMove:
        """A move the engine accepts for the seat that owes the open decision."""
        seat = view.viewer if view.viewer is not None else view.owed[0]
        chooser = CHOOSERS.get(view.window)
        if chooser is None:
            return view.legal[0]
        return chooser(Situation(view, seat), self.rng)
