"""Reformation and Inquisitor properties in seeded bot games: one winner, invariants, legality, replay, secrecy."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.cards.engine import COUP, REFORMATION, CoupGame
from core.cards.moves import Move
from core.cards.rules import CHARACTERS, DUKE, FACTIONS, INQUISITOR
from core.cards.state import CoupState
from core.registry import get_game
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
from tests.reformation_helpers import sides

pytestmark = pytest.mark.slow

# Games per property (the first runs GAMES_PER_TABLE on every table); modest so the file stays fast.
GAMES_PER_TABLE, REPLAYS, REFUSALS, SECRETS, PAIRS = 3, 30, 24, 20, 60
ILLEGAL_PER_STATE = 3
EVERY_CARD = (*CHARACTERS, INQUISITOR)


@dataclass(frozen=True)
class Table:
    """One seeded game: which game, the seat count, the Inquisitor and two-player-variant flags, each seat's bot."""

    game: str
    players: int
    inquisitor: bool
    variant: bool = False
    seed: int = 0
    bots: tuple[str, ...] = ()

    @property
    def engine(self) -> CoupGame:
        """The game this table plays."""
        game = get_game(self.game)
        assert isinstance(game, CoupGame)
        return game

    def play(self) -> GameOutcome:
        """Play the whole game with the bots, each seeded from the table's seed."""
        config = self.engine.load_config(
            {"players": self.players, "inquisitor": self.inquisitor, "two_player_variant": self.variant}
        )
        return play_bots(self.engine, config, self.seed, self.bots)


# Reformation for 2-10 players with and without the Inquisitor (and its two-player variant), and
# base Coup with the Inquisitor (base Coup without it has its own properties).
TABLES = [
    *(Table(REFORMATION.name, n, inquisitor) for n in range(2, 11) for inquisitor in (False, True)),
    *(Table(REFORMATION.name, 2, inquisitor, variant=True) for inquisitor in (False, True)),
    *(Table(COUP.name, n, True) for n in range(2, 7)),
]


def table_id(table: Table) -> str:
    """A readable test id such as reformation-7-inquisitor."""
    flags = ("-inquisitor" if table.inquisitor else "") + ("-variant" if table.variant else "")
    return f"{table.game}-{table.players}{flags}"


def seated(draw: st.DrawFn, table: Table) -> Table:
    """table with a drawn seed, and a mix of random and rule bots picked by that seed (so that
    every distinct seed is a distinct game)."""
    seed = draw(st.integers(0, 2**48))
    picker = random.Random(seed)
    bots = tuple(picker.choice(("random", "rule")) for _ in range(table.players))
    return Table(table.game, table.players, table.inquisitor, table.variant, seed, bots)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """Any of TABLES, seeded, with random and rule bots mixed."""
    return seated(draw, draw(st.sampled_from(TABLES)))


@pytest.mark.parametrize("table", TABLES, ids=table_id)
@given(data=st.data())
@games_settings(GAMES_PER_TABLE, explain=False)  # no slow "explain" replays of whole games
def test_every_game_ends_with_exactly_one_winner_and_invariants_hold_after_every_move(
    table: Table, data: st.DataObject
) -> None:
    table = data.draw(st.composite(seated)(table))
    outcome = table.play()  # a bot returning an illegal move fails here with IllegalMove

    def factions_dealt(state: CoupState) -> None:
        if state.config.reformation and state.window not in ("setup", "allegiance"):
            assert set(sides(state)) <= set(FACTIONS) and len(sides(state)) == table.players

    assert_one_winner_and_invariants(table.engine, outcome, factions_dealt)


@given(tables())
@games_settings(REPLAYS, explain=False)
def test_replaying_the_record_gives_the_same_final_state_also_after_json(table: Table) -> None:
    assert_replays(table.play)


def candidate_moves(players: int) -> list[Move]:
    """Moves of every kind, window and target of both games, most of them illegal at any one time."""
    targeted = ("steal", "coup", "assassinate", "examine", "convert")
    plain = ("income", "foreign_aid", "tax", "exchange", "embezzle", "challenge", "pass", "prove", "concede")
    moves = [Move(kind) for kind in (*plain, *targeted, "return", "force", "allegiance", "show", "block")]
    moves += [Move(kind, target=t) for kind in (*targeted, "income") for t in range(-1, players + 1)]
    moves += [Move(kind, card=c) for kind in ("block", "reveal", "choose", "show") for c in EVERY_CARD]
    moves += [Move("allegiance", card=f) for f in (*FACTIONS, DUKE)]
    return moves + keep_moves(EVERY_CARD)


@given(tables())
@games_settings(REFUSALS, explain=False)
def test_apply_refuses_moves_outside_legal_and_changes_nothing(table: Table) -> None:
    # A legal move played by each seat that owes nothing, then anything from the catalog.
    catalog = candidate_moves(table.players)
    outcome = table.play()
    draws = 2 * ILLEGAL_PER_STATE
    assert_refuses_illegal(table.engine, outcome, table.seed, table.players, catalog, 1, draws, ILLEGAL_PER_STATE)


def examiners(state: CoupState) -> tuple[int, ...]:
    """The seats allowed to see an examined card: the Inquisitor and its target."""
    pending = state.pending
    if pending is None or pending.kind != "examine" or pending.target is None:
        return ()
    return pending.actor, pending.target


@given(tables())
@games_settings(SECRETS, explain=False)
def test_no_view_or_event_shows_another_seats_cards_the_deck_or_an_examined_card(table: Table) -> None:
    outcome = table.play()
    game = table.engine
    viewers: list[int | None] = [*range(table.players), None]
    for index, (state, events) in enumerate(states(outcome)):
        # Public events name no face-down card, except the cards an embezzler shows to prove it
        # has no Duke (shown to all, then shuffled into the deck); private ones reach only their seats.
        assert all(e.kind == "prove" and e.card == DUKE for e in events if e.to is None and e.cards)
        assert all(e.to == (e.seat, e.target) for e in events if e.kind == "shown")
        assert_private_events_reach_only_their_seats(events, viewers)
        if state.window == "over":
            continue  # hands are shown to all once the game is over
        for viewer in viewers:
            view = game.view(state, viewer)
            assert_only_own_hand_shown(view, state, viewer)
            may_see = viewer is not None and viewer in examiners(state)
            assert view.examined == (state.examined if may_see else None)
            # Deal every secret out again, change the generator and (while a card is examined, for
            # those who may not see it) the examined card: the view must not change.
            other = scrambled(state, viewer, table.seed + index)
            if state.window == "examine" and not may_see:
                other.examined = next(c for c in EVERY_CARD if c != state.examined)
            assert game.view(other, viewer) == view


def test_a_seat_losing_one_of_two_cards_shows_nobody_whether_they_were_a_pair() -> None:
    played = tables().map(lambda table: (table.engine, table.play().record))
    assert pairs_checked(PAIRS, played) >= PAIRS
