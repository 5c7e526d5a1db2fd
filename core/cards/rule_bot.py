"""The rule bot: a Coup and Reformation heuristic that counts cards, bluffs only possible roles, challenges by odds."""

from __future__ import annotations

import random
from math import comb

from core.cards.bot_view import hand, me, my_seat
from core.cards.moves import Move, is_one_of, move
from core.cards.rule_bot_reformation import conversion, embezzlement, foes
from core.cards.rules import (
    AMBASSADOR,
    ASSASSIN,
    CAPTAIN,
    CONTESSA,
    COUP_COST,
    DUKE,
    FACTIONS,
    INQUISITOR,
    copies_per_character,
    ruleset,
)
from core.cards.state import Pending
from core.cards.views import CoupView

VALUE = {DUKE: 5.0, CONTESSA: 4.0, CAPTAIN: 3.5, ASSASSIN: 3.0, INQUISITOR: 2.5, AMBASSADOR: 2.0}
EXAMINE_FORCE = VALUE[ASSASSIN]  # as Inquisitor, force the exchange of a shown card worth at least an Assassin
DUPLICATE_WORTH = 0.4  # a second copy of a role adds little
ACTIVE_ROLES = (DUKE, CAPTAIN, ASSASSIN)  # a hand with none of these is weak
# Challenge when P(claimant holds the card) is below the threshold for what the claim does.
CHALLENGE_ACTION = {"tax": 0.12, "exchange": 0.08, "steal": 0.08, "assassinate": 0.12}
CHALLENGE_ON_ME = {"steal": 0.22, "assassinate": 0.18}
CHALLENGE_BLOCK_ON_ME = {DUKE: 0.15, CAPTAIN: 0.22, AMBASSADOR: 0.22, INQUISITOR: 0.22, CONTESSA: 0.27}
EMBEZZLE_CHALLENGE = 0.5  # embezzling denies the Duke: challenge when the Duke is at least this likely
CHALLENGE_LOW_STAKES = 0.08  # blocks of others' actions, steals I can block or that take nothing
BLOCK_BLUFF_SHARE = 0.5  # of the bot's bluffs, a block of a steal is tried half as often as an action
LAST_LIFE_ASSASSIN = 0.25  # facing elimination: challenge an unlikely assassin, else bluff the Contessa
PASS, CHALLENGE = move("pass"), move("challenge")


def characters(view: CoupView) -> tuple[str, ...]:
    """The characters in this table's deck (the Inquisitor replaces the Ambassador in its variant)."""
    return ruleset(view.inquisitor, view.reformation).characters


def exchanger(view: CoupView) -> str:
    """The character that exchanges with the deck at this table."""
    return INQUISITOR if view.inquisitor else AMBASSADOR


def steal_blockers(view: CoupView) -> tuple[str, ...]:
    """The characters that block stealing at this table."""
    return ruleset(view.inquisitor, view.reformation).actions["steal"].blockers


def unseen(view: CoupView, card: str) -> int:
    """Copies of card the viewer cannot see (0: nobody else can hold it): not in its hand, drawn in an exchange or
    revealed (counted for that card alone: an expert's play-outs ask it thousands of times a decision)."""
    seen = hand(view).count(card) + view.drawn.count(card)
    for player in view.players:
        seen += player.revealed.count(card)
    return max(0, copies_per_character(len(view.players)) - seen)


def possible(view: CoupView, card: str) -> bool:
    """Whether claiming card is honest, or a bluff nobody can disprove from the table alone."""
    return card in hand(view) or unseen(view, card) > 0


def p_holds(view: CoupView, seat: int, card: str) -> float:
    """Chance that seat holds card, its cards drawn at random from those the viewer cannot see."""
    copies = unseen(view, card)
    seen = len(hand(view)) + len(view.drawn)  # every card the viewer sees
    for player in view.players:
        seen += len(player.revealed)
    pool = copies_per_character(len(view.players)) * len(characters(view)) - seen
    held = view.players[seat].influence
    if copies == 0 or pool <= 0:
        return 0.0
    return 1.0 - comb(pool - copies, held) / comb(pool, held)


def late(view: CoupView) -> bool:
    """A duel with little influence left: no time to dig for cards."""
    living = [p for p in view.players if p.alive]
    return len(living) <= 2 and (len(view.players) > 2 or min(p.influence for p in living) <= 1)


def card_value(view: CoupView, card: str) -> float:
    """How much card is worth holding now."""
    value = VALUE.get(card, 0.0)
    opponents = [p for p in view.players if p.alive and p.seat != view.viewer]
    if card == CONTESSA and any(ASSASSIN in p.claims for p in opponents):
        value += 1.0
    if card == ASSASSIN and me(view).coins >= 3:
        value += 1.0
    if card == exchanger(view) and late(view):
        value -= 1.0
    return value


def hand_score(view: CoupView, cards: tuple[str, ...]) -> float:
    """A hand's worth, preferring distinct roles."""
    score, kept = 0.0, set()
    for card in sorted(cards, key=lambda c: -card_value(view, c)):
        score += card_value(view, card) * (1.0 if card not in kept else DUPLICATE_WORTH)
        kept.add(card)
    return score


def threat(view: CoupView, seat: int) -> tuple[int, int]:
    """How dangerous seat is: influence first, then coins (closeness to a coup)."""
    player = view.players[seat]
    return player.influence, player.coins


def targets(view: CoupView, kind: str) -> list[int]:
    """Seats a legal move of kind may target, in clockwise order."""
    return [m.target for m in view.legal if m.kind == kind and m.target is not None]


def steal_target(view: CoupView) -> int | None:
    """The richest opponent with coins who has not claimed a card that blocks stealing."""
    blockers = steal_blockers(view)
    seats = [s for s in targets(view, "steal") if view.players[s].coins >= 1]
    seats = [s for s in seats if not any(c in view.players[s].claims for c in blockers)]
    return max(seats, key=lambda s: view.players[s].coins, default=None)


def assassin_target(view: CoupView) -> int | None:
    """The strongest threat among those who have not claimed a Contessa that may be real."""
    guarded = unseen(view, CONTESSA) > 0
    seats = [s for s in targets(view, "assassinate") if not (guarded and CONTESSA in view.players[s].claims)]
    return max(seats, key=lambda s: threat(view, s), default=None)


def examine_target(view: CoupView) -> int | None:
    """The strongest threat ahead of the viewer (so the leader never stalls the game by examining)."""
    ahead = [s for s in targets(view, "examine") if threat(view, s) > threat(view, my_seat(view))]
    return max(ahead, key=lambda s: threat(view, s), default=None)


def claim_at_stake(view: CoupView) -> tuple[int, str]:
    """The claimant and the card of the claim open to challenge."""
    pending = view.pending
    assert pending is not None
    if view.window == "challenge_block":
        assert pending.blocker is not None and pending.block_card is not None
        return pending.blocker, pending.block_card
    assert pending.claim is not None
    return pending.actor, pending.claim


def challenge_threshold(view: CoupView, pending: Pending) -> float:
    """The chance of the claim being true below which the viewer challenges, by what is at stake."""
    mine = hand(view)
    if view.window == "challenge_block":
        if pending.actor != view.viewer:
            return CHALLENGE_LOW_STAKES
        return CHALLENGE_BLOCK_ON_ME.get(pending.block_card or "", 0.0)
    if pending.target != view.viewer:
        return CHALLENGE_ACTION.get(pending.kind, CHALLENGE_LOW_STAKES)
    if pending.kind == "assassinate":
        if CONTESSA in mine:
            return 0.0  # block instead
        if me(view).influence == 1:
            return LAST_LIFE_ASSASSIN if possible(view, CONTESSA) else 1.01
    if pending.kind == "steal" and (any(c in mine for c in steal_blockers(view)) or me(view).coins == 0):
        return CHALLENGE_LOW_STAKES  # blocking is free, or there is nothing to lose
    return CHALLENGE_ON_ME.get(pending.kind, CHALLENGE_LOW_STAKES)


def should_challenge(view: CoupView) -> bool:
    """A deterministic verdict: challenge what the visible cards make unlikely, weighed by the stakes."""
    assert view.pending is not None
    if view.window == "challenge_action" and view.pending.kind == "embezzle":
        return likely_duke(view, view.pending.actor)
    claimant, card = claim_at_stake(view)
    odds = p_holds(view, claimant, card)
    return odds == 0.0 or odds < challenge_threshold(view, view.pending)


def likely_duke(view: CoupView, seat: int) -> bool:
    """Whether seat, denying the Duke, probably holds one: it has claimed one, or the odds say so."""
    if unseen(view, DUKE) == 0:
        return False
    return DUKE in view.players[seat].claims or p_holds(view, seat, DUKE) >= EMBEZZLE_CHALLENGE


DECIDERS = {
    "action": "act",
    "challenge_action": "answer_claim",
    "challenge_block": "answer_claim",
    "block": "block",
    "prove": "prove",
    "lose": "reveal",
    "exchange": "keep",
    "setup": "pick",
    "allegiance": "side",
    "show": "show",
    "examine": "inquire",
}
"""The rule bot's method that answers each window (looked up by name: a play-out asks a bot every move)."""


class RuleBot:
    """Plays its own cards, bluffs only roles still possible, challenges by the odds, blocks what it can."""

    name = "rule"

    def __init__(self, seed: int, bluff: float = 0.15) -> None:
        self.rng = random.Random(seed)
        self.bluff = bluff

    def choose(self, view: CoupView) -> Move:
        """One of view.legal."""
        decide = DECIDERS.get(view.window)
        chosen = getattr(self, decide)(view) if decide else None
        return chosen if chosen is not None and is_one_of(chosen, view.legal) else view.legal[0]

    def bluffing(self, rate: float | None = None) -> bool:
        """Whether to bluff this once (at the bot's own rate unless given)."""
        rate = self.bluff if rate is None else rate
        return rate > 0 and self.rng.random() < rate

    def act(self, view: CoupView) -> Move:
        """Coup when affordable, assassinate, convert or embezzle when it pays, then the other actions of the cards
        held, then a rare bluff, then safe income."""
        coins, mine = me(view).coins, hand(view)
        coupable = targets(view, "coup")
        if coins >= COUP_COST and coupable:
            return move("coup", target=max(coupable, key=lambda s: threat(view, s)))
        victim, prey = assassin_target(view), steal_target(view)
        if ASSASSIN in mine and victim is not None:
            return move("assassinate", target=victim)
        reform = conversion(view) or embezzlement(view, mine, self.bluffing)
        if reform is not None:
            return reform
        if DUKE in mine:
            return move("tax")
        if CAPTAIN in mine and prey is not None:
            return move("steal", target=prey)
        if exchanger(view) in mine and self.dig(view):
            return move("exchange")
        suspect = examine_target(view)
        if INQUISITOR in mine and suspect is not None:
            return move("examine", target=suspect)
        if self.bluffing():
            options = [move("tax")] if possible(view, DUKE) else []
            if prey is not None and possible(view, CAPTAIN):
                options.append(move("steal", target=prey))
            if victim is not None and possible(view, ASSASSIN):
                options.append(move("assassinate", target=victim))
            if suspect is not None and possible(view, INQUISITOR):
                options.append(move("examine", target=suspect))
            if options:
                return self.rng.choice(options)
        if not self.duke_may_block(view):
            return move("foreign_aid")
        return move("income")

    def dig(self, view: CoupView) -> bool:
        """Exchange a weak hand while an active role may still be drawn and the game is not nearly over."""
        weak = not any(c in ACTIVE_ROLES for c in hand(view))
        return weak and not late(view) and any(unseen(view, c) > 0 for c in ACTIVE_ROLES)

    def duke_may_block(self, view: CoupView) -> bool:
        """Whether an opponent plausibly holds a Duke to block foreign aid."""
        if unseen(view, DUKE) == 0:
            return False
        return any(DUKE in p.claims or p_holds(view, p.seat, DUKE) > 0.3 for p in foes(view))

    def answer_claim(self, view: CoupView) -> Move:
        """Challenge or pass, never at random."""
        return CHALLENGE if should_challenge(view) else PASS

    def block(self, view: CoupView) -> Move:
        """Block with a card held. Bluff a block as a person would: always the Contessa to survive; rarely a block
        of what is aimed at the viewer, with a card it has said it holds or any possible one; another player's
        Foreign Aid only to keep up a Duke already claimed."""
        pending, mine = view.pending, hand(view)
        assert pending is not None
        cards = [m.card for m in view.legal if m.kind == "block" and m.card is not None]
        if pending.kind == "steal" and me(view).coins == 0:
            return PASS
        for card in cards:
            if card in mine:
                return move("block", card=card)
        bluffable = [c for c in cards if possible(view, c)]
        said = [c for c in bluffable if c in me(view).claims]
        if pending.kind == "assassinate" and me(view).influence == 1 and bluffable:
            return move("block", card=bluffable[0])
        if pending.target != view.viewer:
            return move("block", card=said[0]) if said and self.bluffing() else PASS
        if bluffable and self.bluffing(self.bluff * BLOCK_BLUFF_SHARE):
            return move("block", card=said[0] if said else self.rng.choice(bluffable))
        return PASS

    def prove(self, view: CoupView) -> Move:
        """Always prove a card held."""
        return move("prove") if move("prove") in view.legal else move("concede")

    def reveal(self, view: CoupView) -> Move:
        """Give up the least valuable card."""
        return min(view.legal, key=lambda m: card_value(view, m.card or ""))

    def keep(self, view: CoupView) -> Move:
        """Keep the best hand."""
        return max(view.legal, key=lambda m: hand_score(view, m.cards))

    def pick(self, view: CoupView) -> Move:
        """Choose the most valuable card in the two-player set-up."""
        return max(view.legal, key=lambda m: card_value(view, m.card or ""))

    def side(self, view: CoupView) -> Move:
        """Open Reformation as a Loyalist: the two sides differ only in name."""
        return move("allegiance", card=FACTIONS[0])

    def show(self, view: CoupView) -> Move:
        """Examined: show the Inquisitor the least valuable card."""
        return min(view.legal, key=lambda m: card_value(view, m.card or ""))

    def inquire(self, view: CoupView) -> Move:
        """As Inquisitor: force a strong shown card back into the deck, hand a weak one back."""
        strong = view.examined is not None and VALUE.get(view.examined, 0.0) >= EXAMINE_FORCE
        return move("force") if strong else move("return")
