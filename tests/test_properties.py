"""Properties of base Coup over hundreds of seeded bot games: one winner, invariants, legality, replay, secrecy."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.bots import make_bot
from core.cards.engine import COUP
from core.cards.events import Event, visible_to
from core.cards.invariants import validate
from core.cards.moves import Move
from core.cards.rules import CHARACTERS
from core.cards.state import CoupConfig, CoupState
from core.game import IllegalMove
from core.records import Record, replay, replay_states
from core.sim import GameOutcome, derive_seeds, play_game
from tests.cards_helpers import scrambled

pytestmark = pytest.mark.slow

# Games per property; together well over the 500 seeded bot games a run must cover.
ENDINGS, REPLAYS, REFUSALS, SECRETS = 200, 110, 100, 100
ILLEGAL_PER_STATE = 8

TABLES = [(2, False), (2, True), (3, False), (4, False), (5, False), (6, False)]


def games_settings(examples: int) -> Any:
    """Deterministic hypothesis settings for examples whole games."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


@dataclass(frozen=True)
class Table:
    """One seeded game: the seat count, the variant flag, and each seat's bot."""

    seed: int
    players: int
    variant: bool
    bots: tuple[str, ...]

    def config(self) -> CoupConfig:
        """The table's config."""
        return CoupConfig(players=self.players, two_player_variant=self.variant)

    def play(self) -> GameOutcome:
        """Play the whole game with the bots, each seeded from the table's seed."""
        seeds = derive_seeds(self.seed, self.players)
        bots = [make_bot(name, s) for name, s in zip(self.bots, seeds, strict=True)]
        return play_game(COUP, self.config(), self.seed, bots)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """A table of 2-6 seats (or the two-player variant) with random and rule bots mixed."""
    players, variant = draw(st.sampled_from(TABLES))
    bots = tuple(draw(st.sampled_from(("random", "rule"))) for _ in range(players))
    return Table(draw(st.integers(0, 2**48)), players, variant, bots)


def states(outcome: GameOutcome) -> Iterator[tuple[CoupState, list[Event]]]:
    """Every state of the game from the start, with the events of the move that led to it."""
    for state, events, _ in replay_states(outcome.record):
        yield state, events


@given(tables())
@games_settings(ENDINGS)
def test_every_game_ends_with_exactly_one_winner_and_invariants_hold_after_every_move(table: Table) -> None:
    outcome = table.play()
    final = outcome.state
    assert final.window == "over" and COUP.to_act(final) == ()
    assert final.living() == [outcome.winner] and COUP.result(final) == outcome.winner
    assert sum(1 for player in final.players if player.alive) == 1
    seen, wins = 0, 0
    for state, events in states(outcome):
        validate(state)
        seen += 1
        wins += [e.kind for e in events].count("win")
        if state.window != "over":
            assert COUP.to_act(state), "a window nobody owes"
            assert all(COUP.legal(state, seat) for seat in COUP.to_act(state))
            assert COUP.result(state) is None
    assert seen == outcome.decisions + 1 and state == final and wins == 1


@given(tables())
@games_settings(REPLAYS)
def test_replaying_the_record_gives_the_same_final_state_also_after_json(table: Table) -> None:
    outcome = table.play()
    assert replay(outcome.record) == outcome.state
    text = outcome.record.to_json()
    again = Record.from_json(text)
    assert again.to_json() == text
    assert replay(again) == outcome.state
    assert table.play().record.to_json() == text  # the same seed plays the same game


def candidate_moves(players: int) -> list[Move]:
    """Moves of every kind, window and target, most of them illegal at any one time."""
    kinds = ("income", "foreign_aid", "tax", "exchange", "steal", "coup", "assassinate")
    answers = ("challenge", "pass", "prove", "concede", "block", "reveal", "keep", "choose", "embezzle")
    moves = [Move(kind) for kind in kinds + answers]
    moves += [Move(kind, target=t) for kind in (*kinds, "block") for t in range(-1, players + 1)]
    moves += [Move(kind, card=c) for kind in ("block", "reveal", "choose", "tax") for c in CHARACTERS]
    moves += [Move("keep", cards=(c,)) for c in CHARACTERS]
    moves += [Move("keep", cards=tuple(sorted(pair))) for pair in combinations_with_replacement(CHARACTERS, 2)]
    return moves


@given(tables())
@games_settings(REFUSALS)
def test_apply_refuses_every_move_outside_legal_and_changes_nothing(table: Table) -> None:
    outcome = table.play()
    rng = random.Random(table.seed)
    catalog = candidate_moves(table.players)
    seats = list(range(-1, table.players + 1))
    refused = 0
    for state, _ in states(outcome):
        owed = COUP.to_act(state)
        # Other seats' moves (a legal move played by the wrong seat), then anything from the catalog.
        borrowed = [m for seat in owed for m in COUP.legal(state, seat)]
        pool = [(seat, m) for seat in seats if seat not in owed for m in rng.sample(borrowed, min(2, len(borrowed)))]
        pool += [(rng.choice(seats), rng.choice(catalog)) for _ in range(4 * ILLEGAL_PER_STATE)]
        pool += [(seat, rng.choice(catalog)) for seat in owed for _ in range(ILLEGAL_PER_STATE)]
        illegal = [(seat, m) for seat, m in pool if seat not in owed or m not in COUP.legal(state, seat)]
        for seat, move in rng.sample(illegal, min(ILLEGAL_PER_STATE, len(illegal))):
            before = state.clone()
            with pytest.raises(IllegalMove):
                COUP.apply(state, seat, move)
            assert state == before
            refused += 1
    assert refused >= ILLEGAL_PER_STATE * outcome.decisions // 2


@given(tables())
@games_settings(SECRETS)
def test_no_view_or_event_shows_another_seats_face_down_cards_or_the_deck(table: Table) -> None:
    outcome = table.play()
    viewers: list[int | None] = [*range(table.players), None]
    for index, (state, events) in enumerate(states(outcome)):
        # Public events name no face-down card; private ones reach only the seats they name.
        assert all(not e.cards for e in events if e.to is None)
        for viewer in viewers:
            assert all(e.to is None or viewer in e.to for e in visible_to(events, viewer))
        if state.window == "over":
            continue  # hands are shown to all once the game is over
        for viewer in viewers:
            view = COUP.view(state, viewer)
            for seat, seat_view in enumerate(view.players):
                assert seat_view.hand == (tuple(state.players[seat].hidden) if seat == viewer else None)
            # Deal every secret out again and change the generator: the view must not change.
            assert COUP.view(scrambled(state, viewer, table.seed + index), viewer) == view
