"""Multiplayer Elo per game kind: a finished game is pairwise results, the winner against each loser, each pair
weighted 1/(N-1) so a six-player win moves a rating about as much as a two-player one."""

from __future__ import annotations

from collections.abc import Sequence

INITIAL = 1500.0  # a new identity's rating in a game kind
K = 32.0  # the most one game can move a rating


def expected(mine: float, theirs: float) -> float:
    """The chance Elo gives a player rated mine to beat one rated theirs."""
    return 1.0 / (1.0 + float(10.0 ** ((theirs - mine) / 400.0)))


def changes(who: Sequence[str], ratings: Sequence[float], winner: int) -> dict[str, float]:
    """How much each identity's rating moves after a game of len(who) seats that winner won: who[i] holds seat i,
    rated ratings[i] before the game. Seats of one identity (three seats of the same computer level) do not play
    each other, and an identity in several seats gets the sum."""
    seats = len(who)
    moved = dict.fromkeys(who, 0.0)
    if seats < 2:
        return moved
    weight = K / (seats - 1)
    for loser in range(seats):
        if loser == winner or who[loser] == who[winner]:
            continue
        gain = weight * (1.0 - expected(ratings[winner], ratings[loser]))
        moved[who[winner]] += gain
        moved[who[loser]] -= gain
    return moved


def forfeit_loss(who: Sequence[str], ratings: Sequence[float], leaver: int) -> float:
    """How much the rating of who[leaver] drops for a game it left that was never finished: a lost pairwise result
    against every other seat, weighted as in changes (the others played no finished game: theirs stay)."""
    seats = len(who)
    if seats < 2:
        return 0.0
    weight = K / (seats - 1)
    others = [seat for seat in range(seats) if seat != leaver and who[seat] != who[leaver]]
    return sum(weight * expected(ratings[leaver], ratings[seat]) for seat in others)
