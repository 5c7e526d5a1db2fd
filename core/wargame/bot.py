"""The wargame's computer opponents for either side: each open decision is dispatched to its module."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random

from core.wargame.bot_attack import choose_attack
from core.wargame.bot_eval import ATTACK_CHANCE, Situation, SoundSituation
from core.wargame.bot_look import choose_looked_attack, count_decides
from core.wargame.bot_move import choose_move
from core.wargame.bot_place import choose_place, choose_subversion
from core.wargame.bot_react import choose_advance, choose_bug_out, choose_flight, choose_losses, choose_retreat
from core.wargame.bot_sound import (
    choose_sound_advance,
    choose_sound_attack,
    choose_sound_losses,
    choose_sound_move,
    choose_sound_place,
    sound_caution,
)
from core.wargame.bot_subversion import choose_sound_subversion
from core.wargame.moves import WargameMove
from core.wargame.units import GOVERNMENT
from core.wargame.views import WargameView

Chooser = Callable[[Situation, Random], WargameMove]

CHOOSERS: Mapping[str, Chooser] = {
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
SOUND_CHOOSERS: Mapping[str, Chooser] = {
    **CHOOSERS,
    "place": choose_sound_place,
    "move": choose_sound_move,
    "attack": choose_sound_attack,
    "advance": choose_sound_advance,
    "subvert": choose_sound_subversion,
    "attacker_losses": choose_sound_losses,
    "defender_losses": choose_sound_losses,
    "disband": choose_sound_losses,
}


class ClassicBot:
    """The first rule bot, kept as a yardstick: takes and holds strategic hexes, attacks at good odds, keeps its
    leaders out of harm's way one move at a time; ties between equal choices are broken by its own seeded
    generator."""

    name = "classic"
    choosers = CHOOSERS
    situation = Situation  # how the bot reads the board

    def __init__(self, seed: int) -> None:
        self.rng = Random(seed)

    def choose(self, view: WargameView) -> WargameMove:
        """A move the engine accepts for the seat that owes the open decision."""
        return self.decide(view, self.rng)

    def decide(self, view: WargameView, rng: Random, reading: type[Situation] | None = None) -> WargameMove:
        """choose, its ties broken by rng, the board read as reading says (the bot's own way by default)."""
        seat = view.viewer if view.viewer is not None else view.owed[0]
        chooser = self.choosers.get(view.window)
        if chooser is None:
            return view.legal[0]
        return chooser((reading or self.situation)(view, seat, self.caution(view, seat)), rng)

    def caution(self, view: WargameView, side: int) -> float:
        """The share of what the enemy's strongest attack on a stack is expected to cost that the bot counts."""
        return ATTACK_CHANCE


class WargameBot(ClassicBot):
    """The wargame's computer opponent: the classic bot's judgement, and the Maximum Leader kept safe, the
    strategic hexes guarded against subversion and held through the count, strikes planned in the move phase, the
    advanced set-up spread over the start stacks, rebel leaders expected to bug out of a stack about to die
    (SoundSituation), the government's attacks made only when worth their risk (bot_sound.GOVERNMENT_WORTH); with
    salvage on, the government's attacks played out roll by roll (bot_look), and the rebels' too where the count
    that follows can end the game."""

    name = "rule"
    choosers = SOUND_CHOOSERS
    situation = SoundSituation

    def choose(self, view: WargameView) -> WargameMove:
        """The classic bot's way with the sound choosers; the government's attacks played out when salvage is on
        (looks_ahead), the rebels' when the count after them can end the game (count_decides)."""
        seat = view.viewer if view.viewer is not None else view.owed[0]
        if view.window == "attack" and (looks_ahead(view, seat) or count_decides(view, seat)):
            return choose_looked_attack(self.situation(view, seat, self.caution(view, seat)), self.reactor(seat))
        return super().choose(view)

    def caution(self, view: WargameView, side: int) -> float:
        """The sound bot's caution (bot_sound.sound_caution)."""
        return sound_caution(view, side)

    def reactor(self, side: int) -> Callable[[WargameView], WargameMove]:
        """The moves of either seat in a combat that side's look ahead plays out: the sound bot's (ties broken the
        same way every time, so a look ahead leaves the bot's own generator as it was), the enemy's reading the board
        the classic way. The enemy's reactions read as the sound rebels' (their leaders bugging out) cost the advanced
        government 11 of 400 games against the classic rebels: measured, docs/wargame-opponent.md, the sixteenth
        round."""

        def react(view: WargameView) -> WargameMove:
            seat = view.viewer if view.viewer is not None else view.owed[0]
            return self.decide(view, Random(0), None if seat == side else Situation)

        return react


def looks_ahead(view: WargameView, side: int) -> bool:
    """Whether side plays its attacks out (bot_look) rather than taking the planner's estimate: the government
    when salvage is on, where its lost units may change sides and its stacks surrender (the planner's one number
    misjudged those attacks most). Measured, not derived: docs/wargame-opponent.md, the sixth round."""
    return side == GOVERNMENT and view.config.salvage
