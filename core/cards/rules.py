"""The characters, actions, costs and blocks of Coup and Reformation, as data the engine reads."""

from __future__ import annotations

import functools
from dataclasses import dataclass

DUKE = "Duke"
ASSASSIN = "Assassin"
CAPTAIN = "Captain"
AMBASSADOR = "Ambassador"
CONTESSA = "Contessa"
INQUISITOR = "Inquisitor"
CHARACTERS: tuple[str, ...] = (DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA)
LOYALIST, REFORMIST = "Loyalist", "Reformist"
FACTIONS = (LOYALIST, REFORMIST)

COUP_COST = 7
FORCED_COUP_COINS = 10
STARTING_COINS = 2
TREASURY_COINS = 50
CONVERT_SELF_COST, CONVERT_OTHER_COST = 1, 2


@dataclass(frozen=True)
class Action:
    """One action: what it costs, who it needs (claim) or must not have (denies), who may block it
    and with which characters; restricted actions spare the actor's own faction."""

    kind: str
    label: str
    cost: int = 0
    claim: str | None = None
    targeted: bool = False
    blockers: tuple[str, ...] = ()
    anyone_blocks: bool = False
    denies: str | None = None
    restricted: bool = False


@dataclass(frozen=True)
class Ruleset:
    """The deck's characters, the actions, and how many cards an exchange draws."""

    characters: tuple[str, ...]
    actions: dict[str, Action]
    exchange_draw: int
    reformation: bool


@functools.cache
def ruleset(inquisitor: bool = False, reformation: bool = False) -> Ruleset:
    """Base Coup, with the Inquisitor in place of the Ambassador, and/or Reformation's actions."""
    exchanger = INQUISITOR if inquisitor else AMBASSADOR
    actions = [
        Action("income", "Income"),
        Action("foreign_aid", "Foreign Aid", blockers=(DUKE,), anyone_blocks=True),
        Action("coup", "Coup", cost=COUP_COST, targeted=True, restricted=True),
        Action("tax", "Tax", claim=DUKE),
        Action("assassinate", "Assassinate", 3, ASSASSIN, targeted=True, blockers=(CONTESSA,), restricted=True),
        Action("steal", "Steal", claim=CAPTAIN, targeted=True, blockers=(CAPTAIN, exchanger), restricted=True),
        Action("exchange", "Exchange", claim=exchanger),
    ]
    if inquisitor:
        actions.append(Action("examine", "Examine", claim=INQUISITOR, targeted=True, restricted=True))
    if reformation:
        actions.append(Action("convert", "Convert", cost=CONVERT_SELF_COST, targeted=True))
        actions.append(Action("embezzle", "Embezzle", denies=DUKE))
    characters = (DUKE, ASSASSIN, CAPTAIN, exchanger, CONTESSA)
    return Ruleset(characters, {a.kind: a for a in actions}, 1 if inquisitor else 2, reformation)


ACTIONS: dict[str, Action] = ruleset(inquisitor=True, reformation=True).actions | ruleset().actions
"""Every action of every ruleset (for labels and costs; claims and blocks come from the table's ruleset)."""


def copies_per_character(players: int) -> int:
    """3 of each character for 2-6 players, 4 for 7-8, 5 for 9-10."""
    return 3 if players <= 6 else 4 if players <= 8 else 5
