"""The rule bot: stronger than random, legal, never bluffing the impossible, challenging by the odds only."""

from __future__ import annotations

import dataclasses

import pytest

from bench.bluffs import bluff_rates
from core.cards.engine import COUP
from core.cards.moves import Move
from core.cards.rule_bot import RuleBot
from core.cards.rules import (
    ACTIONS,
    AMBASSADOR,
    ASSASSIN,
    CAPTAIN,
    CONTESSA,
    DUKE,
    copies_per_character,
)
from core.cards.seats import without
from core.cards.state import Challenge, CoupConfig, CoupState, Pending
from core.cards.views import CoupView
from core.sim import derive_seeds, play_game, run_sim
from tests.rule_bot_helpers import dealt, decision_points

SEEDS = range(60)


def table(
    hands: list[list[str]],
    revealed: list[list[str]] | None = None,
    coins: list[int] | None = None,
    claims: list[list[str]] | None = None,
) -> CoupState:
    """A state at seat 0's action, the deck holding every card not in a hand or face up."""
    return dealt(CoupConfig(players=len(hands)), hands, revealed, coins, claims)


def claim_window(state: CoupState, actor: int, kind: str, target: int | None, viewer: int) -> CoupState:
    """state with actor's claimed action open to challenge by viewer."""
    action = ACTIONS[kind]
    state.active = actor
    state.pending = Pending(actor, kind, target, action.claim, action.cost)
    state.window, state.owed = "challenge_action", (viewer,)
    return state


def block_window(state: CoupState, actor: int, kind: str, target: int | None, viewer: int) -> CoupState:
    """state with actor's action open to a block by viewer."""
    claim_window(state, actor, kind, target, viewer)
    state.window = "block"
    return state


def answers(state: CoupState, seat: int = 0, bluff: float = 0.15) -> set[Move]:
    """Every move the rule bot makes in state over SEEDS."""
    view = COUP.view(state, seat)
    return {RuleBot(seed, bluff=bluff).choose(view) for seed in SEEDS}


# Every decision of mixed rule and random games at 2-6 players and the variant.
CONFIGS = [CoupConfig(players=n) for n in range(2, 7)] + [CoupConfig(players=2, two_player_variant=True)]


@pytest.fixture(scope="module")
def fuzz() -> list[tuple[CoupState, int, CoupView]]:
    """The decision points of 90 mixed games, shared by the tests of this module."""
    return list(decision_points(COUP, CONFIGS, 90, 7))


def claimed_role(state: CoupState, move: Move) -> str | None:
    """The character move claims, if any."""
    if move.kind == "block":
        return move.card
    return ACTIONS[move.kind].claim if move.kind in ACTIONS else None


def visible_copies(state: CoupState, seat: int, card: str) -> int:
    """Copies of card that seat can see: its own hand and every face-up card."""
    return state.hands[seat].count(card) + sum(p.revealed.count(card) for p in state.players)


# Strength and termination


def test_rule_bots_beat_random_bots_clearly():
    result = run_sim("coup", 4, 200, 1, ["rule", "rule", "random", "random"])
    assert result["wins"]["rule"] >= 170  # measured 196 of 200


def test_one_rule_bot_beats_three_random_bots():
    result = run_sim("coup", 4, 200, 2, ["random", "rule", "random", "random"])
    assert result["wins"]["rule"] >= 120  # a fair share is 50; measured 169


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rule_self_play_ends(players):
    result = run_sim("coup", players, 20, 3, ["rule"] * players)
    assert sum(result["seat_wins"]) == 20


def test_rule_self_play_ends_in_the_two_player_variant():
    config = CoupConfig(players=2, two_player_variant=True)
    for seed in derive_seeds(4, 20):
        outcome = play_game(COUP, config, seed, [RuleBot(seed), RuleBot(seed + 1)])
        assert outcome.winner in (0, 1)


# Legality and determinism over fuzzed games


def test_always_returns_a_legal_move(fuzz):
    for _, seat, view in fuzz:
        for seed in (0, 1):
            assert RuleBot(seed).choose(view) in view.legal, (seat, view.window)


def test_same_view_same_move_for_the_same_seed(fuzz):
    for _, _, view in fuzz[::7]:
        assert RuleBot(5).choose(view) == RuleBot(5).choose(view)


def test_challenge_decisions_do_not_depend_on_seed_or_bluff_rate(fuzz):
    windows = [v for _, _, v in fuzz if v.window in ("challenge_action", "challenge_block")]
    assert len(windows) > 200
    for view in windows:
        verdicts = {RuleBot(seed, bluff=rate).choose(view) for seed in (1, 2, 3) for rate in (0.0, 0.15, 1.0)}
        assert len(verdicts) == 1


def test_never_claims_a_role_whose_copies_are_all_visible_in_play(fuzz):
    claims = 0
    for state, seat, view in fuzz:
        for seed in (0, 1):
            role = claimed_role(state, RuleBot(seed, bluff=1.0).choose(view))
            if role is None or role in state.hands[seat]:
                continue
            claims += 1
            assert visible_copies(state, seat, role) < copies_per_character(len(state.players))
    assert claims > 100


def test_always_proves_a_card_it_holds(fuzz):
    proofs = [v for _, _, v in fuzz if v.window == "prove" and Move("prove") in v.legal]
    assert proofs
    for view in proofs:
        assert RuleBot(0).choose(view) == Move("prove")


# Bluffing only what is possible


def test_never_bluffs_tax_when_every_duke_is_face_up():
    state = table(
        [[CONTESSA, CONTESSA], [CAPTAIN], [AMBASSADOR], [ASSASSIN, AMBASSADOR]],
        revealed=[[], [DUKE], [DUKE], [DUKE]],
        coins=[3, 2, 2, 2],
    )
    moves = answers(state, bluff=1.0)
    assert all(m.kind != "tax" for m in moves)
    assert {m.kind for m in moves} >= {"steal", "assassinate"}  # it does bluff what is possible


def test_bluffs_tax_while_a_duke_is_unseen():
    state = table(
        [[CONTESSA, CONTESSA], [CAPTAIN], [AMBASSADOR], [ASSASSIN, AMBASSADOR]], revealed=[[], [DUKE], [DUKE], []]
    )
    assert Move("tax") in answers(state, bluff=1.0)


def test_taxes_with_the_last_duke_in_hand():
    state = table([[DUKE, CONTESSA], [CAPTAIN], [AMBASSADOR], [ASSASSIN]], revealed=[[], [DUKE], [DUKE], []])
    assert answers(state, bluff=1.0) == {Move("tax")}


def test_never_bluffs_a_duke_block_when_every_duke_is_visible():
    state = table([[CONTESSA, CAPTAIN], [CAPTAIN], [AMBASSADOR], [ASSASSIN]], revealed=[[], [DUKE], [DUKE], [DUKE]])
    block_window(state, actor=1, kind="foreign_aid", target=None, viewer=0)
    assert answers(state, bluff=1.0) == {Move("pass")}


def test_bluffs_a_duke_block_of_foreign_aid_only_to_keep_up_a_duke_it_has_claimed():
    state = block_window(table([[CONTESSA, CAPTAIN], [CAPTAIN], [AMBASSADOR]]), 1, "foreign_aid", None, 0)
    assert answers(state, bluff=1.0) == {Move("pass")}  # another's 2 coins are not worth an influence at risk
    state.set_player(0, state.players[0].claiming(DUKE))
    assert answers(state, bluff=1.0) == {Move("block", card=DUKE)}
    assert answers(state, bluff=0.0) == {Move("pass")}


def test_bluffs_a_steal_block_at_half_its_rate_with_either_card():
    state = block_window(table([[CONTESSA, DUKE], [CAPTAIN, DUKE], [ASSASSIN]]), 1, "steal", 0, 0)
    assert answers(state, bluff=1.0) == {Move("block", card=CAPTAIN), Move("block", card=AMBASSADOR), Move("pass")}


def test_blocks_with_a_card_held():
    state = block_window(table([[CONTESSA, DUKE], [CAPTAIN, DUKE], [AMBASSADOR]]), 1, "foreign_aid", None, 0)
    assert answers(state, bluff=0.0) == {Move("block", card=DUKE)}
    state = block_window(table([[AMBASSADOR, DUKE], [CAPTAIN, DUKE], [AMBASSADOR]]), 1, "steal", 0, 0)
    assert answers(state, bluff=0.0) == {Move("block", card=AMBASSADOR)}


def test_bluffs_the_contessa_rather_than_die_to_an_assassin():
    state = table([[CAPTAIN], [ASSASSIN, DUKE], [AMBASSADOR]], revealed=[[DUKE], [], []])
    block_window(state, 1, "assassinate", 0, 0)
    assert answers(state, bluff=0.0) == {Move("block", card=CONTESSA)}


def test_does_not_bluff_a_contessa_that_is_all_face_up():
    state = table([[CAPTAIN], [ASSASSIN, DUKE], [AMBASSADOR]], revealed=[[CONTESSA], [CONTESSA], [CONTESSA]])
    block_window(state, 1, "assassinate", 0, 0)
    assert answers(state, bluff=1.0) == {Move("pass")}


def test_does_not_block_a_steal_that_takes_nothing():
    state = block_window(table([[DUKE, CONTESSA], [CAPTAIN], [AMBASSADOR]], coins=[0, 2, 2]), 1, "steal", 0, 0)
    assert answers(state, bluff=1.0) == {Move("pass")}


# Challenges by the odds


def test_always_challenges_a_claim_whose_copies_are_all_visible():
    state = table([[DUKE, DUKE], [CAPTAIN, AMBASSADOR], [ASSASSIN], [ASSASSIN]], revealed=[[], [], [DUKE], []])
    claim_window(state, 1, "tax", None, 0)
    assert answers(state) == {Move("challenge")}


def test_challenges_an_impossible_assassin_even_holding_the_contessa():
    state = table([[CONTESSA, ASSASSIN], [DUKE, CAPTAIN], [DUKE], [CAPTAIN]], revealed=[[], [], [ASSASSIN], [ASSASSIN]])
    claim_window(state, 1, "assassinate", 0, 0)
    assert answers(state) == {Move("challenge")}


def test_always_challenges_a_block_whose_copies_are_all_visible():
    state = table([[CAPTAIN, CAPTAIN], [DUKE, CONTESSA], [AMBASSADOR]], revealed=[[], [], [CAPTAIN]])
    claim_window(state, 0, "steal", 1, 0)
    assert state.pending is not None
    state.pending = dataclasses.replace(state.pending, blocker=1, block_card=CAPTAIN)
    state.window = "challenge_block"
    assert answers(state) == {Move("challenge")}


def test_does_not_challenge_a_plausible_tax():
    state = claim_window(table([[CAPTAIN, CONTESSA], [DUKE, AMBASSADOR], [ASSASSIN, DUKE]]), 1, "tax", None, 0)
    assert answers(state) == {Move("pass")}


def test_challenges_the_assassin_when_no_contessa_can_save_it():
    state = table([[CAPTAIN], [DUKE], [AMBASSADOR]], revealed=[[CONTESSA], [CONTESSA], [CONTESSA]])
    claim_window(state, 1, "assassinate", 0, 0)
    assert answers(state) == {Move("challenge")}


def test_waits_to_block_an_assassin_with_the_contessa_it_holds():
    state = claim_window(
        table([[CONTESSA], [ASSASSIN, DUKE], [AMBASSADOR]], revealed=[[DUKE], [], []]), 1, "assassinate", 0, 0
    )
    assert answers(state) == {Move("pass")}


def test_proves_when_challenged_holding_the_card():
    state = claim_window(table([[DUKE, CONTESSA], [CAPTAIN], [AMBASSADOR]]), 0, "tax", None, 1)
    state.challenge = Challenge(1, 0, DUKE, on_block=False)
    state.window, state.owed = "prove", (0,)
    assert answers(state) == {Move("prove")}


# Actions and targets


def test_coups_the_strongest_threat():
    state = table([[DUKE, CONTESSA], [CAPTAIN], [AMBASSADOR, ASSASSIN], [DUKE, CAPTAIN]], coins=[7, 6, 1, 4])
    assert answers(state) == {Move("coup", target=3)}


def test_steals_from_the_richest_opponent_who_cannot_claim_a_block():
    state = table(
        [[CAPTAIN, CONTESSA], [DUKE], [AMBASSADOR, ASSASSIN], [DUKE, CONTESSA]],
        coins=[2, 0, 5, 3],
        claims=[[], [], [CAPTAIN], []],
    )
    assert answers(state, bluff=0.0) == {Move("steal", target=3)}


def test_does_not_steal_from_players_without_coins():
    state = table([[CAPTAIN, CONTESSA], [DUKE], [AMBASSADOR]], coins=[2, 0, 0])
    assert all(m.kind != "steal" for m in answers(state))


def test_assassinates_with_an_assassin_and_three_coins():
    state = table([[ASSASSIN, DUKE], [DUKE], [AMBASSADOR, CAPTAIN]], coins=[3, 2, 2])
    assert answers(state) == {Move("assassinate", target=2)}


def test_exchanges_a_weak_hand_early():
    state = table([[AMBASSADOR, CONTESSA], [DUKE, CAPTAIN], [DUKE, CAPTAIN], [ASSASSIN, DUKE]])
    assert answers(state, bluff=0.0) == {Move("exchange")}


def test_does_not_exchange_late_in_the_game():
    state = table(
        [[AMBASSADOR, CONTESSA], [DUKE], [], []],
        revealed=[[], [CAPTAIN], [CAPTAIN, DUKE], [ASSASSIN, ASSASSIN]],
    )
    assert all(m.kind != "exchange" for m in answers(state, bluff=0.0))


# Cards kept and given up


def exchange_window(hand: list[str], drawn: list[str]) -> CoupState:
    """Seat 0 exchanging hand, having drawn drawn from the deck."""
    state = table([hand, [CAPTAIN, CAPTAIN], [CONTESSA, ASSASSIN]])
    for card in drawn:
        state.deck = without(state.deck, card)
    state.drawn = tuple(drawn)
    state.window, state.owed = "exchange", (0,)
    return state


def test_keeps_the_best_cards_in_an_exchange():
    assert answers(exchange_window([AMBASSADOR, AMBASSADOR], [DUKE, CONTESSA])) == {
        Move("keep", cards=(CONTESSA, DUKE))
    }


def test_prefers_distinct_roles_in_an_exchange():
    assert answers(exchange_window([DUKE, AMBASSADOR], [DUKE, CAPTAIN])) == {Move("keep", cards=(CAPTAIN, DUKE))}


def test_keeps_the_best_card_with_one_influence():
    assert answers(exchange_window([AMBASSADOR], [ASSASSIN, DUKE])) == {Move("keep", cards=(DUKE,))}


@pytest.mark.parametrize(
    ("hand", "given_up"),
    [([DUKE, AMBASSADOR], AMBASSADOR), ([CONTESSA, CAPTAIN], CAPTAIN), ([ASSASSIN, DUKE], ASSASSIN)],
)
def test_reveals_the_least_valuable_card(hand, given_up):
    state = table([hand, [CAPTAIN, DUKE], [AMBASSADOR, CONTESSA]])
    state.losses, state.window, state.owed = ((0, "coup"),), "lose", (0,)
    assert answers(state) == {Move("reveal", card=given_up)}


def test_picks_its_best_card_in_the_two_player_set_up():
    state = COUP.new(CoupConfig(players=2, two_player_variant=True), 3)
    assert answers(state) == {Move("choose", card=DUKE)}


def test_no_kind_of_claim_is_bluffed_more_than_half_the_time_in_self_play():
    rates = bluff_rates(200)
    assert {"tax: Duke", "block steal: Captain", "block assassinate: Contessa"} <= set(rates)
    assert max(rates.values()) <= 0.5, rates
