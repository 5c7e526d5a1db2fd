"""What one seat may believe of the cards it cannot see: every deal of its opponents' hands its view allows, each
weighted by how likely it makes their claims, honest or bluffed (the rule bot's own rate of bluffing)."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb, prod

from core.cards.g54.roles import COPIES
from core.cards.g54.rule_bot import G54RuleBot
from core.cards.g54.views import G54View
from core.cards.rule_bot import RuleBot
from core.cards.rules import copies_per_character, ruleset
from core.cards.views import CoupView

CardView = CoupView | G54View
Hands = dict[int, tuple[str, ...]]
COUP_BLUFF, G54_BLUFF = RuleBot(0).bluff, G54RuleBot(0).bluff
"""How often the rule bots bluff when they could: a claim of a card not held is that much less likely than an honest
one (read from the bots themselves, so a retuned rate carries over)."""
EXACT_LIMIT = 60_000
"""Count the deals exactly while there are at most this many opponents' hands to combine; sample beyond."""
SAMPLES = 600
TRIES = 200
"""Draws of a uniform deal before a sample settles for the likeliest one it drew (see Beliefs.sample)."""


def shuffle(rng: random.Random, cards: list[str]) -> None:
    """Shuffle cards in place with the draws random.Random.shuffle makes (each swap below i + 1 by getrandbits, drawn
    again past it), without its call per card: a search shuffles the hidden cards up to TRIES times for each deal."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        size = i + 1
        bits = size.bit_length()
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


@dataclass(frozen=True)
class Opponent:
    """A living opponent as the viewer sees it: how many face-down cards it holds, the cards it claims to hold (still
    standing in public), the card it says it does not hold (Reformation's embezzlement, while open) and the cards the
    viewer knows are in its hand (an Inquisitor's examined card)."""

    seat: int
    cards: int
    claims: tuple[str, ...]
    denies: str | None = None
    known: tuple[str, ...] = ()


@dataclass(frozen=True)
class Beliefs:
    """The viewer's picture of the hidden cards: pool counts every card it cannot see (the opponents' hands, the deck,
    cards lost face down), by kind; a deal gives each opponent a hand out of it. A deal's weight is how many ways a
    fair shuffle makes it, times, for each opponent, bluff for each claim its hand does not back (and for a denial its
    hand belies); a deal that breaks what the viewer knows (a hand without a card it saw there) weighs nothing."""

    viewer: int
    pool: tuple[tuple[str, int], ...]
    opponents: tuple[Opponent, ...]
    bluff: float

    def likelihood(self, opponent: Opponent, hand: Sequence[str]) -> float:
        """How likely opponent's claims are with hand, against an honest hand's 1 (0: hand contradicts the view). Asked
        for every opponent of every deal a search draws: written as plain loops."""
        known = opponent.known
        if known and any(hand.count(card) < known.count(card) for card in set(known)):
            return 0.0
        bluffs = 0
        for card in opponent.claims:
            if card not in hand:
                bluffs += 1
        if opponent.denies is not None and opponent.denies in hand:
            bluffs += 1
        return float(self.bluff**bluffs)

    def worlds(self) -> Iterator[tuple[Hands, float]]:
        """Every deal of the opponents' hands (as sorted tuples, by seat) with a weight above 0, counted exactly."""
        yield from self._deal(0, tuple(count for _, count in self.pool), 1.0, {})

    def _deal(self, index: int, left: tuple[int, ...], weight: float, hands: Hands) -> Iterator[tuple[Hands, float]]:
        if index == len(self.opponents):
            yield hands, weight
            return
        opponent = self.opponents[index]
        for counts in _splits(left, opponent.cards):
            hand = tuple(card for (card, _), n in zip(self.pool, counts, strict=True) for _ in range(n))
            like = self.likelihood(opponent, hand)
            if like > 0:
                ways = prod(comb(have, n) for have, n in zip(left, counts, strict=True))
                rest = tuple(have - n for have, n in zip(left, counts, strict=True))
                yield from self._deal(index + 1, rest, weight * ways * like, {**hands, opponent.seat: hand})

    def deals(self) -> int:
        """At most how many deals worlds would go through."""
        kinds = len(self.pool)
        return prod(comb(kinds + o.cards - 1, o.cards) for o in self.opponents)

    def sample(self, rng: random.Random) -> tuple[Hands, list[str]]:
        """One deal drawn with its weight's chance (a uniform deal, kept with the chance its claims give it), and the
        rest of the pool in random order. After TRIES refusals the likeliest deal drawn is kept: a possible one,
        never a deal the view rules out. A search draws up to TRIES deals for each one it plays out: a refused deal's
        hands are weighed as they lie (the weight counts cards, not their order) and sorted only once kept."""
        cards = [card for card, count in self.pool for _ in range(count)]
        spans, at = [], 0
        for opponent in self.opponents:
            spans.append((opponent, at, at + opponent.cards))
            at += opponent.cards
        likelihood, random_draw = self.likelihood, rng.random
        best_like, best_cards = -1.0, cards
        for _ in range(TRIES):
            shuffle(rng, cards)
            like = 1.0
            for opponent, start, end in spans:
                like *= likelihood(opponent, cards[start:end])
            if random_draw() < like:
                return _dealt(cards, spans)
            if like > best_like:
                best_like, best_cards = like, cards[:]
        if best_like <= 0:
            raise ValueError("no deal of the hidden cards agrees with this view")
        return _dealt(best_cards, spans)

    def holds(self) -> dict[int, dict[str, float]]:
        """For each opponent, the chance that it holds at least one of each card: exact while the deals are few
        (EXACT_LIMIT), else from SAMPLES deals drawn from a generator seeded by the position."""
        found = {o.seat: dict.fromkeys([card for card, _ in self.pool], 0.0) for o in self.opponents}
        total = 0.0
        if self.deals() <= EXACT_LIMIT:
            weighted: Iterator[tuple[Hands, float]] = self.worlds()
        else:
            rng = random.Random(zlib.crc32(repr(self).encode()))
            weighted = ((self.sample(rng)[0], 1.0) for _ in range(SAMPLES))
        for hands, weight in weighted:
            total += weight
            for seat, hand in hands.items():
                for card in set(hand):
                    found[seat][card] += weight
        return {seat: {card: weight / total for card, weight in by_card.items()} for seat, by_card in found.items()}

    def chance(self, seat: int, card: str) -> float:
        """P(seat holds card)."""
        return self.holds()[seat][card]


def beliefs(view: CardView, bluff: float | None = None) -> Beliefs:
    """What view's seat may believe (bluff: the rate of bluffing assumed, the rule bot's by default)."""
    if view.viewer is None:
        raise ValueError("beliefs are a seat's, not a spectator's")
    if isinstance(view, CoupView) and view.two_player_variant:
        raise ValueError("the two-player variant's chosen cards are not tracked")
    seen = Counter(view.own_hand() or ())
    seen.update(view.drawn)
    seen.update(card for player in view.players for card in player.revealed)
    if isinstance(view, G54View):
        seen.update(view.lost_face_down(view.viewer))
        seen.update([view.given] if view.given is not None else [])  # a Producer's card in the hands of neither
    pool = tuple((card, copies - seen[card]) for card, copies in composition(view))
    denier = denial(view)
    opponents = tuple(
        Opponent(
            p.seat,
            p.influence,
            tuple(p.claims),
            denier[1] if denier is not None and denier[0] == p.seat else None,
            known_cards(view, p.seat),
        )
        for p in view.players
        if p.seat != view.viewer and p.influence > 0
    )
    rate = bluff if bluff is not None else G54_BLUFF if isinstance(view, G54View) else COUP_BLUFF
    return Beliefs(view.viewer, pool, opponents, rate)


def composition(view: CardView) -> tuple[tuple[str, int], ...]:
    """Every kind of card in the game, and how many copies the game has."""
    if isinstance(view, G54View):
        return tuple((role, COPIES) for role in view.roles)
    copies = copies_per_character(len(view.players))
    return tuple((card, copies) for card in ruleset(view.inquisitor, view.reformation).characters)


def denial(view: CardView) -> tuple[int, str] | None:
    """The seat that says it does not hold a card, and the card, while that open claim may be challenged."""
    if isinstance(view, CoupView) and view.pending is not None and view.window == "challenge_action":
        denied = ruleset(view.inquisitor, view.reformation).actions[view.pending.kind].denies
        if denied is not None:
            return view.pending.actor, denied
    return None


def known_cards(view: CardView, seat: int) -> tuple[str, ...]:
    """Cards the viewer has seen in seat's hand and that are still there: the one seat showed it as Inquisitor."""
    if not isinstance(view, CoupView) or view.window != "examine" or view.examined is None:
        return ()
    return (view.examined,) if view.pending is not None and view.pending.target == seat else ()


def claim_at_stake(view: CardView) -> tuple[int, str, bool] | None:
    """The claim the view's window asks about: the claimant, the card, and whether it is a denial (Reformation's
    embezzlement says it holds no Duke); None when no claim is open to challenge."""
    if isinstance(view, G54View):
        if view.window in ("claim", "react") and view.claim is not None:
            return view.claim.seat, view.claim.role, False
        return None
    pending = view.pending
    if pending is None:
        return None
    if view.window == "challenge_block" and pending.blocker is not None and pending.block_card is not None:
        return pending.blocker, pending.block_card, False
    if view.window == "challenge_action":
        denied = denial(view)
        if denied is not None:
            return denied[0], denied[1], True
        if pending.claim is not None:
            return pending.actor, pending.claim, False
    return None


def bluff_chance(view: CardView, belief: Beliefs | None = None) -> float | None:
    """P(the claim open to challenge in view is a bluff), or None when no claim is open (or its claimant is the
    viewer)."""
    stake = claim_at_stake(view)
    if stake is None or stake[0] == view.viewer:
        return None
    seat, card, denies = stake
    holds = (belief or beliefs(view)).chance(seat, card)
    return holds if denies else 1.0 - holds


def _dealt(cards: list[str], spans: list[tuple[Opponent, int, int]]) -> tuple[Hands, list[str]]:
    """The opponents' hands (sorted) dealt from cards at their spans, and the cards after the last."""
    hands = {opponent.seat: tuple(sorted(cards[start:end])) for opponent, start, end in spans}
    return hands, cards[spans[-1][2] if spans else 0 :]


def _splits(left: tuple[int, ...], size: int) -> Iterator[tuple[int, ...]]:
    """Every way to take size cards out of counts left, as how many of each kind."""
    if not left:
        if size == 0:
            yield ()
        return
    for n in range(min(left[0], size), -1, -1):
        for rest in _splits(left[1:], size - n):
            yield (n, *rest)
