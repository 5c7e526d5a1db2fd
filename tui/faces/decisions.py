"""What a face decides when the player presses a button or owes a dialog: a move to play, or what to ask first."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeAlias

from core.cards.moves import Move


@dataclass(frozen=True)
class Play:
    """Play move; when question is set (a risky move) and confirmation is on, ask it first."""

    move: Move
    question: str | None = None


@dataclass(frozen=True)
class Target:
    """One line of a target question: the seat, how the line reads, and what choosing it decides."""

    seat: int
    label: str
    then: Decision


@dataclass(frozen=True)
class AskTarget:
    """Ask whom to aim at, a line per target (Esc cancels)."""

    title: str
    targets: tuple[Target, ...]


@dataclass(frozen=True)
class AskCard:
    """Ask for one of a few cards or card options, by label; options map each label to what follows. Only a
    cancellable question (a choice of what to do, not one the game owes) may be left unanswered."""

    title: str
    options: Mapping[str, Decision]
    hint: str = ""
    cancellable: bool = False


@dataclass(frozen=True)
class Option:
    """A button beside the asked cards: its label and what pressing it decides."""

    label: str
    then: Decision


@dataclass(frozen=True)
class AskKeep:
    """Ask which cards to keep of hand and pool (an exchange): then turns the kept cards into what follows.
    title and sources default to an Ambassador's exchange, keep_count to the hand's size; draw offers one more
    card first."""

    hand: tuple[str, ...]
    pool: tuple[str, ...]
    then: Callable[[tuple[str, ...]], Decision]
    title: str = ""
    sources: tuple[str, ...] = ()
    keep_count: int | None = None
    draw: Option | None = None


@dataclass(frozen=True)
class AskExamine:
    """The Inquisitor's choice once target has shown card: give it back, or force an exchange."""

    target: str
    card: str
    give_back: Decision
    force: Decision


Decision: TypeAlias = Play | AskTarget | AskCard | AskKeep | AskExamine


def only_choice(decision: Decision) -> tuple[str, Decision] | None:
    """The one answer a question of one card or one target leaves (its label, and what it decides), so the screen
    need not wait for a key; None when there is a choice (or the question is an exchange or an examination, which
    the player reads)."""
    if isinstance(decision, AskCard) and len(decision.options) == 1:
        ((label, then),) = decision.options.items()
        return label, then
    if isinstance(decision, AskTarget) and len(decision.targets) == 1:
        (target,) = decision.targets
        return target.label, target.then
    return None


def ask_card(title: str, cards: Iterable[str], kind: str, hint: str = "", cancellable: bool = False) -> AskCard:
    """Ask for one of cards, then play Move(kind, card=the chosen card)."""
    return AskCard(title, {card: Play(Move(kind, card=card)) for card in cards}, hint, cancellable)


UNSTOPPABLE = frozenset({"coup"})
"""Moves nothing can stop once made: picking their target out of several is question enough (Esc takes it back)."""


def ask_target(
    title: str, moves: Iterable[Move], label: Callable[[int], str], question: Callable[[Move], str | None]
) -> AskTarget:
    """Ask at whom to aim moves (one per target), then play the move at that seat, after its question if any (none
    for an unstoppable move picked out of several targets; a lone target is played at once, so it keeps its own)."""
    aimed = [(move.target, Move(move.kind, target=move.target)) for move in moves if move.target is not None]
    several = len(aimed) > 1
    targets = []
    for seat, move in aimed:
        asked = None if several and move.kind in UNSTOPPABLE else question(move)
        targets.append(Target(seat, label(seat), Play(move, asked)))
    return AskTarget(title, tuple(targets))
