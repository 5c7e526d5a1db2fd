"""Whole game states a seat's view could stand for: the view's public table and own hand, with a deal of the cards it
cannot see (core.cards.beliefs) in the opponents' hands, the deck and the cards lost face down. Built only in the
windows whose whole state a view shows (COUP_WINDOWS, G54_WINDOWS); the generator is a fresh one, never the game's."""

from __future__ import annotations

from core.cards.beliefs import Hands
from core.cards.g54.config import G54Config
from core.cards.g54.state import G54State
from core.cards.g54.views import G54View
from core.cards.state import CoupConfig, CoupState
from core.cards.views import CoupView
from core.rng import seed_state

COUP_WINDOWS = ("action", "challenge_action", "challenge_block", "block")
"""Coup and Reformation windows in which nothing but cards is hidden: no loss queued behind the one asked for, no step
waiting for a window to close, no card drawn or examined."""
G54_WINDOWS = ("action",)
"""G54's: only a turn's start, before its action brings blocks, joins and funds the view does not carry whole."""


def coup_world(view: CoupView, hands: Hands, rest: list[str], seed: int) -> CoupState:
    """The Coup or Reformation state view stands for, opponents holding hands and the deck rest (its top at the end)."""
    if view.window not in COUP_WINDOWS or view.viewer is None:
        raise ValueError(f"a {view.window} window is not built from a view")
    names = tuple(p.name for p in view.players)
    config = CoupConfig(len(names), names, inquisitor=view.inquisitor, reformation=view.reformation)
    players = view.players  # the state's own seats
    dealt = tuple([tuple(view.hands[p.seat] or hands.get(p.seat, ())) for p in view.players])
    state = CoupState(config, players, dealt, tuple(rest), seed_state(seed), view.active, view.window, view.owed)
    state.turn, state.version, state.reserve = view.turn, view.version, view.reserve
    state.pending, state.challenge = view.pending, view.challenge  # public records, never changed: shared
    return state


def g54_world(view: G54View, hands: Hands, rest: list[str], seed: int) -> G54State:
    """The G54 state view stands for at a turn's start: opponents hold hands, their cards lost face down are the
    first of rest and the deck is the others (its top at the end)."""
    if view.window not in G54_WINDOWS or view.viewer is None:
        raise ValueError(f"a {view.window} window is not built from a view")
    names = tuple(p.name for p in view.players)
    config = G54Config(len(names), names, selection="pick", roles=view.roles)
    deck, dealt, asides = list(rest), [], []
    for p in view.players:
        aside = view.asides[p.seat]
        asides.append(aside if aside is not None else tuple(deck.pop(0) for _ in range(p.aside_count)))
        dealt.append(tuple(view.hands[p.seat] or hands.get(p.seat, ())))
    players = view.players  # the state's own seats
    state = G54State(
        config,
        view.roles,
        players,
        tuple(dealt),
        tuple(asides),
        tuple(deck),
        seed_state(seed),
        view.active,
        view.window,
        view.owed,
    )
    state.turn, state.version = view.turn, view.version
    state.spying, state.peacekeeper, state.collector, state.taxed = (
        view.spying,
        view.peacekeeper,
        view.collector,
        view.taxed,
    )
    state.treaty = (view.treaty[0], view.treaty[1]) if view.treaty else None
    state.disappear = view.disappear
    return state
