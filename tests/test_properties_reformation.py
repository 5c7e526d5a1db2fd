"""Reformation and Inquisitor properties in seeded bot games: one winner, invariants, legality, replay, secrecy."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from core.bots import make_bot
from core.cards.engine import COUP, REFORMATION, CoupGame
from core.cards.events import Event, visible_to
from core.cards.invariants import validate
from core.cards.moves import Move
from core.cards.rules import CHARACTERS, DUKE, FACTIONS, INQUISITOR
from core.cards.state import CoupState
from core.game import IllegalMove, get_game
from core.records import Record, replay, replay_states
from core.sim import GameOutcome, derive_seeds, play_game
from tests.cards_helpers import scrambled

pytestmark = pytest.mark.slow

# Games per property (the first runs GAMES_PER_TABLE on every table); modest so the file stays fast.
GAMES_PER_TABLE, REPLAYS, REFUSALS, SECRETS = 3, 30, 24, 20
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
        seeds = derive_seeds(self.seed, self.players)
        bots = [make_bot(name, s) for name, s in zip(self.bots, seeds, strict=True)]
        return play_game(self.engine, config, self.seed, bots)


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


def games_settings(examples: int) -> Any:
    """Deterministic hypothesis settings for examples whole games."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        phases=(Phase.explicit, Phase.generate, Phase.shrink),  # no slow "explain" replays of whole games
        suppress_health_check=[HealthCheck.too_slow],
    )


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


def states(outcome: GameOutcome) -> Iterator[tuple[CoupState, list[Event]]]:
    """Every state of the game from the start, with the events of the move that led to it."""
    for state, events, _ in replay_states(outcome.record):
        yield state, events


@pytest.mark.parametrize("table", TABLES, ids=table_id)
@given(data=st.data())
@games_settings(GAMES_PER_TABLE)
def test_every_game_ends_with_exactly_one_winner_and_invariants_hold_after_every_move(
    table: Table, data: st.DataObject
) -> None:
    table = data.draw(st.composite(seated)(table))
    game = table.engine
    outcome = table.play()  # a bot returning an illegal move fails here with IllegalMove
    final = outcome.state
    assert final.window == "over" and game.to_act(final) == ()
    assert final.living() == [outcome.winner] and game.result(final) == outcome.winner
    seen, wins = 0, 0
    for state, events in states(outcome):
        validate(state)
        seen += 1
        wins += [e.kind for e in events].count("win")
        if state.window != "over":
            assert game.to_act(state) and all(game.legal(state, seat) for seat in game.to_act(state))
            assert game.result(state) is None
        if state.config.reformation and state.window not in ("setup", "allegiance"):
            assert set(state.allegiance) <= set(FACTIONS) and len(state.allegiance) == table.players
    assert seen == outcome.decisions + 1 and state == final and wins == 1


@given(tables())
@games_settings(REPLAYS)
def test_replaying_the_record_gives_the_same_final_state_also_after_json(table: Table) -> None:
    outcome = table.play()
    assert replay(outcome.record) == outcome.state
    text = outcome.record.to_json()
    again = Record.from_json(text)
    assert again.to_json() == text and replay(again) == outcome.state
    assert table.play().record.to_json() == text  # the same seed plays the same game


def candidate_moves(players: int) -> list[Move]:
    """Moves of every kind, window and target of both games, most of them illegal at any one time."""
    targeted = ("steal", "coup", "assassinate", "examine", "convert")
    plain = ("income", "foreign_aid", "tax", "exchange", "embezzle", "challenge", "pass", "prove", "concede")
    moves = [Move(kind) for kind in (*plain, *targeted, "return", "force", "allegiance", "show", "block")]
    moves += [Move(kind, target=t) for kind in (*targeted, "income") for t in range(-1, players + 1)]
    moves += [Move(kind, card=c) for kind in ("block", "reveal", "choose", "show") for c in EVERY_CARD]
    moves += [Move("allegiance", card=f) for f in (*FACTIONS, DUKE)]
    moves += [Move("keep", cards=(c,)) for c in EVERY_CARD]
    moves += [Move("keep", cards=tuple(sorted(pair))) for pair in combinations_with_replacement(EVERY_CARD, 2)]
    return moves


@given(tables())
@games_settings(REFUSALS)
def test_apply_refuses_moves_outside_legal_and_changes_nothing(table: Table) -> None:
    outcome = table.play()
    game = table.engine
    rng = random.Random(table.seed)
    catalog = candidate_moves(table.players)
    seats = list(range(-1, table.players + 1))
    refused = 0
    for state, _ in states(outcome):
        owed = game.to_act(state)
        # A legal move played by a seat that owes nothing, then anything from the catalog.
        borrowed = [m for seat in owed for m in game.legal(state, seat)]
        pool = [(seat, m) for seat in seats if seat not in owed for m in rng.sample(borrowed, min(1, len(borrowed)))]
        pool += [(rng.choice(seats), rng.choice(catalog)) for _ in range(2 * ILLEGAL_PER_STATE)]
        pool += [(seat, rng.choice(catalog)) for seat in owed for _ in range(ILLEGAL_PER_STATE)]
        illegal = [(seat, m) for seat, m in pool if seat not in owed or m not in game.legal(state, seat)]
        for seat, move in rng.sample(illegal, min(ILLEGAL_PER_STATE, len(illegal))):
            before = state.clone()
            with pytest.raises(IllegalMove):
                game.apply(state, seat, move)
            assert state == before
            refused += 1
    assert refused >= ILLEGAL_PER_STATE * outcome.decisions // 2


def examiners(state: CoupState) -> tuple[int, ...]:
    """The seats allowed to see an examined card: the Inquisitor and its target."""
    pending = state.pending
    if pending is None or pending.kind != "examine" or pending.target is None:
        return ()
    return pending.actor, pending.target


@given(tables())
@games_settings(SECRETS)
def test_no_view_or_event_shows_another_seats_cards_the_deck_or_an_examined_card(table: Table) -> None:
    outcome = table.play()
    game = table.engine
    viewers: list[int | None] = [*range(table.players), None]
    for index, (state, events) in enumerate(states(outcome)):
        # Public events name no face-down card, except the cards an embezzler shows to prove it
        # has no Duke (shown to all, then shuffled into the deck); private ones reach only their seats.
        assert all(e.kind == "prove" and e.card == DUKE for e in events if e.to is None and e.cards)
        assert all(e.to == (e.seat, e.target) for e in events if e.kind == "shown")
        for viewer in viewers:
            assert all(e.to is None or viewer in e.to for e in visible_to(events, viewer))
        if state.window == "over":
            continue  # hands are shown to all once the game is over
        for viewer in viewers:
            view = game.view(state, viewer)
            for seat, seat_view in enumerate(view.players):
                assert seat_view.hand == (tuple(state.players[seat].hidden) if seat == viewer else None)
            may_see = viewer is not None and viewer in examiners(state)
            assert view.examined == (state.examined if may_see else None)
            # Deal every secret out again, change the generator and (while a card is examined, for
            # those who may not see it) the examined card: the view must not change.
            other = scrambled(state, viewer, table.seed + index)
            if state.window == "examine" and not may_see:
                other.examined = next(c for c in EVERY_CARD if c != state.examined)
            assert game.view(other, viewer) == view
