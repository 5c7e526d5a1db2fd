"""The characters, actions, costs and blocks of base Coup, as data the engine reads."""

from __future__ import annotations

from dataclasses import dataclass

DUKE = "Duke"
ASSASSIN = "Assassin"
CAPTAIN = "Captain"
AMBASSADOR = "Ambassador"
CONTESSA = "Contessa"
CHARACTERS: tuple[str, ...] = (DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA)

COUP_COST = 7
FORCED_COUP_COINS = 10
STARTING_COINS = 2
TREASURY_COINS = 50


@dataclass(frozen=True)
class Action:
    """One action: what it costs, who it needs, who may block it and with which characters."""

    kind: str
    label: str
    cost: int = 0
    claim: str | None = None
    targeted: bool = False
    blockers: tuple[str, ...] = ()
    anyone_blocks: bool = False


ACTIONS: dict[str, Action] = {
    a.kind: a
    for a in (
        Action("income", "Income"),
        Action("foreign_aid", "Foreign Aid", blockers=(DUKE,), anyone_blocks=True),
        Action("coup", "Coup", cost=COUP_COST, targeted=True),
        Action("tax", "Tax", claim=DUKE),
        Action("assassinate", "Assassinate", cost=3, claim=ASSASSIN, targeted=True, blockers=(CONTESSA,)),
        Action("steal", "Steal", claim=CAPTAIN, targeted=True, blockers=(CAPTAIN, AMBASSADOR)),
        Action("exchange", "Exchange", claim=AMBASSADOR),
    )
}


def copies_per_character(players: int) -> int:
    """3 of each character for 2-6 players, 4 for 7-8, 5 for 9-10."""
    return 3 if players <= 6 else 4 if players <= 8 else 5
