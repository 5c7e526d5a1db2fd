"""Combat arithmetic: attack and defence strengths, odds columns, and the Combat Results Table."""

from __future__ import annotations

from dataclasses import dataclass

from core.wargame.board import Board, is_fortified, stack_at, terrain
from core.wargame.units import Unit

COLUMNS = ("1-4", "1-3", "1-2", "1-1", "2-1", "3-1")
CRT: dict[str, tuple[str, ...]] = {  # results for die 1..6
    "1-4": ("[-2]", "[-2]", "[-2]", "[-1]", "[-1]", "NE"),
    "1-3": ("[-2]", "[-2]", "[-1]", "[-1]", "NE", "-1"),
    "1-2": ("[-2]", "[-1]", "[-1]", "NE", "-1", "R"),
    "1-1": ("[-1]", "[-1]", "NE", "-1", "R", "-1/R"),
    "2-1": ("[-1]", "NE", "-1", "R", "-1/R", "-2"),
    "3-1": ("NE", "-1", "-1/R", "-2", "-2/R", "X"),
}
RESULTS = ("[-2]", "[-1]", "NE", "-1", "-2", "-1/R", "-2/R", "R", "X")
MEANINGS = {
    "[-2]": "the attacker loses two units",
    "[-1]": "the attacker loses a unit",
    "NE": "no effect",
    "-1": "the defender loses a unit",
    "-2": "the defender loses two units",
    "-1/R": "the defender loses a unit and retreats",
    "-2/R": "the defender loses two units and retreats",
    "R": "the defender retreats",
    "X": "every defender is lost",
}


@dataclass(frozen=True)
class Odds:
    """attack and defence strengths, the CRT column they round to ("" if worse than 1-4), and whether the attack
    is allowed."""

    attack: int
    defence: int
    column: str
    valid: bool


def column(attack: int, defence: int) -> str:
    """The CRT column of attack against defence, rounded in the defender's favour; better than 3-1 is 3-1, worse
    than 1-4 is "" (not allowed)."""
    if attack <= 0 or defence <= 0:
        return ""
    if attack >= defence:
        return f"{min(attack // defence, 3)}-1"
    against = -(-defence // attack)
    return f"1-{against}" if against <= 4 else ""


def crt(col: str, die: int) -> str:
    """The result of die (1-6) at column."""
    return CRT[col][die - 1]


def parse_result(result: str) -> tuple[int, int, bool]:
    """(attacker losses, defender losses, defender retreats) of a CRT result; X is 99 defender losses."""
    if result == "X":
        return 0, 99, False
    if result.startswith("["):
        return int(result[2]), 0, False
    if result == "NE":
        return 0, 0, False
    if result == "R":
        return 0, 0, True
    return 0, int(result[1]), result.endswith("/R")


def hex_defence(units: tuple[Unit, ...] | list[Unit], label: str) -> int:
    """A hex's defence: ground units and the leaders on the ground, doubled in a forest or fortified hex, plus
    helicopters and the leaders riding them (terrain never helps a helicopter)."""
    fighters = [u for u in units if not u.is_leader]
    if not fighters:
        return 0
    ground = sum(u.strength for u in fighters if not u.is_helicopter)
    ground += sum(u.bonus for u in units if u.is_leader and not u.riding)
    air = sum(u.strength for u in fighters if u.is_helicopter)
    air += sum(u.bonus for u in units if u.is_leader and u.riding)
    doubled = terrain(label) == "forest" or is_fortified(label)
    return ground * (2 if doubled else 1) + air


def defence(board: Board, side: int, targets: tuple[str, ...], infuriated: bool = False) -> int:
    """The total defence of the target hexes against side's attack: the enemy counters there (a hex shared after a
    subversion also holds some of side's own, which do not defend against their own side), doubled again by
    defenders infuriated by a call to surrender."""
    total = sum(hex_defence([u for u in stack_at(board, label) if u.side != side], label) for label in targets)
    return total * 2 if infuriated else total


def attack_strength(board: Board, attackers: tuple[str, ...], leaders: tuple[str, ...]) -> int:
    """The attackers' strengths plus the bonuses of the leaders lending theirs."""
    return sum(board.unit(u).strength for u in attackers) + sum(board.unit(u).bonus for u in leaders)


def attack_odds(
    board: Board, side: int, attackers: tuple[str, ...], targets: tuple[str, ...], leaders: tuple[str, ...] = ()
) -> Odds:
    """The odds of side's attack as it stands (the legality of the units is checked by combat.attack_error)."""
    att, dfn = attack_strength(board, attackers, leaders), defence(board, side, targets)
    col = column(att, dfn)
    return Odds(att, dfn, col, bool(col))
