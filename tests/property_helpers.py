"""Helpers shared by the seeded-game property tests of base Coup and Reformation."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations_with_replacement
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.strategies import SearchStrategy

from core.cards.engine import CoupGame
from core.cards.events import Event, visible_to
from core.cards.invariants import validate
from core.cards.moves import Move
from core.cards.state import CoupConfig, CoupState
from core.cards.views import CoupView
from core.game import IllegalMove
from core.records import Record, replay, replay_states
from core.registry import make_bot
from core.sim import GameOutcome, derive_seeds, play_game
from tests.cards_helpers import assert_others_see_alike, flipped


def games_settings(examples: int, explain: bool = True) -> Any:
    """Deterministic hypothesis settings for examples whole games (without the slow "explain" replays
    of whole games unless explain)."""
    phases = {} if explain else {"phases": (Phase.explicit, Phase.generate, Phase.shrink)}
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
        **phases,
    )


def play_bots(game: CoupGame, config: CoupConfig, seed: int, bots: tuple[str, ...]) -> GameOutcome:
    """Play a whole game with the named bots, each seeded from seed."""
    seeds = derive_seeds(seed, len(bots))
    players = [make_bot(game.name, name, s) for name, s in zip(bots, seeds, strict=True)]
    return play_game(game, config, seed, players)


def states(outcome: GameOutcome) -> Iterator[tuple[CoupState, list[Event]]]:
    """Every state of the game from the start, with the events of the move that led to it."""
    for state, events, _ in replay_states(outcome.record):
        yield state, events


def keep_moves(cards: Iterable[str]) -> list[Move]:
    """Every keep of one card or of two out of cards."""
    cards = tuple(cards)
    moves = [Move("keep", cards=(c,)) for c in cards]
    moves += [Move("keep", cards=tuple(sorted(pair))) for pair in combinations_with_replacement(cards, 2)]
    return moves


def assert_one_winner_and_invariants(
    game: CoupGame, outcome: GameOutcome, check: Callable[[CoupState], None] = lambda state: None
) -> None:
    """The game ended with one winner and one win event; every state along the way is valid, owed by
    someone with legal moves until the end, and passes check."""
    final = outcome.state
    assert final.window == "over" and game.to_act(final) == ()
    assert final.living() == [outcome.winner] and game.result(final) == outcome.winner
    seen, wins = 0, 0
    for state, events in states(outcome):
        validate(state)
        seen += 1
        wins += [e.kind for e in events].count("win")
        if state.window != "over":
            assert game.to_act(state), "a window nobody owes"
            assert all(game.legal(state, seat) for seat in game.to_act(state))
            assert game.result(state) is None
        check(state)
    assert seen == outcome.decisions + 1 and state == final and wins == 1


def assert_replays(play: Callable[[], GameOutcome]) -> None:
    """The record of play() replays to its final state, also after a trip through JSON, and playing
    again (the same seed) gives the same record."""
    outcome = play()
    assert replay(outcome.record) == outcome.state
    text = outcome.record.to_json()
    again = Record.from_json(text)
    assert again.to_json() == text
    assert replay(again) == outcome.state
    assert play().record.to_json() == text  # the same seed plays the same game


def assert_refuses_illegal(
    game: CoupGame,
    outcome: GameOutcome,
    seed: int,
    players: int,
    catalog: list[Move],
    borrowed_per_seat: int,
    catalog_draws: int,
    per_state: int,
) -> None:
    """In every state of the game, apply refuses (and changes nothing for) per_state moves outside
    legal: picked from legal moves of the owing seats played by a seat that owes nothing
    (borrowed_per_seat for each such seat), catalog_draws moves of catalog by any seat, and per_state
    moves of catalog by each owing seat."""
    rng = random.Random(seed)
    seats = list(range(-1, players + 1))
    refused = 0
    for state, _ in states(outcome):
        owed = game.to_act(state)
        # A legal move played by a seat that owes nothing, then anything from the catalog.
        borrowed = [m for seat in owed for m in game.legal(state, seat)]
        sample = min(borrowed_per_seat, len(borrowed))
        pool = [(seat, m) for seat in seats if seat not in owed for m in rng.sample(borrowed, sample)]
        pool += [(rng.choice(seats), rng.choice(catalog)) for _ in range(catalog_draws)]
        pool += [(seat, rng.choice(catalog)) for seat in owed for _ in range(per_state)]
        illegal = [(seat, m) for seat, m in pool if seat not in owed or m not in game.legal(state, seat)]
        for seat, move in rng.sample(illegal, min(per_state, len(illegal))):
            before = state.clone()
            with pytest.raises(IllegalMove):
                game.apply(state, seat, move)
            assert state == before
            refused += 1
    assert refused >= per_state * outcome.decisions // 2


def assert_private_events_reach_only_their_seats(events: list[Event], viewers: list[int | None]) -> None:
    """Each viewer sees only the events that are public or name it."""
    for viewer in viewers:
        assert all(e.to is None or viewer in e.to for e in visible_to(events, viewer))


def assert_only_own_hand_shown(view: CoupView, state: CoupState, viewer: int | None) -> None:
    """view shows viewer's own hand and no other seat's."""
    for seat, hand in enumerate(view.hands):
        assert hand == (tuple(state.hands[seat]) if seat == viewer else None)


def moves_played(record: Record) -> Iterator[tuple[Any, int, Move, Any, list[Event]]]:
    """Every move of a card game's record: the state it was played in, the seat, the move, the state after it and its
    events."""
    steps = replay_states(record)
    before, _, game = next(steps)
    for (seat, data), (after, events, _) in zip(record.moves, steps, strict=True):
        yield before, seat, game.load_move(data), after, events
        before = after


def losing_one_of_two(before: Any, seat: int, after: Any, events: list[Event]) -> int | None:
    """The seat holding two face-down cards before seat's move that must lose one after it (its lose window open) or
    lost one in it (turned up unasked, as the engine once did with a pair); not seat answering its own lose window."""
    for loser, hand in enumerate(before.hands):
        if len(hand) != 2 or (before.window == "lose" and seat == loser):
            continue
        if (after.window == "lose" and after.owed == (loser,)) or any(
            e.kind == "lose" and e.seat == loser for e in events
        ):
            return loser
    return None


def assert_a_pair_never_shows(game: Any, record: Record) -> int:
    """For every move of record after which a seat holding two face-down cards loses one (losing_one_of_two): the same
    move with that seat's second card swapped (see assert_alike_flipped) shows every other seat and a spectator the
    same. Returns how many such moves were checked."""
    checked = 0
    for before, seat, move, after, events in moves_played(record):
        loser = losing_one_of_two(before, seat, after, events)
        checked += loser is not None and assert_alike_flipped(game, before, seat, move, after, events, loser)
    return checked


def assert_alike_flipped(
    game: Any, before: Any, seat: int, move: Move, after: Any, events: list[Event], loser: int
) -> bool:
    """Had loser's second card made a pair two characters, or two characters a pair (flipped), seat's move would have
    shown every other seat and a spectator the same views and events, and so would loser's reveal of its first card
    while the second stays face down. False when no such swap could be made, or the move would not be legal."""
    keep = before.hands[loser][0]
    other = flipped(before, loser, keep)
    if other is None or move not in game.legal(other, seat):
        return False
    other_after, more = game.apply(other, seat, move)
    assert_others_see_alike(game, after, other_after, loser, (events, more))
    if after.window == "lose" and game.to_act(after) == (loser,):
        revealed, shown = game.apply(after, loser, Move("reveal", card=keep))
        other_revealed, other_shown = game.apply(other_after, loser, Move("reveal", card=keep))
        if revealed.hands[loser]:  # (a second loss, such as an assassination after a lost challenge, shows it)
            assert_others_see_alike(game, revealed, other_revealed, loser, (shown, other_shown))
    return True


def pairs_checked(games: int, played: SearchStrategy[tuple[Any, Record]]) -> int:
    """How many losses of one of two cards assert_a_pair_never_shows checked over games drawn from played (each a
    game's engine and the record of a game it played)."""
    checked = 0

    @given(played)
    @games_settings(games, explain=False)
    def one_game(game_and_record: tuple[Any, Record]) -> None:
        nonlocal checked
        checked += assert_a_pair_never_shows(*game_and_record)

    one_game()
    return checked
