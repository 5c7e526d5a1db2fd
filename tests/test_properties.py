"""Properties of base Coup over hundreds of seeded bot games: one winner, invariants, legality, replay, secrecy."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.cards.engine import COUP
from core.cards.moves import Move
from core.cards.rules import CHARACTERS
from core.cards.state import CoupConfig
from core.sim import GameOutcome
from tests.cards_helpers import scrambled
from tests.property_helpers import (
    assert_one_winner_and_invariants,
    assert_only_own_hand_shown,
    assert_private_events_reach_only_their_seats,
    assert_refuses_illegal,
    assert_replays,
    games_settings,
    keep_moves,
    pairs_checked,
    play_bots,
    states,
)

pytestmark = pytest.mark.slow

# Games per property; together well over the 500 seeded bot games a run must cover.
ENDINGS, REPLAYS, REFUSALS, SECRETS, PAIRS = 200, 110, 100, 100, 100
ILLEGAL_PER_STATE = 8

TABLES = [(2, False), (2, True), (3, False), (4, False), (5, False), (6, False)]


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
        return play_bots(COUP, self.config(), self.seed, self.bots)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """A table of 2-6 seats (or the two-player variant) with random and rule bots mixed."""
    players, variant = draw(st.sampled_from(TABLES))
    bots = tuple(draw(st.sampled_from(("random", "rule"))) for _ in range(players))
    return Table(draw(st.integers(0, 2**48)), players, variant, bots)


@given(tables())
@games_settings(ENDINGS)
def test_every_game_ends_with_exactly_one_winner_and_invariants_hold_after_every_move(table: Table) -> None:
    outcome = table.play()
    assert_one_winner_and_invariants(COUP, outcome)
    assert sum(1 for player in outcome.state.players if player.alive) == 1


@given(tables())
@games_settings(REPLAYS)
def test_replaying_the_record_gives_the_same_final_state_also_after_json(table: Table) -> None:
    assert_replays(table.play)


def candidate_moves(players: int) -> list[Move]:
    """Moves of every kind, window and target, most of them illegal at any one time."""
    kinds = ("income", "foreign_aid", "tax", "exchange", "steal", "coup", "assassinate")
    answers = ("challenge", "pass", "prove", "concede", "block", "reveal", "keep", "choose", "embezzle")
    moves = [Move(kind) for kind in kinds + answers]
    moves += [Move(kind, target=t) for kind in (*kinds, "block") for t in range(-1, players + 1)]
    moves += [Move(kind, card=c) for kind in ("block", "reveal", "choose", "tax") for c in CHARACTERS]
    return moves + keep_moves(CHARACTERS)


@given(tables())
@games_settings(REFUSALS)
def test_apply_refuses_every_move_outside_legal_and_changes_nothing(table: Table) -> None:
    # Other seats' moves (2 legal moves played by each wrong seat), then anything from the catalog.
    catalog = candidate_moves(table.players)
    outcome = table.play()
    draws = 4 * ILLEGAL_PER_STATE
    assert_refuses_illegal(COUP, outcome, table.seed, table.players, catalog, 2, draws, ILLEGAL_PER_STATE)


@given(tables())
@games_settings(SECRETS)
def test_no_view_or_event_shows_another_seats_face_down_cards_or_the_deck(table: Table) -> None:
    outcome = table.play()
    viewers: list[int | None] = [*range(table.players), None]
    for index, (state, events) in enumerate(states(outcome)):
        # Public events name no face-down card; private ones reach only the seats they name.
        assert all(not e.cards for e in events if e.to is None)
        assert_private_events_reach_only_their_seats(events, viewers)
        if state.window == "over":
            continue  # hands are shown to all once the game is over
        for viewer in viewers:
            view = COUP.view(state, viewer)
            assert_only_own_hand_shown(view, state, viewer)
            # Deal every secret out again and change the generator: the view must not change.
            assert COUP.view(scrambled(state, viewer, table.seed + index), viewer) == view


def test_a_seat_losing_one_of_two_cards_shows_nobody_whether_they_were_a_pair() -> None:
    played = tables().map(lambda table: (COUP, table.play().record))
    assert pairs_checked(PAIRS, played) >= PAIRS  # (about two and a half a game)
