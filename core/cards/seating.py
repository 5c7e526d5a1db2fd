"""Seating every card game alike: checking a table's size, names and first player, naming the seats, drawing who
plays first, and dealing each seat its cards."""

from __future__ import annotations

from core.rng import below


def check_table_size(game: str, players: int, least: int, most: int, names: tuple[str, ...]) -> None:
    """ValueError unless game is played by least to most players, named one name each (if named at all)."""
    if not least <= players <= most:
        raise ValueError(f"{game} is for {least} to {most} players, not {players}")
    if names and len(names) != players:
        raise ValueError(f"{len(names)} names given for {players} players")


def check_first_player(first: int | None, players: int) -> None:
    """ValueError unless first is None (drawn from the seed) or one of the seats."""
    whole = isinstance(first, int) and not isinstance(first, bool)
    if first is not None and (not whole or not 0 <= first < players):
        raise ValueError(f"first player {first} is not a seat")


def seat_names(names: tuple[str, ...], players: int) -> tuple[str, ...]:
    """The players' names, defaulting to 'Player N'."""
    return names or tuple(f"Player {i + 1}" for i in range(players))


def first_seat(rng: int, players: int, first_player: int | None) -> tuple[int, int]:
    """The generator state after the draw, and the seat that plays first: first_player, or drawn when None."""
    if first_player is None:
        return below(rng, players)
    return rng, first_player


def deal(seats: int, deck: tuple[str, ...], each: int = 2) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The hands of seats once dealt `each` cards each from the top of the deck (its end), a round at a time, and the
    deck left."""
    cards = list(deck)
    hands: list[list[str]] = [[] for _ in range(seats)]
    for _ in range(each):
        for hand in hands:
            hand.append(cards.pop())
    return tuple([tuple(hand) for hand in hands]), tuple(cards)
