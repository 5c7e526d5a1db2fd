"""G54 log sentences agree with their subject: 'you' for the viewer, names and third person for the others."""

from __future__ import annotations

import pytest

from core.cards.events import Event
from core.cards.g54.text import describe

NAMES = ("Ana", "Bo", "Cy")


@pytest.mark.parametrize(
    ("event", "viewer", "sentence"),
    [
        (Event("gain", 1, amount=1, what="income"), 0, "Bo takes 1 coin (income)."),  # as Coup says it
        (Event("blocked", 0, 1, "Priest", what="priest"), 2, "The Priest does not reach Bo: blocked."),  # Bo alone
        (Event("blocked", 0, 1, "Priest", what="priest"), 1, "The Priest does not reach you: blocked."),
        (Event("blocked", 0, 1, "Politician", what="politician"), 2, "Bo blocks the Politician."),
        (
            Event("refuse", 0, 1, amount=5),
            0,
            "You refuse to pay: Bo pays 5 and you lose an influence.",
        ),
        (
            Event("refuse", 0, 1, amount=5),
            1,
            "Ana refuses to pay: you pay 5 and Ana loses an influence.",
        ),
        (
            Event("token", 2, None, "Peacekeeping"),
            2,
            "You take the Peacekeeping token: only a Coup can target you.",
        ),
        (
            Event("token", 2, None, "Peacekeeping"),
            0,
            "Cy takes the Peacekeeping token: only a Coup can target them.",
        ),
        (
            Event("forfeit", 1, 0, amount=4),
            1,
            "Caught lying as Speculator, you hand all 4 coins to Ana.",
        ),
    ],
)
def test_sentences_agree_with_the_viewer(event: Event, viewer: int, sentence: str) -> None:
    assert describe(event, NAMES, viewer) == sentence
