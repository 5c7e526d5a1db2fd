"""Scenario helpers for the G54 tests: positions built directly, moves applied with checks, the invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from core.cards.events import Event
from core.cards.g54.config import G54Config
from core.cards.g54.engine import G54
from core.cards.g54.roles import COMMUNICATIONS, COPIES, FINANCE, FORCE, GROUPS, PER_GROUP, ROLES, SPECIAL
from core.cards.g54.state import DISAPPEAR_TOKENS, G54Player, G54State
from core.cards.moves import Move
from tests.cards_helpers import play_checked

Step = tuple[int, Move]

PASS = Move("pass")
CHALLENGE = Move("challenge")
PROVE = Move("prove")
CONCEDE = Move("concede")
INCOME = Move("income")
JOIN = Move("join")
PAY = Move("pay")
REFUSE = Move("refuse")
CLAIM = Move("claim")
DRAW = Move("draw")

FILLERS = {
    FINANCE: ("Banker", "Spy"),
    COMMUNICATIONS: ("Director", "Reporter"),
    FORCE: ("Guerrilla", "General"),
    SPECIAL: ("Politician", "Peacekeeper", "Priest"),
}
"""Basic roles that complete a role set around the roles a scenario is about."""


class BrokenInvariant(AssertionError):
    """The engine reached a state no game of G54 can be in."""


def roles_for(*names: str) -> tuple[str, ...]:
    """Five roles in play: names, completed up to 1 Finance, 1 Communications, 1 Force and 2 Special
    Interests with basic fillers."""
    chosen = list(names)
    for group in GROUPS:
        fillers = iter(r for r in FILLERS[group] if r not in chosen)
        while sum(ROLES[r].group == group for r in chosen) < PER_GROUP[group]:
            chosen.append(next(fillers))
    return tuple(chosen)


def role_cards(roles: Iterable[str]) -> Counter[str]:
    """The influence cards of a game with roles in play: 3 of each."""
    return Counter({role: COPIES for role in roles})


def move(kind: str, target: int | None = None, card: str | None = None, other: int | None = None) -> Move:
    """A move of kind, such as move('guerrilla', 2) or move('customs_officer', card='Banker')."""
    return Move(kind, target=target, card=card, other=other)


def block(role: str) -> Move:
    """Block by claiming role."""
    return Move("block", card=role)


def reveal(card: str) -> Move:
    """Turn card face up to pay a lost influence."""
    return Move("reveal", card=card)


def react(role: str, card: str) -> Move:
    """Set card aside face down, claiming the reactive role (Intellectual or Missionary)."""
    return Move(role.lower(), card=card)


def keep(*cards: str, give: str | None = None) -> Move:
    """Keep cards at the end of an exchange (a Producer also names the card it gives back)."""
    return Move("keep", card=give, cards=tuple(sorted(cards)))


def give(card: str) -> Move:
    """A Producer's target hands over card."""
    return Move("give", card=card)


def passes(*seats: int) -> list[Step]:
    """Each of seats passes, in that order."""
    return [(seat, PASS) for seat in seats]


def table(
    hands: Sequence[Sequence[str]],
    roles: Sequence[str] = (),
    coins: Sequence[int] | None = None,
    top: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    active: int = 0,
    rng: int = 0x5EED,
    revealed: Sequence[Sequence[str]] | None = None,
    aside: Sequence[Sequence[str]] | None = None,
    peacekeeper: int | None = None,
    treaty: tuple[int, int] | None = None,
    collector: int | None = None,
    taxed: str | None = None,
    disappear: Sequence[int] = (),
) -> G54State:
    """A G54 state at the active seat's action window, built from the dataclasses.

    roles are completed by roles_for; hands are each seat's face-down cards (an empty hand is a seat
    already out); coins default to 2 (0 for a seat out); revealed and aside are cards already lost face
    up or face down; deck defaults to the rest of the cards in a fixed order with top drawn first (the
    engine pops from the end); the tokens are placed as given; rng is the generator state every later
    shuffle draws from."""
    config = G54Config(players=len(hands), selection="pick", roles=roles_for(*roles), first_player=active)
    lost_up = [list(r) for r in revealed] if revealed else [[] for _ in hands]
    lost_down = [list(a) for a in aside] if aside else [[] for _ in hands]
    purses = list(coins) if coins is not None else [2 if hand else 0 for hand in hands]
    players = tuple(
        G54Player(i, name, purses[i], len(hands[i]), tuple(lost_up[i]), aside_count=len(lost_down[i]), out=not hands[i])
        for i, name in enumerate(config.seat_names())
    )
    if deck is None:
        rest = role_cards(config.roles)
        for cards in [*hands, *lost_up, *lost_down, top]:
            rest.subtract(cards)
        if any(n < 0 for n in rest.values()):
            raise ValueError(f"more cards asked for than the game holds: {dict(rest)}")
        deck = [r for r in config.roles for _ in range(rest[r])] + list(reversed(top))
    state = G54State(
        config,
        config.roles,
        players,
        tuple(tuple(hand) for hand in hands),
        tuple(tuple(cards) for cards in lost_down),
        tuple(deck),
        rng,
        active=active,
        owed=(active,),
        peacekeeper=peacekeeper,
        treaty=treaty,
        collector=collector,
        taxed=taxed,
        disappear=tuple(disappear),
    )
    validate(state)
    return state


def play(state: G54State, *steps: Step) -> tuple[G54State, list[Event]]:
    """Play steps in G54, checked (see cards_helpers.play_checked)."""
    return play_checked(G54, validate, state, steps)


def validate(state: G54State) -> None:
    """Raise BrokenInvariant unless cards are conserved (3 of each role in play), coins are never
    negative (and the fallen hold none), some living seat owes the open window unless the game is over
    with one survivor, and the role tokens sit on living players (at most 3 Disappear, one a player)."""
    cards = Counter(state.deck) + Counter(state.drawn)
    for player, hand, aside in zip(state.players, state.hands, state.asides, strict=True):
        cards += Counter(hand) + Counter(player.revealed) + Counter(aside)
    if state.given is not None:
        cards[state.given] += 1
    if cards != role_cards(state.roles):
        raise BrokenInvariant(f"cards not conserved: {dict(cards)} != {dict(role_cards(state.roles))}")
    for seat, player in enumerate(state.players):
        hand = state.hands[seat]
        if player.seat != seat or player.influence != len(hand) or player.aside_count != len(state.asides[seat]):
            raise BrokenInvariant(f"seat {seat} kept as {player} with {hand} and {state.asides[seat]} set aside")
        if player.coins < 0:
            raise BrokenInvariant(f"seat {seat} has {player.coins} coins")
        if player.out and (player.coins or hand):
            raise BrokenInvariant(f"seat {seat} is out with {player.coins} coins and cards {hand}")
        if len(hand) > 2:
            raise BrokenInvariant(f"seat {seat} holds {hand}")
    living = state.living()
    if state.window == "over":
        if state.winner is None or living != [state.winner] or state.owed:
            raise BrokenInvariant(f"game over with winner {state.winner}, living {living}, owed {state.owed}")
    else:
        if not state.owed:
            raise BrokenInvariant(f"the {state.window} window is owed by nobody")
        if len(set(state.owed)) != len(state.owed) or not set(state.owed) <= set(living):
            raise BrokenInvariant(f"the {state.window} window is owed by {state.owed}, living {living}")
    check_tokens(state, living)


def check_tokens(state: G54State, living: list[int]) -> None:
    """The Disappear, Peacekeeping, Treaty and Tax tokens are on living players, as many as the box holds."""
    disappear = state.disappear
    if len(disappear) > DISAPPEAR_TOKENS or len(set(disappear)) != len(disappear):
        raise BrokenInvariant(f"Disappear tokens on {disappear}")
    holders = [*disappear, *(() if state.peacekeeper is None else (state.peacekeeper,))]
    holders += [*(state.treaty or ()), *(() if state.collector is None else (state.collector,))]
    if not set(holders) <= set(living):
        raise BrokenInvariant(f"tokens on {holders}, living {living}")
    if (state.collector is None) != (state.taxed is None) or (state.taxed and state.taxed not in state.roles):
        raise BrokenInvariant(f"tax collected by {state.collector} on {state.taxed}")
    if state.treaty is not None and state.treaty[0] == state.treaty[1]:
        raise BrokenInvariant(f"a treaty with oneself: {state.treaty}")


def coins(state: G54State) -> list[int]:
    """Every seat's coins."""
    return [p.coins for p in state.players]


def hand(state: G54State, seat: int) -> list[str]:
    """A seat's face-down cards, sorted."""
    return sorted(state.hands[seat])


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of events, in order."""
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of kind, in order."""
    return [e for e in events if e.kind == kind]


def legal(state: G54State, seat: int) -> tuple[Move, ...]:
    """Every move seat may make now."""
    return G54.legal(state, seat)


def pass_window(state: G54State) -> tuple[G54State, list[Event]]:
    """Every seat owing the open window passes, in the order owed."""
    return play(state, *passes(*G54.to_act(state)))
