"""coupml, the public pure-Python Coup engine we measure ours against, playing random 4-player games the way ours do.

What one decision is, on its side: one call of coupml's play_action, for whichever player it asks (player_to_act):
an action at the start of a turn; every living player's answer, pass or challenge, to a claimed action or block (coupml
asks each of them in turn, even after someone challenged); every answer to Foreign Aid, pass or block; the claimant's
reveal when challenged; every reveal of a lost influence, even of a last card (about one decision in eleven of coupml's
offers a single legal action); the cards kept after an exchange. Each is counted as one decision, as on our side
(bench.engine), where one decision is one call of game.apply.

What a decision costs, on its side, mirrors ours (game.view, then bot.choose, then game.apply): the player's view, as
coupml makes it (get_state, then PlayerView.view_of_state, which masks the other players' cards), the legal actions,
a uniform choice among them with Python's random.Random (the generator our random bot draws from), and play_action.
coupml's own dealer, given a generator, draws from the same random.Random (through PythonRandom): with numpy's
RandomState, as coupml's README has it, numpy's choice costs more than the rest of a decision, and coupml's figure
halves."""

from __future__ import annotations

import importlib.util
import random
from typing import Any

PLAYERS = 4


class PythonRandom:
    """What coupml asks of its generator (numpy's RandomState in its README), drawn from Python's random.Random: an
    index below n (coupml's dealer calls choice(len(items))), and a shuffle of a list in place."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choice(self, n: int) -> int:
        """A number in range(n)."""
        return self.rng.randrange(n)

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle items in place."""
        self.rng.shuffle(items)


def require() -> None:
    """Stop with what to install when coupml is missing."""
    if importlib.util.find_spec("coupml") is None:
        raise SystemExit(
            "the engine bench plays coupml beside our engines: pip install -e '.[bench]' (make bench does)"
        )


def play(seed: int, with_view: bool = True) -> int:
    """Play one 4-player coupml game to the end, every player choosing uniformly among its legal actions; return how
    many decisions it took. with_view=False leaves out the player's view (coupml's bare loop, as in its README)."""
    from coupml import Coup  # the bench extra: pip install '.[bench]'
    from coupml.view import PlayerView

    game = Coup(PLAYERS, PythonRandom(seed))
    game.init_game()
    seat_view = PlayerView(PLAYERS)
    pickers = [random.Random(seed * PLAYERS + seat) for seat in range(PLAYERS)]
    decisions = 0
    while not game.is_game_over():
        seat = game.player_to_act()
        if with_view:
            seat_view.view_of_state(game.get_state())
        game.play_action(pickers[seat].choice(game.get_legal_actions()))
        decisions += 1
    return decisions
