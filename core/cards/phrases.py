"""The words every card game shares: naming seats, cards and coins, the events and moments worded alike, the loss
reasons both have, and whom a table waits for. Each game's text adds only its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.cards.events import Event
from core.cards.moves import Move
from core.cards.table_view import CardView

LOSS_REASONS = {"challenge": "lost challenge", "coup": "coup"}
"""Why a seat loses an influence, in words, for the reasons of every game (each game adds its own)."""
ANSWER_LABELS = {"challenge": "Challenge", "pass": "Pass", "concede": "Concede"}
"""Button labels of the answers every game offers."""


class Speaker:
    """Names seats for one viewer: the viewer is 'you', everyone else by name."""

    def __init__(self, names: Sequence[str], viewer: int | None) -> None:
        self.names, self.viewer = names, viewer

    def who(self, seat: int | None, capital: bool = True) -> str:
        """The subject: a name, or You/you."""
        if seat is not None and seat == self.viewer:
            return "You" if capital else "you"
        return "someone" if seat is None else self.names[seat]

    def whose(self, seat: int | None, capital: bool = False) -> str:
        """The possessive: Haig's (the name as typed), or your (Your to begin a sentence)."""
        if seat == self.viewer:
            return "Your" if capital else "your"
        return f"{self.who(seat)}'s"

    def verb(self, seat: int | None, third: str, second: str) -> str:
        """Subject and verb agreeing: 'Haig claims' or 'You claim'."""
        return f"{self.who(seat)} {second if seat == self.viewer else third}"


def may_challenge(say: Speaker, claimant: int | None, players: Sequence[Any]) -> str:
    """'Anyone may challenge.'; with one other player left in, 'Bo may challenge.' (players: the view's seats)."""
    others = [player.seat for player in players if player.alive and player.seat != claimant]
    return f"{say.who(others[0])} may challenge." if len(others) == 1 else "Anyone may challenge."


def article(card: str) -> str:
    """'an Assassin', 'a Duke'."""
    return f"an {card}" if card[0] in "AEIOU" else f"a {card}"


def and_list(items: Sequence[str]) -> str:
    """'Ana', 'Ana and Bo', 'Ana, Bo and Cy'."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def cards_text(cards: Sequence[str]) -> str:
    """'Duke', 'Duke and Captain', 'Duke, Captain and Contessa'."""
    return and_list(cards) if cards else "nothing"


def plural(amount: int, noun: str) -> str:
    """'1 card', '2 cards'."""
    return f"{amount} {noun}" if amount == 1 else f"{amount} {noun}s"


def coins_text(amount: int) -> str:
    """'1 coin', '3 coins'."""
    return plural(amount, "coin")


def coins_verb(amount: int, one: str, many: str) -> str:
    """'1 coin goes', '3 coins go': coins as the subject of a verb (one: its form for a single coin)."""
    return f"{coins_text(amount)} {one if amount == 1 else many}"


def reason_text(reason: str, reasons: Mapping[str, str]) -> str:
    """A loss reason in words ('lost challenge'), or as it is when the game has no words for it."""
    return reasons.get(reason, reason)


def launches_coup(say: Speaker, seat: int | None, target: int | None) -> str:
    """'Haig launches a coup against Natasha (pays 7).'"""
    return f"{say.verb(seat, 'launches', 'launch')} a coup against {say.who(target, False)} (pays 7)."


def describe_shared(event: Event, say: Speaker, reasons: Mapping[str, str]) -> str | None:
    """The log sentence of an event every game words alike (reasons: the game's loss reasons), or None."""
    seat, target, card, kind = event.seat, event.target, event.card, event.kind
    if kind == "turn":
        return f"── Turn {event.amount}: {say.whose(seat)} turn ──"
    if kind == "challenge":
        return f"{say.verb(seat, 'challenges', 'challenge')} {say.whose(target)} {card}!"
    if kind == "prove":
        rest = "shuffle it into the deck and draw" if seat == say.viewer else "shuffles it into the deck and draws"
        return f"{say.verb(seat, 'shows', 'show')} {article(card or '')}, {rest} anew."
    if kind == "concede":
        return f"{say.verb(seat, 'does', 'do')} not show {article(card or '')}: the challenge succeeds."
    if kind == "lose":
        return f"{say.verb(seat, 'loses', 'lose')} an influence ({reason_text(event.what, reasons)}): {card}."
    if kind == "drew":
        return f"{say.verb(seat, 'draws', 'draw')} {cards_text(event.cards)}."
    if kind == "kept":
        return f"{say.verb(seat, 'keeps', 'keep')} {cards_text(event.cards)}."
    if kind == "win":
        return f"{say.verb(seat, 'wins', 'win')} the game!"
    return None


def game_won(say: Speaker, winner: int | None) -> str:
    """The situation once the game is over (the log's last line says who wins the game)."""
    return f"Game over: {say.who(winner, capital=False)} {'win' if winner == say.viewer else 'wins'}."


def choose_an_action(legal: Sequence[Move], turn_note: str = "") -> str:
    """The situation for the viewer whose turn it is (turn_note: what kind of turn), saying when a coup is forced."""
    forced = " You have 10 or more coins: you must launch a coup." if legal[0].kind == "coup" else ""
    return f"Your turn{turn_note}: choose an action.{forced}"


def must_lose(say: Speaker, seat: int | None, reason: str, reasons: Mapping[str, str]) -> str:
    """The situation while seat chooses the influence it loses."""
    return f"{say.verb(seat, 'must', 'must')} lose an influence ({reason_text(reason, reasons)})."


def prove_it(say: Speaker, challenger: int, challenged: int, card: str) -> str:
    """The situation while a challenged claim of card waits for proof: what the challenged player must do, told to
    them; what everyone else waits for."""
    said = f"{say.verb(challenger, 'challenges', 'challenge')} {say.whose(challenged)} {card}"
    if challenged == say.viewer:
        return f"{said}: show it or concede."
    return f"{said}: {say.names[challenged]} shows it or concedes."


def challenge_question(say: Speaker, claimant: int, card: str, denial: bool = False) -> str:
    """The question before challenging claimant's card (denial: the claim is to hold no such card, as an
    embezzler's), saying who loses what."""
    if denial:
        return (
            f"Challenge {say.whose(claimant)} claim to have no {card}? If they show no {card}, you lose an influence; "
            f"if they hold one, they do."
        )
    return f"Challenge {say.whose(claimant)} {card}? If it is shown, you lose an influence; if not, they do."


def answer_label(move: Move, challenged_card: str | None) -> str | None:
    """The label of a block or a proof (of challenged_card), alike in every game; None for any other move."""
    if move.kind == "block":
        return f"Block ({move.card})"
    if move.kind == "prove" and challenged_card is not None:
        return f"Show the {challenged_card}"
    return None


def waiting_for(view: CardView[Any]) -> str:
    """'Waiting for Haig, Sacha and Mila.' (empty when the viewer owes the answer or nobody does)."""
    others = [view.players[s].name for s in view.owed if s != view.viewer]
    if not others or view.viewer in view.owed or view.window == "over":
        return ""
    return f"Waiting for {and_list(others)}."
