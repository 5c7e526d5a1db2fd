"""Checks that must hold after every applied move; tests call validate on every state they see."""

from __future__ import annotations

from collections import Counter

from core.cards.rules import FACTIONS, copies_per_character
from core.cards.state import CoupState


class BrokenInvariant(AssertionError):
    """The engine reached a state no game of Coup can be in."""


def validate(state: CoupState) -> None:
    """Raise BrokenInvariant unless cards are conserved, coins are whole and some seat owes the
    open window (or the game is over with one survivor)."""
    cards: Counter[str] = Counter(state.deck) + Counter(state.drawn) + Counter(state.discarded)
    for player, hand in zip(state.players, state.hands, strict=True):
        cards += Counter(hand) + Counter(player.revealed)
    for choice in state.choices:
        cards += Counter(choice)
    per_set = 3 if state.config.two_player_variant else copies_per_character(state.config.players)
    expected = Counter({c: per_set for c in state.config.rules.characters})
    if cards != expected:
        raise BrokenInvariant(f"cards not conserved: {dict(cards)} != {dict(expected)}")
    if state.reserve < 0:
        raise BrokenInvariant(f"the treasury reserve holds {state.reserve} coins")
    chosen = state.config.reformation and state.window not in ("setup", "allegiance")
    allegiances = [player.allegiance for player in state.players]
    if chosen and not set(allegiances) <= set(FACTIONS):
        raise BrokenInvariant(f"allegiances {allegiances}")
    for seat, player in enumerate(state.players):
        if player.seat != seat or player.influence != len(state.hands[seat]):
            raise BrokenInvariant(f"seat {seat} kept as {player} with the hand {state.hands[seat]}")
        if player.coins < 0:
            raise BrokenInvariant(f"seat {seat} has {player.coins} coins")
        if player.influence + len(player.revealed) > 2:
            raise BrokenInvariant(f"seat {seat} holds {state.hands[seat] + player.revealed}")
        if not player.alive and player.coins:
            raise BrokenInvariant(f"eliminated seat {seat} kept {player.coins} coins")
    living = state.living()
    if state.window == "over":
        if state.winner is None or living != [state.winner]:
            raise BrokenInvariant(f"game over with winner {state.winner} but living {living}")
        return
    if not state.owed:
        raise BrokenInvariant(f"the {state.window} window is owed by nobody")
    if len(set(state.owed)) != len(state.owed):
        raise BrokenInvariant(f"a seat owes the {state.window} window twice: {state.owed}")
    n = len(state.players)
    if state.window != "setup" and list(state.owed) != sorted(state.owed, key=lambda seat: (seat - state.active) % n):
        raise BrokenInvariant(f"owed {state.owed} is not clockwise from the active seat {state.active}")
    if any(not state.players[seat].alive for seat in state.owed):
        raise BrokenInvariant(f"an eliminated seat owes the {state.window} window: {state.owed}")
    if state.then and state.window != "lose":
        raise BrokenInvariant(f"step {state.then!r} left pending while the {state.window} window is open")
