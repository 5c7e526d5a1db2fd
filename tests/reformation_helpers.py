"""Scenario helpers for Reformation and Inquisitor tests: fixed deals with allegiances, a reserve and either deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from core.cards.engine import REFORMATION
from core.cards.invariants import validate
from core.cards.moves import Move
from core.cards.rules import LOYALIST, REFORMIST, copies_per_character, ruleset
from core.cards.state import CoupConfig, CoupState, Player

L, R = LOYALIST, REFORMIST

EMBEZZLE = Move("embezzle")
RETURN = Move("return")
FORCE = Move("force")


def allegiance(faction: str) -> Move:
    """The first player's choice of faction."""
    return Move("allegiance", card=faction)


def convert(target: int) -> Move:
    """Convert target (the actor itself or another seat)."""
    return Move("convert", target=target)


def examine(target: int) -> Move:
    """Examine target, claiming the Inquisitor."""
    return Move("examine", target=target)


def show(card: str) -> Move:
    """Show card to the Inquisitor examining you."""
    return Move("show", card=card)


def full_court(players: int, inquisitor: bool) -> Counter[str]:
    """Every character card of a table of players, with the Inquisitor or the Ambassador."""
    return Counter({c: copies_per_character(players) for c in ruleset(inquisitor).characters})


def court_for(
    hands: Sequence[Sequence[str]],
    inquisitor: bool,
    top: Sequence[str] = (),
    revealed: Sequence[Sequence[str]] = (),
) -> list[str]:
    """The court deck left once hands and revealed cards are out, with top[0] drawn first (the
    engine pops from the end)."""
    rest = full_court(len(hands), inquisitor)
    for cards in [*hands, *revealed, top]:
        rest.subtract(cards)
    if any(n < 0 for n in rest.values()):
        raise ValueError(f"more cards asked for than a deck holds: {dict(rest)}")
    return [c for c in sorted(rest) for _ in range(rest[c])] + list(reversed(top))


def reformed(
    hands: Sequence[Sequence[str]],
    factions: Sequence[str] | None = None,
    coins: Sequence[int] | None = None,
    first: int = 0,
    inquisitor: bool = False,
    reserve: int = 0,
    top: Sequence[str] = (),
    revealed: Sequence[Sequence[str]] | None = None,
    reformation: bool = True,
    rng: int = 0x5EED,
) -> CoupState:
    """A Reformation table (or, with reformation=False, base Coup) at the first player's action
    window with a fixed deal; factions default to alternating Loyalist, Reformist from seat 0;
    coins default to 2 (0 for a seat already out)."""
    players = len(hands)
    config = CoupConfig(players=players, inquisitor=inquisitor, reformation=reformation)
    lost = [list(r) for r in revealed] if revealed else [[] for _ in hands]
    purses = list(coins) if coins is not None else [2 if hand else 0 for hand in hands]
    sides = tuple(factions) if factions is not None else tuple((L, R)[i % 2] for i in range(players))
    seats = tuple(
        Player(i, name, purses[i], len(hands[i]), tuple(lost[i]), allegiance=sides[i] if reformation else "")
        for i, name in enumerate(config.seat_names())
    )
    state = CoupState(
        config,
        seats,
        tuple(tuple(hand) for hand in hands),
        tuple(court_for(hands, inquisitor, top, lost)),
        rng,
        active=first,
        window="action",
        owed=(first,),
        reserve=reserve,
    )
    validate(state)
    return state


def sides(state: CoupState) -> tuple[str, ...]:
    """Every seat's allegiance, () before they are chosen."""
    return tuple(player.allegiance for player in state.players) if state.allegiances_chosen() else ()


def targets(state: CoupState, seat: int, kind: str) -> list[int]:
    """The seats a legal move of kind by seat may aim at, in the order legal lists them."""
    return [m.target for m in REFORMATION.legal(state, seat) if m.kind == kind and m.target is not None]


def all_cards(state: CoupState) -> Counter[str]:
    """Every character card on the table: deck, drawn, hands and face-up cards."""
    cards = Counter(state.deck) + Counter(state.drawn)
    for player, hand in zip(state.players, state.hands, strict=True):
        cards += Counter(hand) + Counter(player.revealed)
    return cards
