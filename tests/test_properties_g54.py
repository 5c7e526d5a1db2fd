"""G54 properties in seeded random games over many role sets: invariants, one winner, exact replay, every role seen."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.bots.random_bot import RandomBot
from core.cards.g54.config import G54Config
from core.cards.g54.engine import G54
from core.cards.g54.roles import GROUPS, PER_GROUP, ROLE_LIST, group_roles
from core.cards.g54.state import G54State
from core.game import IllegalMove
from core.records import Record, replay
from core.sim import play_game
from tests.g54_helpers import kinds, play, validate
from tests.property_helpers import games_settings, pairs_checked

pytestmark = pytest.mark.slow

GAMES, BOT_GAMES, PAIRS = 150, 30, 60
MAX_DECISIONS = 2_000
"""Random play ends a game long before this: every lost challenge costs an influence."""
EVERY_ROLE = frozenset(role.name for role in ROLE_LIST)


@st.composite
def configs(draw: st.DrawFn) -> G54Config:
    """Any table: 2-6 players, the first game, a random draw (basic or advanced) or a random pick."""
    players = draw(st.integers(2, 6))
    selection = draw(st.sampled_from(("first", "random", "advanced", "pick")))
    roles: tuple[str, ...] = ()
    if selection == "pick":
        groups = [draw(st.permutations(group_roles(group, True)))[: PER_GROUP[group]] for group in GROUPS]
        roles = tuple(role for group in groups for role in group)
    first = draw(st.none() | st.integers(0, players - 1))
    return G54Config(players=players, selection=selection, roles=roles, first_player=first)


def play_random(config: G54Config, seed: int) -> tuple[G54State, Record, int]:
    """Play a whole game: each time, any seat that owes the open window plays any legal move, both
    drawn from seed; every step is checked by play (input unchanged, validate). Returns the final
    state, the record and the number of 'win' events."""
    chooser = random.Random(seed)
    state = G54.new(config, seed)
    validate(state)
    record = Record(G54.name, config.to_dict(), seed)
    wins = 0
    for _ in range(MAX_DECISIONS):
        if state.window == "over":
            break
        owed = G54.to_act(state)
        assert owed and all(G54.legal(state, seat) for seat in owed), f"nothing to play in {state.window}"
        assert G54.result(state) is None
        idle = [seat for seat in range(config.players) if seat not in owed]
        if idle:
            with pytest.raises(IllegalMove):
                G54.apply(state, chooser.choice(idle), G54.legal(state, owed[0])[0])
        seat = chooser.choice(owed)
        move = chooser.choice(G54.legal(state, seat))
        state, events = play(state, (seat, move))
        record.add(seat, move)
        wins += kinds(events).count("win")
    return state, record, wins


def test_random_games_keep_the_invariants_end_with_one_winner_and_replay() -> None:
    seen: set[str] = set()

    @games_settings(GAMES, explain=False)
    @given(configs(), st.integers(0, 2**32))
    def one_game(config: G54Config, seed: int) -> None:
        state, record, wins = play_random(config, seed)
        assert state.window == "over" and wins == 1, f"no winner after {len(record.moves)} decisions"
        assert state.living() == [state.winner] and G54.result(state) == state.winner and G54.to_act(state) == ()
        assert replay(Record.from_json(record.to_json())) == state
        seen.update(state.roles)

    one_game()
    assert seen == EVERY_ROLE, f"never in play: {sorted(EVERY_ROLE - seen)}"


@games_settings(BOT_GAMES, explain=False)
@given(configs(), st.integers(0, 2**32))
def test_random_bots_finish_through_the_views_and_their_records_replay(config: G54Config, seed: int) -> None:
    bots = [RandomBot(seed + seat) for seat in range(config.players)]
    outcome = play_game(G54, config, seed, bots)
    assert outcome.decisions <= MAX_DECISIONS and outcome.state.living() == [outcome.winner]
    assert replay(outcome.record) == outcome.state
    validate(outcome.state)


def test_a_seat_losing_one_of_two_cards_shows_nobody_whether_they_were_a_pair() -> None:
    played = st.builds(lambda config, seed: (G54, play_random(config, seed)[1]), configs(), st.integers(0, 2**32))
    assert pairs_checked(PAIRS, played) >= PAIRS
