"""The random bot: a uniform choice among the legal moves, for tests and as a weak opponent."""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    """Picks uniformly among view.legal."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        """Any legal move, uniformly."""
        return self.rng.choice(view.legal)
