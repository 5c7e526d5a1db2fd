"""Scenario helpers for the Coup tests: fixed deals built directly, and moves applied with checks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from core.cards.engine import COUP
from core.cards.events import Event, visible_to
from core.cards.invariants import validate
from core.cards.moves import Move
from core.cards.rules import CHARACTERS, copies_per_character
from core.cards.state import CoupConfig, CoupState, Player

Step = tuple[int, Move]

PASS = Move("pass")
CHALLENGE = Move("challenge")
PROVE = Move("prove")
CONCEDE = Move("concede")
INCOME = Move("income")
FOREIGN_AID = Move("foreign_aid")
TAX = Move("tax")
EXCHANGE = Move("exchange")


def coup(target: int) -> Move:
    """Coup against target."""
    return Move("coup", target=target)


def assassinate(target: int) -> Move:
    """Assassinate target."""
    return Move("assassinate", target=target)


def steal(target: int) -> Move:
    """Steal from target."""
    return Move("steal", target=target)


def block(card: str) -> Move:
    """Block with card."""
    return Move("block", card=card)


def reveal(card: str) -> Move:
    """Turn card face up to pay a lost influence."""
    return Move("reveal", card=card)


def keep(*cards: str) -> Move:
    """Keep cards at the end of an exchange."""
    return Move("keep", cards=tuple(cards))


def passes(*seats: int) -> list[Step]:
    """Each of seats passes, in that order."""
    return [(seat, PASS) for seat in seats]


def full_set(players: int) -> Counter[str]:
    """Every card of a base game for players."""
    return Counter({c: copies_per_character(players) for c in CHARACTERS})


def deck_for(
    hands: Sequence[Sequence[str]],
    top: Sequence[str] = (),
    revealed: Sequence[Sequence[str]] = (),
) -> list[str]:
    """The court deck left once hands (and revealed cards) are out: the other cards in a fixed
    order, then top so that top[0] is the next card drawn (the engine pops from the end)."""
    rest = full_set(len(hands))
    for cards in [*hands, *revealed, top]:
        rest.subtract(cards)
    if any(n < 0 for n in rest.values()):
        raise ValueError(f"more cards asked for than a deck holds: {dict(rest)}")
    return [c for c in CHARACTERS for _ in range(rest[c])] + list(reversed(top))


def stacked(
    hands: Sequence[Sequence[str]],
    deck: Sequence[str] | None = None,
    coins: Sequence[int] | None = None,
    first: int = 0,
    names: Sequence[str] | None = None,
    rng: int = 0x5EED,
    revealed: Sequence[Sequence[str]] | None = None,
    top: Sequence[str] = (),
) -> CoupState:
    """A state at the first player's action window with a fixed deal, built from the dataclasses.

    hands are the face-down cards of each seat; deck is the court deck with its top at the END
    (default: the rest of the cards, see deck_for, with top drawn first); coins default to 2 (0 for
    a seat already out); revealed are face-up cards already lost; rng is the generator state
    every later shuffle draws from."""
    players = len(hands)
    config = CoupConfig(players=players, names=tuple(names or ()))
    lost = [list(r) for r in revealed] if revealed else [[] for _ in hands]
    purses = list(coins) if coins is not None else [2 if hand else 0 for hand in hands]
    seats = tuple(
        Player(i, name, coins=purses[i], influence=len(hands[i]), revealed=tuple(lost[i]))
        for i, name in enumerate(config.seat_names())
    )
    dealt = tuple(tuple(cards) for cards in hands)
    court = tuple(deck) if deck is not None else tuple(deck_for(hands, top, lost))
    state = CoupState(config, seats, dealt, court, rng, active=first, window="action", owed=(first,))
    validate(state)
    return state


def play_checked(game: Any, check: Callable[[Any], None], state: Any, steps: Iterable[Step]) -> tuple[Any, list[Event]]:
    """Apply each (seat, move) of a card game in turn, asserting that apply leaves its input state unchanged and that
    check (the game's invariants) holds after each step; return the last state and all the events."""
    events: list[Event] = []
    for seat, move in steps:
        before = state.clone()
        after, new = game.apply(state, seat, move)
        assert state == before, f"apply changed its input state on seat {seat} playing {move}"
        state = after
        events.extend(new)
        check(state)
    return state, events


def play(state: CoupState, *steps: Step) -> tuple[CoupState, list[Event]]:
    """Play steps in Coup or Reformation, checked (see play_checked)."""
    return play_checked(COUP, validate, state, steps)


def pass_window(state: CoupState) -> tuple[CoupState, list[Event]]:
    """Every seat owing the open challenge or block window passes, clockwise."""
    window = state.window
    assert window in ("challenge_action", "block", "challenge_block"), window
    return play(state, *passes(*COUP.to_act(state)))


def coins(state: CoupState) -> list[int]:
    """Every seat's coins."""
    return [p.coins for p in state.players]


def hand(state: CoupState, seat: int) -> list[str]:
    """A seat's face-down cards, sorted."""
    return sorted(state.hands[seat])


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of events, in order."""
    return [e.kind for e in events]


def find_rng(works: Callable[[int], bool], limit: int = 10_000) -> int:
    """The smallest generator state in range(limit) for which works(rng) holds; a test uses it to
    pick the shuffle that draws the card a scripted scenario needs."""
    for rng in range(limit):
        if works(rng):
            return rng
    raise AssertionError(f"no generator state below {limit} works")


def scrambled(state: CoupState, viewer: int | None, rng_value: int) -> CoupState:
    """A copy of state whose secrets (for viewer) are dealt out again in another order, and whose
    generator state is rng_value: a view that leaks nothing is the same for both. The secrets are the deck, the
    discards, other seats' face-down cards, and the cards drawn in an exchange unless viewer is the one exchanging."""
    copy = state.clone()
    others = [seat for seat in range(len(state.players)) if seat != viewer]
    drawn_hidden = not (state.window == "exchange" and viewer == state.active)
    slots = [state.deck, state.discarded, *(state.hands[seat] for seat in others)]
    slots += [state.drawn] if drawn_hidden else []
    pool = [card for slot in slots for card in slot]
    random.Random(rng_value).shuffle(pool)
    dealt = []
    for slot in slots:
        dealt.append(tuple(pool[: len(slot)]))
        del pool[: len(slot)]
    copy.deck, copy.discarded = dealt[0], dealt[1]
    for seat, hand in zip(others, dealt[2:], strict=False):
        copy.set_hand(seat, hand)
    if drawn_hidden:
        copy.drawn = dealt[-1]
    copy.rng = rng_value
    return copy


def flipped(state: Any, seat: int, keep: str) -> Any | None:
    """A copy of a card game's state in which seat's face-down card beside keep (it holds two) is swapped with a card
    of the deck, the deck's lowest one that makes a pair two characters or two characters a pair; None when the deck
    holds none. Every seat but seat, and a spectator, must see both alike until seat's cards are shown."""
    hand = list(state.hands[seat])
    other = 1 - hand.index(keep)
    pair = hand[other] == keep
    deck = list(state.deck)
    at = next((i for i, card in enumerate(deck) if (card != keep) == pair), None)
    if at is None:
        return None
    hand[other], deck[at] = deck[at], hand[other]
    copy = state.clone()
    copy.set_hand(seat, tuple(hand))
    copy.deck = tuple(deck)
    return copy


def own_cards(state: Any, seat: int) -> tuple[tuple[str, ...], ...]:
    """The cards seat holds, and those it has drawn when it is the one exchanging."""
    return state.hands[seat], state.drawn if seat == state.active else ()


def assert_others_see_alike(
    game: Any, one: Any, other: Any, seat: int, events: tuple[list[Event], list[Event]]
) -> None:
    """Every seat but seat, and a spectator, sees one and other alike, and the events of each (events: one's, other's)
    alike, but for a seat that holds or has drawn other cards in each (the card swapped in: see flipped); the views of
    a game over (every hand shown) are not compared."""
    for viewer in [*range(len(one.players)), None]:
        if viewer == seat or (viewer is not None and own_cards(one, viewer) != own_cards(other, viewer)):
            continue
        assert visible_to(events[0], viewer) == visible_to(events[1], viewer), viewer
        if one.window != "over" or other.window != "over":
            assert game.view(one, viewer) == game.view(other, viewer), viewer


def assert_a_pair_is_asked_for_alike(
    game: Any, play: Callable[..., tuple[Any, list[Event]]], state: Any, steps: Sequence[Step], loser: int
) -> None:
    """loser holds a pair in state and loses an influence after steps (play plays them, checked): the lose window
    opens for it, its one reveal among its moves, and it reveals a card. Had it held two characters (see flipped),
    every other seat and a spectator would have seen the same after each step and after the reveal."""
    card = state.hands[loser][0]
    two_kinds = flipped(state, loser, card)
    assert state.hands[loser] == (card, card) and two_kinds is not None
    for step in [*steps, (loser, reveal(card))]:
        if step == (loser, reveal(card)):
            assert state.window == "lose" and game.to_act(state) == (loser,)
            assert [m for m in game.legal(state, loser) if m.kind == "reveal"] == [reveal(card)]
        (state, events), (two_kinds, more) = play(state, step), play(two_kinds, step)
        assert_others_see_alike(game, state, two_kinds, loser, (events, more))
    assert state.hands[loser] == (card,) and [e.card for e in events if e.kind == "lose" and e.seat == loser] == [card]
