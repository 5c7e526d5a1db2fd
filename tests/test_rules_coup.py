"""Base Coup rules as scenarios: the rulebook's example, every decision in coup.md, every edge case."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from typing import Any

import pytest

from core.cards.engine import COUP
from core.cards.events import Event, visible_to
from core.cards.invariants import validate
from core.cards.moves import Move
from core.cards.rules import (
    AMBASSADOR,
    ASSASSIN,
    CAPTAIN,
    CHARACTERS,
    CONTESSA,
    DUKE,
    copies_per_character,
)
from core.cards.state import CoupConfig, CoupState
from core.game import IllegalMove
from tests.cards_helpers import (
    CHALLENGE,
    CONCEDE,
    EXCHANGE,
    FOREIGN_AID,
    INCOME,
    PASS,
    PROVE,
    TAX,
    assassinate,
    assert_a_pair_is_asked_for_alike,
    block,
    coins,
    coup,
    deck_for,
    find_rng,
    hand,
    keep,
    kinds,
    pass_window,
    passes,
    play,
    reveal,
    stacked,
    steal,
)

A, B, C, D = 0, 1, 2, 3


def face_up(state: CoupState) -> Counter[str]:
    """Every face-up card on the table."""
    return Counter(card for p in state.players for card in p.revealed)


# --- The rulebook's "Example Play" ------------------------------------------------------------

NATASHA, SACHA, HAIG = 0, 1, 2


def example_deal(rng: int) -> CoupState:
    """Natasha: Contessa, Duke; Sacha: Captain, Contessa; Haig: Assassin, Duke. The court deck's
    top two cards are the Assassin and the Duke that Sacha's exchange draws (an exchange draws
    from the top with no shuffle first)."""
    return stacked(
        [[CONTESSA, DUKE], [CAPTAIN, CONTESSA], [ASSASSIN, DUKE]],
        top=(ASSASSIN, DUKE),
        names=("Natasha", "Sacha", "Haig"),
        rng=rng,
    )


def example_first_turn(rng: int) -> CoupState:
    """The example's first round, up to and including Sacha's lost challenge."""
    state = example_deal(rng)
    # Natasha claims the Duke and takes 3 coins; no one challenges.
    state, _ = play(state, (NATASHA, TAX), *passes(SACHA, HAIG))
    # Sacha bluffs the Ambassador; no one challenges; he draws an Assassin and a Duke.
    state, _ = play(state, (SACHA, EXCHANGE), *passes(HAIG, NATASHA))
    assert state.window == "exchange" and sorted(state.drawn) == [ASSASSIN, DUKE]
    # He keeps the Assassin and his Captain, and returns the Duke and the Contessa.
    state, _ = play(state, (SACHA, keep(ASSASSIN, CAPTAIN)))
    # Haig claims the Duke; Sacha challenges; Haig shows the Duke, which goes back into the deck;
    # the deck is shuffled and Haig draws a replacement.
    return play(state, (HAIG, TAX), (SACHA, CHALLENGE), (HAIG, PROVE))[0]


def test_rulebook_example_play() -> None:
    # The returned Duke is shuffled into the deck before Haig's replacement is drawn, so which card
    # he draws depends on the generator state. The rulebook says he draws a Contessa: use the
    # smallest rng under which he does (2 Contessas among the 10 cards then, so one is found fast).
    rng = find_rng(lambda rng: CONTESSA in example_first_turn(rng).hands[HAIG], 1000)
    state = example_first_turn(rng)
    # Sacha lost the challenge: he chooses to lose his Assassin.
    assert state.window == "lose" and state.owed == (SACHA,)
    state, _ = play(state, (SACHA, reveal(ASSASSIN)))

    # "After the first turn"
    assert hand(state, NATASHA) == [CONTESSA, DUKE] and state.players[NATASHA].coins == 5
    assert hand(state, SACHA) == [CAPTAIN] and state.players[SACHA].coins == 2
    assert hand(state, HAIG) == [ASSASSIN, CONTESSA] and state.players[HAIG].coins == 5
    assert face_up(state) == Counter({ASSASSIN: 1})
    assert state.players[SACHA].revealed == (ASSASSIN,)
    assert state.window == "action" and state.active == NATASHA

    # Natasha claims the Duke again: 8 coins.
    state, _ = play(state, (NATASHA, TAX), *passes(SACHA, HAIG))
    assert state.players[NATASHA].coins == 8
    # Sacha takes Income: no claim, no challenge, no block.
    state, _ = play(state, (SACHA, INCOME))
    assert state.players[SACHA].coins == 3
    # Haig pays 3 to assassinate Natasha; no challenge; Natasha blocks with the Contessa; no challenge.
    state, _ = play(state, (HAIG, assassinate(NATASHA)), *passes(NATASHA, SACHA))
    state, _ = play(state, (NATASHA, block(CONTESSA)), *passes(HAIG, SACHA))
    assert state.players[HAIG].coins == 2 and hand(state, NATASHA) == [CONTESSA, DUKE]
    # Natasha spends 7 on a Coup against Haig, who turns over his Contessa.
    state, _ = play(state, (NATASHA, coup(HAIG)), (HAIG, reveal(CONTESSA)))
    assert state.players[NATASHA].coins == 1
    # Sacha claims the Captain to steal from Haig; no challenge; Haig blocks with an Ambassador he
    # does not have; Sacha challenges; Haig cannot prove it and loses his last influence.
    state, _ = play(state, (SACHA, steal(HAIG)), *passes(HAIG, NATASHA), (HAIG, block(AMBASSADOR)))
    state, _ = play(state, (SACHA, CHALLENGE))
    assert COUP.legal(state, HAIG) == (CONCEDE,)
    state, events = play(state, (HAIG, CONCEDE))

    # "At this stage"
    assert hand(state, NATASHA) == [CONTESSA, DUKE] and state.players[NATASHA].coins == 1
    assert hand(state, SACHA) == [CAPTAIN]
    assert not state.players[HAIG].alive and hand(state, HAIG) == []
    assert face_up(state) == Counter({ASSASSIN: 2, CONTESSA: 1})
    assert state.players[HAIG].revealed == (CONTESSA, ASSASSIN)
    # The rulebook gives Sacha 5 coins (his steal takes Haig's 2). Our rules differ and win
    # (coup.md flow step 4: the loser of a challenge loses the influence first; step 6: an action
    # whose target was eliminated before it resolves does nothing more; and an eliminated player's
    # coins go back to the treasury): Haig is out before the steal resolves, so Sacha keeps 3.
    assert state.players[SACHA].coins == 3
    assert state.players[HAIG].coins == 0
    assert kinds(events) == ["concede", "lose", "eliminated", "fizzle", "turn"]
    assert state.window == "action" and state.active == NATASHA and state.winner is None


# --- Flow of a turn, step 1: declare; costs; forced Coup ----------------------------------------


def test_flow_1_costs_are_paid_on_declaration() -> None:
    state = stacked([[ASSASSIN, DUKE], [CAPTAIN, CONTESSA], [DUKE, CAPTAIN]], coins=[3, 2, 2])
    state, events = play(state, (A, assassinate(B)))
    assert state.players[A].coins == 0
    assert state.window == "challenge_action" and events[0] == Event(
        "declare", A, B, ASSASSIN, amount=3, what="assassinate"
    )
    state = stacked([[ASSASSIN, DUKE], [CAPTAIN, CONTESSA], [DUKE, CAPTAIN]], coins=[7, 2, 2])
    state, _ = play(state, (A, coup(B)))
    assert state.players[A].coins == 0 and state.window == "lose" and state.owed == (B,)


@pytest.mark.parametrize("purse", [10, 11, 14])
def test_flow_1_ten_coins_at_the_start_of_the_turn_force_a_coup(purse: int) -> None:
    state = stacked([[DUKE, DUKE], [CAPTAIN, CONTESSA], [DUKE, CAPTAIN]], coins=[purse, 2, 2])
    assert COUP.legal(state, A) == (coup(B), coup(C))
    for move in (INCOME, TAX, FOREIGN_AID, steal(B), assassinate(B), EXCHANGE):
        with pytest.raises(IllegalMove):
            COUP.apply(state, A, move)


def test_flow_1_nine_coins_do_not_force_a_coup() -> None:
    state = stacked([[DUKE, DUKE], [CAPTAIN, CONTESSA], [DUKE, CAPTAIN]], coins=[9, 2, 2])
    legal = COUP.legal(state, A)
    assert {INCOME, TAX, FOREIGN_AID, EXCHANGE, coup(B), assassinate(C), steal(B)} <= set(legal)


def test_flow_1_an_action_needs_its_cost_in_hand() -> None:
    state = stacked([[ASSASSIN, DUKE], [CAPTAIN, CONTESSA], [DUKE, CAPTAIN]], coins=[2, 2, 2])
    legal = COUP.legal(state, A)
    assert not any(m.kind in ("coup", "assassinate") for m in legal)
    for move in (coup(B), assassinate(B)):
        with pytest.raises(IllegalMove):
            COUP.apply(state, A, move)
    state = stacked([[ASSASSIN, DUKE], [CAPTAIN, CONTESSA], [DUKE, CAPTAIN]], coins=[6, 2, 2])
    assert assassinate(B) in COUP.legal(state, A) and coup(B) not in COUP.legal(state, A)


# --- Step 2: the challenge window on a claimed action --------------------------------------------


def test_flow_2_every_other_living_player_may_challenge_a_claimed_action() -> None:
    state = stacked(
        [[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [], [DUKE, ASSASSIN]],
        revealed=[[], [], [CAPTAIN, CONTESSA], []],
    )
    state, _ = play(state, (A, TAX))
    assert state.window == "challenge_action"
    assert COUP.to_act(state) == (B, D)
    for seat in (B, D):
        assert COUP.legal(state, seat) == (CHALLENGE, PASS)
    assert COUP.legal(state, A) == () and COUP.legal(state, C) == ()


@pytest.mark.parametrize("move", [INCOME, FOREIGN_AID, coup(B)])
def test_flow_2_general_actions_cannot_be_challenged(move: Move) -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]], coins=[7, 2, 2])
    state, events = play(state, (A, move))
    assert state.window != "challenge_action"
    assert "challenge" not in kinds(events)
    for seat in range(3):
        assert CHALLENGE not in COUP.legal(state, seat)
        with pytest.raises(IllegalMove):
            COUP.apply(state, seat, CHALLENGE)


def test_flow_2_the_first_challenge_received_wins_the_window() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN], [CAPTAIN, CONTESSA]])
    state, _ = play(state, (A, TAX))
    assert COUP.to_act(state) == (B, C, D)
    # D's challenge arrives before B and C have answered: D's wins, and nobody else is asked.
    state, events = play(state, (D, CHALLENGE))
    assert state.challenge is not None and state.challenge.challenger == D
    assert state.window == "prove" and COUP.to_act(state) == (A,)
    assert events == [Event("challenge", D, A, DUKE)]
    for seat in (B, C):
        with pytest.raises(IllegalMove):
            COUP.apply(state, seat, CHALLENGE)
    state, _ = play(state, (A, PROVE))
    assert state.window == "lose" and state.owed == (D,)


def test_flow_2_answers_arriving_together_are_ordered_clockwise_from_the_active_player() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, CAPTAIN], [CAPTAIN, CONTESSA]], first=C)
    state, _ = play(state, (C, steal(A)))
    assert COUP.to_act(state) == (D, A, B)
    state, _ = pass_window(state)
    state, _ = play(state, (A, block(CAPTAIN)))
    # Everyone but the blocker, clockwise from the active player (who may challenge too).
    assert state.window == "challenge_block" and COUP.to_act(state) == (C, D, B)


def test_flow_2_an_unchallenged_claim_goes_on() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]])
    state, events = play(state, (A, TAX), *passes(B, C))
    assert coins(state) == [5, 2, 2] and state.active == B and state.window == "action"
    assert kinds(events) == ["declare", "gain", "turn"]


# --- Step 3: the block window, then a challenge window on the block -----------------------------


def test_flow_3_anyone_may_block_foreign_aid_and_everyone_else_may_challenge_the_block() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]])
    state, events = play(state, (A, FOREIGN_AID))
    assert state.window == "block" and COUP.to_act(state) == (B, C)
    assert COUP.legal(state, B) == (block(DUKE), PASS)
    state, _ = play(state, (C, block(DUKE)))
    assert state.window == "challenge_block" and COUP.to_act(state) == (A, B)
    state, events = pass_window(state)
    assert coins(state) == [2, 2, 2] and "blocked" in kinds(events) and state.active == B


def test_flow_3_unblocked_foreign_aid_gives_two() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]])
    state, _ = play(state, (A, FOREIGN_AID), *passes(B, C))
    assert coins(state) == [4, 2, 2]


@pytest.mark.parametrize(
    ("action", "blocks"),
    [(steal(C), (block(AMBASSADOR), block(CAPTAIN))), (assassinate(C), (block(CONTESSA),))],
)
def test_flow_3_only_the_target_may_block_a_targeted_action(action: Move, blocks: tuple[Move, ...]) -> None:
    state = stacked([[ASSASSIN, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, DUKE]], coins=[3, 2, 2])
    state, _ = play(state, (A, action))
    state, _ = pass_window(state)
    assert state.window == "block" and COUP.to_act(state) == (C,)
    assert set(COUP.legal(state, C)) == {*blocks, PASS}
    assert COUP.legal(state, B) == ()
    with pytest.raises(IllegalMove):
        COUP.apply(state, B, blocks[0])


@pytest.mark.parametrize("move", [TAX, EXCHANGE, INCOME, coup(B)])
def test_flow_3_actions_without_blockers_open_no_block_window(move: Move) -> None:
    state = stacked([[DUKE, AMBASSADOR], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]], coins=[7, 2, 2])
    state, events = play(state, (A, move))
    if state.window == "challenge_action":
        state, more = pass_window(state)
        events += more
    assert state.window != "block" and "block" not in kinds(events)


def test_flow_3_a_block_may_be_challenged_and_a_proven_block_stops_the_action() -> None:
    state = stacked([[ASSASSIN, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, DUKE]], coins=[2, 2, 2])
    state, _ = play(state, (A, steal(B)), *passes(B, C), (B, block(AMBASSADOR)))
    assert COUP.to_act(state) == (A, C)
    state, events = play(state, (A, CHALLENGE), (B, PROVE))
    assert coins(state) == [2, 2, 2]
    assert state.window == "lose" and state.owed == (A,)
    state, events = play(state, (A, reveal(CAPTAIN)))
    assert kinds(events)[:2] == ["lose", "blocked"] and coins(state) == [2, 2, 2]


# --- Step 4: prove or concede; the loser chooses; the proven card is replaced -------------------


def test_flow_4_a_challenged_holder_may_prove_or_concede() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]])
    state, _ = play(state, (A, TAX), (B, CHALLENGE))
    assert state.window == "prove" and COUP.legal(state, A) == (PROVE, CONCEDE)


def test_flow_4_a_challenged_bluffer_can_only_concede() -> None:
    state = stacked([[CONTESSA, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]])
    state, _ = play(state, (A, TAX), (B, CHALLENGE))
    assert COUP.legal(state, A) == (CONCEDE,)
    with pytest.raises(IllegalMove):
        COUP.apply(state, A, PROVE)


def test_flow_4_the_loser_of_a_challenge_loses_first_choosing_the_card() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]])
    state, _ = play(state, (A, TAX), (B, CHALLENGE), (A, PROVE))
    # The loss comes first: the Tax has not resolved yet.
    assert state.window == "lose" and state.owed == (B,) and coins(state) == [2, 2, 2]
    assert COUP.legal(state, B) == (reveal(AMBASSADOR), reveal(CONTESSA))
    state, events = play(state, (B, reveal(AMBASSADOR)))
    assert hand(state, B) == [CONTESSA] and state.players[B].revealed == (AMBASSADOR,)
    assert kinds(events) == ["lose", "gain", "turn"] and coins(state) == [5, 2, 2]


def test_flow_4_a_proven_card_goes_back_the_deck_is_shuffled_and_a_replacement_is_drawn() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]])
    deck_before, rng_before = state.deck, state.rng
    state, events = play(state, (A, TAX), (B, CHALLENGE), (A, PROVE))
    replace = next(e for e in events if e.kind == "replace")
    assert replace.seat == A and replace.to == (A,) and len(replace.cards) == 1
    (drawn,) = replace.cards
    assert sorted(state.hands[A]) == sorted([CAPTAIN, drawn])
    assert Counter(state.deck) + Counter([drawn]) == Counter(deck_before) + Counter([DUKE])
    assert len(state.deck) == len(deck_before) and state.rng != rng_before
    assert Event("prove", A, B, DUKE) in events
    # The replacement is drawn before the challenger's loss, but the challenger still chooses.
    assert state.window == "lose" and state.owed == (B,)


def test_a_claim_shown_or_used_for_an_exchange_stays_the_players_claim_and_one_not_shown_is_dropped() -> None:
    state = stacked([[DUKE, AMBASSADOR], [CONTESSA, CAPTAIN], [DUKE, ASSASSIN]], top=(ASSASSIN, DUKE))
    state, _ = play(state, (A, TAX), (B, PASS), (C, CHALLENGE), (A, PROVE), (C, reveal(ASSASSIN)))
    assert state.players[A].claims == (DUKE,)  # shown: still what A said it holds
    state, _ = play(state, (B, steal(C)), (C, CHALLENGE), (B, CONCEDE), (B, reveal(CAPTAIN)))
    assert state.players[B].claims == ()  # not shown when called: no longer said
    state, _ = play(state, (C, INCOME), (A, EXCHANGE), *passes(B, C))
    state, _ = play(state, (A, keep(*sorted(state.hands[A])[:2])))
    assert state.players[A].claims == (DUKE, AMBASSADOR)


# --- Step 5: a challenged action fails and is refunded; a blocked one stays paid ---------------


def test_flow_5_a_successfully_challenged_action_fails_and_its_cost_is_refunded() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]], coins=[4, 2, 2])
    state, _ = play(state, (A, assassinate(B)))
    assert coins(state) == [1, 2, 2]
    state, events = play(state, (B, CHALLENGE), (A, CONCEDE))
    assert coins(state) == [4, 2, 2]
    assert Event("refund", A, amount=3, what="assassinate") in events
    assert Event("fail", A, B, what="assassinate") in events
    # No block window follows a failed action; A loses an influence, and B keeps both of its own.
    assert state.window == "lose" and state.owed == (A,)
    state, events = play(state, (A, reveal(DUKE)))
    assert hand(state, B) == [AMBASSADOR, CONTESSA] and state.active == B
    assert kinds(events) == ["lose", "turn"]


def test_flow_5_a_successfully_challenged_steal_takes_nothing() -> None:
    state = stacked([[DUKE, DUKE], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]], coins=[2, 5, 2])
    state, _ = play(state, (A, steal(B)), (C, CHALLENGE), (A, CONCEDE), (A, reveal(DUKE)))
    assert coins(state) == [2, 5, 2] and state.active == B and state.players[A].revealed == (DUKE,)


def test_flow_5_a_blocked_action_fails_and_its_cost_stays_spent() -> None:
    state = stacked([[ASSASSIN, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, DUKE]], coins=[3, 2, 2])
    state, _ = play(state, (A, assassinate(B)), *passes(B, C), (B, block(CONTESSA)))
    state, events = pass_window(state)
    assert coins(state) == [0, 2, 2] and hand(state, B) == [AMBASSADOR, CONTESSA]
    assert Event("blocked", A, B, CONTESSA, what="assassinate") in events
    assert "refund" not in kinds(events)


# --- Step 6: an action whose target is gone before it resolves does nothing more ---------------


def test_flow_6_an_assassination_whose_target_is_already_eliminated_does_nothing_more() -> None:
    state = stacked([[ASSASSIN, CAPTAIN], [CONTESSA], [DUKE, DUKE]], revealed=[[], [DUKE], []], coins=[3, 2, 2])
    # B challenges a real Assassin and loses its last influence before the assassination resolves.
    state, events = play(state, (A, assassinate(B)), (B, CHALLENGE), (A, PROVE))
    assert not state.players[B].alive
    assert Event("fizzle", A, B, what="assassinate") in events
    assert state.players[A].coins == 0 and state.active == C and state.window == "action"
    assert "block" not in kinds(events)


def test_flow_6_a_steal_whose_target_is_already_eliminated_takes_nothing() -> None:
    state = stacked([[CAPTAIN, DUKE], [CONTESSA], [DUKE, ASSASSIN]], revealed=[[], [DUKE], []], coins=[2, 4, 2])
    state, events = play(state, (A, steal(B)), (B, CHALLENGE), (A, PROVE))
    assert not state.players[B].alive and coins(state) == [2, 0, 2]
    assert Event("fizzle", A, B, what="steal") in events and "steal" not in kinds(events)


# --- Double danger --------------------------------------------------------------------------------


def test_double_danger_losing_the_challenge_on_your_own_contessa_block_costs_two_influences() -> None:
    state = stacked([[ASSASSIN, CAPTAIN], [DUKE, AMBASSADOR], [DUKE, CAPTAIN]], coins=[3, 2, 2])
    state, _ = play(state, (A, assassinate(B)), *passes(B, C), (B, block(CONTESSA)))
    state, _ = play(state, (A, CHALLENGE), (B, CONCEDE))
    # One influence for the lost challenge (B chooses) ...
    assert state.window == "lose" and state.owed == (B,)
    state, events = play(state, (B, reveal(DUKE)))
    # ... and one for the assassination, which now goes ahead.
    assert kinds(events) == ["lose", "lose", "eliminated", "turn"]
    assert not state.players[B].alive and sorted(state.players[B].revealed) == [AMBASSADOR, DUKE]
    assert state.players[A].coins == 0


# --- Details: treasury, steal, exchange, two players, starting player, decks --------------------


def test_treasury_is_unlimited() -> None:
    hands = [[DUKE, CAPTAIN], [DUKE, AMBASSADOR], [DUKE, ASSASSIN], [CAPTAIN, CONTESSA]]
    hands += [[CAPTAIN, CONTESSA], [ASSASSIN, CONTESSA]]
    state = stacked(hands, coins=[9] * 6)
    assert sum(coins(state)) == 54  # more than the 50 coins of the box
    state, _ = play(state, (A, TAX), *passes(1, 2, 3, 4, 5), (B, FOREIGN_AID), *passes(2, 3, 4, 5, 0))
    state, _ = play(state, (C, INCOME))
    assert coins(state)[:3] == [12, 11, 10]
    assert COUP.view(state, A).treasury == 0


def test_coins_of_an_eliminated_player_go_back_to_the_treasury() -> None:
    state = stacked([[DUKE, CAPTAIN], [AMBASSADOR], [DUKE, ASSASSIN]], revealed=[[], [DUKE], []], coins=[7, 6, 2])
    state, events = play(state, (A, coup(B)))
    assert coins(state) == [0, 0, 2] and not state.players[B].alive
    assert Event("eliminated", B, amount=6) in events
    assert COUP.view(state, None).treasury == 50 - 2


@pytest.mark.parametrize(("purse", "taken"), [(0, 0), (1, 1), (2, 2), (5, 2)])
def test_steal_takes_at_most_two_coins(purse: int, taken: int) -> None:
    state = stacked([[CAPTAIN, DUKE], [CONTESSA, DUKE], [DUKE, ASSASSIN]], coins=[2, purse, 2])
    state, events = play(state, (A, steal(B)), *passes(B, C), (B, PASS))
    assert coins(state) == [2 + taken, purse - taken, 2]
    assert Event("steal", A, B, amount=taken) in events


def test_exchange_with_two_influence_draws_two_keeps_two_returns_two() -> None:
    state = stacked([[AMBASSADOR, CONTESSA], [CONTESSA, DUKE], [DUKE, ASSASSIN]], top=(ASSASSIN, DUKE))
    deck_size = len(state.deck)
    state, events = play(state, (A, EXCHANGE), *passes(B, C))
    assert state.window == "exchange" and state.owed == (A,)
    assert sorted(state.drawn) == [ASSASSIN, DUKE] and len(state.deck) == deck_size - 2
    legal = COUP.legal(state, A)
    pool = [AMBASSADOR, ASSASSIN, CONTESSA, DUKE]
    assert {m.cards for m in legal} == {(x, y) for i, x in enumerate(pool) for y in pool[i + 1 :]}
    before = Counter(state.deck)
    state, events = play(state, (A, keep(DUKE, ASSASSIN)))
    assert hand(state, A) == [ASSASSIN, DUKE] and state.drawn == ()
    assert Counter(state.deck) == before + Counter([AMBASSADOR, CONTESSA])
    assert Event("exchanged", A, amount=2) in events


def test_exchange_with_one_influence_draws_two_keeps_one_returns_two() -> None:
    state = stacked(
        [[AMBASSADOR], [CONTESSA, DUKE], [DUKE, ASSASSIN]], revealed=[[CAPTAIN], [], []], top=(CAPTAIN, DUKE)
    )
    deck_size = len(state.deck)
    state, _ = play(state, (A, EXCHANGE), *passes(B, C))
    assert {m.cards for m in COUP.legal(state, A)} == {(AMBASSADOR,), (CAPTAIN,), (DUKE,)}
    for wrong in (keep(), keep(CAPTAIN, DUKE), keep(CONTESSA)):
        assert_refused(state, A, wrong)
    state, events = play(state, (A, keep(CAPTAIN)))
    assert hand(state, A) == [CAPTAIN] and state.players[A].revealed == (CAPTAIN,)
    assert len(state.deck) == deck_size and Event("exchanged", A, amount=2) in events


def test_two_players_the_starting_player_begins_with_one_coin() -> None:
    starters = set()
    for seed in range(20):
        for variant in (False, True):
            state = COUP.new(CoupConfig(players=2, two_player_variant=variant), seed)
            first = state.active
            starters.add(first)
            assert state.players[first].coins == 1 and state.players[1 - first].coins == 2
    assert starters == {0, 1}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_or_more_players_all_begin_with_two_coins(players: int) -> None:
    assert coins(COUP.new(CoupConfig(players=players), 7)) == [2] * players


def test_two_player_variant_set_up_from_sets_of_five() -> None:
    state = COUP.new(CoupConfig(players=2, two_player_variant=True), 3)
    validate(state)
    # Three sets of five: one for each player to choose from, and the third, shuffled, as the deck.
    assert state.window == "setup" and COUP.to_act(state) == (0, 1)
    assert sorted(state.deck) == sorted(CHARACTERS)
    for seat in (0, 1):
        assert state.hands[seat] == () and state.players[seat].alive
        assert COUP.legal(state, seat) == tuple(Move("choose", card=c) for c in sorted(CHARACTERS))
    third_set = state.deck
    # Each secretly chooses one card and discards the rest.
    state, events = play(state, (1, Move("choose", card=ASSASSIN)))
    assert state.hands[1] == (ASSASSIN,) and COUP.to_act(state) == (0,)
    assert sorted(state.discarded) == sorted(c for c in CHARACTERS if c != ASSASSIN)
    assert events == [Event("chose", 1), Event("kept", 1, cards=(ASSASSIN,), to=(1,))]  # the card: to its chooser
    with pytest.raises(IllegalMove):
        COUP.apply(state, 1, Move("choose", card=DUKE))
    state, events = play(state, (0, Move("choose", card=ASSASSIN)))
    # One card of the third set is dealt to each, and the remaining three are the court deck.
    assert len(state.deck) == 3 and state.deck == third_set[:3]
    assert state.hands[0] == (ASSASSIN, third_set[4])
    assert state.hands[1] == (ASSASSIN, third_set[3])
    assert len(state.discarded) == 8
    dealt = [e for e in events if e.kind == "dealt"]
    assert [(e.seat, e.to) for e in dealt] == [(0, (0,)), (1, (1,))]
    assert state.window == "action" and COUP.to_act(state) == (state.active,)
    assert state.players[state.active].coins == 1


def test_the_starting_player_is_drawn_from_the_seed() -> None:
    config = CoupConfig(players=4)
    firsts = [COUP.new(config, seed).active for seed in range(60)]
    assert firsts == [COUP.new(config, seed).active for seed in range(60)]
    assert set(firsts) == {0, 1, 2, 3}
    for seed in range(10):
        state = COUP.new(CoupConfig(players=4, first_player=2), seed)
        assert state.active == 2 and COUP.to_act(state) == (2,)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deck_has_three_of_each_character_for_two_to_six_players(players: int) -> None:
    state = COUP.new(CoupConfig(players=players), players)
    validate(state)
    everything = Counter(state.deck) + sum((Counter(hand) for hand in state.hands), Counter())
    assert everything == Counter({c: 3 for c in CHARACTERS})
    assert len(state.deck) == 15 - 2 * players
    assert all(len(hand) == 2 for hand in state.hands) and not any(p.revealed for p in state.players)


def test_larger_tables_use_four_or_five_of_each_character() -> None:
    assert [copies_per_character(n) for n in range(2, 11)] == [3, 3, 3, 3, 3, 4, 4, 5, 5]


# --- Edge cases players expect (what-players-expect.md, section 4) ------------------------------


def test_edge_losing_a_challenge_against_an_assassin_then_being_assassinated_costs_two() -> None:
    state = stacked([[ASSASSIN, CAPTAIN], [DUKE, CAPTAIN], [DUKE, AMBASSADOR]], coins=[3, 2, 2])
    state, _ = play(state, (A, assassinate(B)), (B, CHALLENGE), (A, PROVE), (B, reveal(DUKE)))
    # B survived the challenge with one influence and may still block; it does not.
    assert state.window == "block" and state.owed == (B,)
    state, events = play(state, (B, PASS))
    assert not state.players[B].alive and sorted(state.players[B].revealed) == [CAPTAIN, DUKE]
    assert kinds(events) == ["lose", "eliminated", "turn"] and state.players[A].coins == 0


def test_edge_a_bluffed_contessa_block_that_is_challenged_costs_the_challenge_and_the_assassination() -> None:
    state = stacked([[ASSASSIN, CAPTAIN], [DUKE, CAPTAIN], [DUKE, AMBASSADOR]], coins=[3, 2, 2])
    state, _ = play(state, (A, assassinate(B)), *passes(B, C), (B, block(CONTESSA)))
    # A third player, not the assassin, challenges the block.
    state, _ = play(state, (A, PASS), (C, CHALLENGE), (B, CONCEDE), (B, reveal(CAPTAIN)))
    assert not state.players[B].alive and sorted(state.players[B].revealed) == [CAPTAIN, DUKE]
    assert hand(state, C) == [AMBASSADOR, DUKE]


def test_edge_a_successfully_challenged_assassination_refunds_the_three_coins() -> None:
    state = stacked([[DUKE, CAPTAIN], [DUKE, CAPTAIN], [DUKE, AMBASSADOR]], coins=[5, 2, 2])
    state, _ = play(state, (A, assassinate(C)), (B, CHALLENGE), (A, CONCEDE), (A, reveal(CAPTAIN)))
    assert coins(state) == [5, 2, 2] and hand(state, C) == [AMBASSADOR, DUKE]


def test_edge_a_blocked_assassination_does_not_refund() -> None:
    state = stacked([[ASSASSIN, CAPTAIN], [DUKE, CAPTAIN], [CONTESSA, AMBASSADOR]], coins=[5, 2, 2])
    state, _ = play(state, (A, assassinate(C)), *passes(B, C), (C, block(CONTESSA)), *passes(A, B))
    assert coins(state) == [2, 2, 2] and hand(state, C) == [AMBASSADOR, CONTESSA]


def test_edge_a_challenged_player_holding_the_card_may_choose_not_to_prove_it() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]])
    state, events = play(state, (A, TAX), (B, CHALLENGE), (A, CONCEDE))
    assert "prove" not in kinds(events) and Event("fail", A, what="tax") in events
    assert state.window == "lose" and state.owed == (A,)
    # It loses the challenge, and may even keep the Duke it did not show.
    state, _ = play(state, (A, reveal(CAPTAIN)))
    assert hand(state, A) == [DUKE] and coins(state) == [2, 2, 2] and hand(state, B) == [AMBASSADOR, CONTESSA]


@pytest.mark.parametrize("reason", ["challenge", "coup", "assassinate"])
def test_edge_a_player_who_loses_an_influence_always_chooses_which_card(reason: str) -> None:
    state = stacked([[ASSASSIN, DUKE], [CONTESSA, AMBASSADOR], [DUKE, CAPTAIN]], coins=[7, 2, 2])
    if reason == "challenge":
        state, _ = play(state, (A, TAX), (B, CHALLENGE), (A, PROVE))
    elif reason == "coup":
        state, _ = play(state, (A, coup(B)))
    else:
        state, _ = play(state, (A, assassinate(B)), *passes(B, C), (B, PASS))
    assert state.window == "lose" and COUP.to_act(state) == (B,)
    assert COUP.legal(state, B) == (reveal(AMBASSADOR), reveal(CONTESSA))
    view = COUP.view(state, None)
    assert view.losing == B and view.loss_reason == reason
    with pytest.raises(IllegalMove):
        COUP.apply(state, B, reveal(DUKE))
    state, events = play(state, (B, reveal(CONTESSA)))
    assert hand(state, B) == [AMBASSADOR] and Event("lose", B, card=CONTESSA, what=reason) in events


@pytest.mark.parametrize("seats", [3, 2, "variant"])
@pytest.mark.parametrize("reason", ["challenge", "coup", "assassinate"])
def test_edge_a_player_holding_a_pair_is_asked_too_and_nobody_else_can_tell(reason: str, seats: int | str) -> None:
    count = 3 if seats == 3 else 2
    state = stacked([[ASSASSIN, DUKE], [CONTESSA, CONTESSA], [DUKE, CAPTAIN]][:count], coins=[7, 2, 2][:count])
    if seats == "variant":
        state = dataclasses.replace(state, config=CoupConfig(players=2, two_player_variant=True))
    steps = {
        "challenge": [(A, TAX), (B, CHALLENGE), (A, PROVE)],
        "coup": [(A, coup(B))],
        "assassinate": [(A, assassinate(B)), *passes(B, C)[: count - 1], (B, PASS)],
    }[reason]
    assert_a_pair_is_asked_for_alike(COUP, play, state, steps, B)


def test_edge_lost_influence_stays_face_up_and_never_returns_to_the_deck() -> None:
    state = stacked(
        [[AMBASSADOR, CONTESSA], [CONTESSA, AMBASSADOR], [DUKE, CAPTAIN]], coins=[7, 2, 2], top=(DUKE, DUKE)
    )
    state, _ = play(state, (A, coup(B)), (B, reveal(CONTESSA)))

    def face_down_contessas(state: CoupState) -> int:
        return state.deck.count(CONTESSA) + sum(hand.count(CONTESSA) for hand in state.hands)

    assert state.players[B].revealed == (CONTESSA,) and face_down_contessas(state) == 2
    # B exchanges with its one influence: the face-up Contessa is not a card it may take back.
    state, _ = play(state, (B, EXCHANGE), *passes(C, A))
    assert {m.cards for m in COUP.legal(state, B)} == {(AMBASSADOR,), (DUKE,)}
    state, _ = play(state, (B, keep(AMBASSADOR)))
    assert state.players[B].revealed == (CONTESSA,) and face_down_contessas(state) == 2
    # B proves an Ambassador claim: only the Ambassador goes back into the shuffled deck.
    state, _ = play(state, (C, INCOME), (A, INCOME), (B, EXCHANGE), (C, CHALLENGE), (B, PROVE))
    assert state.players[B].revealed == (CONTESSA,) and face_down_contessas(state) == 2
    state, _ = play(state, (C, reveal(CAPTAIN)))
    assert state.window == "exchange" and state.drawn.count(CONTESSA) + face_down_contessas(state) == 2
    state, _ = play(state, (B, COUP.legal(state, B)[0]))
    assert state.players[B].revealed == (CONTESSA,) and face_down_contessas(state) == 2
    assert face_up(state) == Counter({CONTESSA: 1, CAPTAIN: 1})


def test_edge_after_winning_a_challenge_the_proven_card_is_shuffled_back_and_replaced() -> None:
    def proof(rng: int) -> tuple[str, tuple[str, ...]]:
        state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]], rng=rng)
        state, events = play(state, (A, TAX), (B, CHALLENGE), (A, PROVE))
        return next(e for e in events if e.kind == "replace").cards[0], tuple(state.deck)

    outcomes = [proof(rng) for rng in range(40)]
    # The Duke goes into a shuffled deck: sometimes it comes straight back, usually another card.
    drawn = {card for card, _ in outcomes}
    assert DUKE in drawn and len(drawn) >= 3
    # The whole deck is shuffled, not just the proven card slipped in.
    assert len({deck for _, deck in outcomes}) > 20


def test_edge_after_a_failed_challenge_of_an_action_the_target_may_still_block_it() -> None:
    state = stacked([[CAPTAIN, DUKE], [AMBASSADOR, CONTESSA], [DUKE, ASSASSIN]], coins=[2, 4, 2])
    state, _ = play(state, (A, steal(B)), (B, CHALLENGE), (A, PROVE), (B, reveal(CONTESSA)))
    assert state.window == "block" and COUP.to_act(state) == (B,)
    state, events = play(state, (B, block(AMBASSADOR)), *passes(A, C))
    assert coins(state) == [2, 4, 2] and "blocked" in kinds(events)


# --- Illegal and out-of-turn moves change nothing; no window is owed by nobody ------------------


def assert_refused(state: CoupState, seat: int, move: Move) -> None:
    """apply refuses move with IllegalMove and leaves state exactly as it was."""
    before, deep = state.clone(), copy.deepcopy(state)
    with pytest.raises(IllegalMove):
        COUP.apply(state, seat, move)
    assert state == before == deep


def test_out_of_turn_moves_raise_and_change_nothing() -> None:
    state = stacked([[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN]])
    for seat in (B, C, -1, 3, 99):
        for move in (INCOME, TAX, PASS, CHALLENGE):
            assert_refused(state, seat, move)
    state, _ = play(state, (A, TAX))
    for move in (CHALLENGE, PASS, INCOME):
        assert_refused(state, A, move)


@pytest.mark.parametrize(
    "move",
    [
        coup(B),
        assassinate(B),
        Move("income", target=B),
        Move("tax", card=DUKE),
        steal(A),
        steal(3),
        steal(-1),
        steal(D),
        Move("steal"),
        CHALLENGE,
        PASS,
        PROVE,
        CONCEDE,
        block(DUKE),
        reveal(DUKE),
        keep(DUKE, CAPTAIN),
        Move("choose", card=DUKE),
        Move("embezzle"),
        Move(""),
    ],
)
def test_illegal_moves_in_the_action_window_raise_and_change_nothing(move: Move) -> None:
    state = stacked(
        [[DUKE, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, ASSASSIN], []],
        revealed=[[], [], [], [CAPTAIN, AMBASSADOR]],
    )
    assert_refused(state, A, move)


def test_moves_of_other_windows_raise_and_change_nothing() -> None:
    state = stacked([[ASSASSIN, CAPTAIN], [CONTESSA, AMBASSADOR], [DUKE, DUKE]], coins=[3, 2, 2])
    state, _ = play(state, (A, steal(B)))
    for move in (INCOME, block(CAPTAIN), PROVE, reveal(CONTESSA), keep(CONTESSA, AMBASSADOR)):
        assert_refused(state, B, move)
    state, _ = pass_window(state)
    for move in (CHALLENGE, block(CONTESSA), block(DUKE), INCOME):
        assert_refused(state, B, move)
    state, _ = play(state, (B, block(CAPTAIN)))
    for move in (block(CAPTAIN), PROVE, reveal(ASSASSIN)):
        assert_refused(state, A, move)
    state, _ = play(state, (A, CHALLENGE))
    assert_refused(state, B, PROVE)  # B bluffed the Captain
    assert_refused(state, A, CONCEDE)
    state, _ = play(state, (B, CONCEDE))
    assert state.window == "lose"
    for move in (reveal(CAPTAIN), reveal(DUKE), PASS):
        assert_refused(state, B, move)
    assert_refused(state, A, reveal(ASSASSIN))


def test_no_move_is_accepted_once_the_game_is_over() -> None:
    state = stacked([[DUKE], [CONTESSA]], revealed=[[CAPTAIN], [AMBASSADOR]], coins=[7, 2])
    state, events = play(state, (A, coup(B)))
    assert state.window == "over" and COUP.result(state) == A and COUP.to_act(state) == ()
    assert kinds(events)[-1] == "win"
    for seat in (A, B):
        assert COUP.legal(state, seat) == ()
        for move in (INCOME, PASS, coup(B)):
            assert_refused(state, seat, move)


def explore(start: CoupState, limit: int) -> int:
    """Visit up to limit states reachable from start by legal moves, checking each; return the
    number of states visited."""
    seen: set[str] = set()
    stack = [start]
    while stack and len(seen) < limit:
        state = stack.pop()
        key = repr(state)
        if key in seen:
            continue
        seen.add(key)
        validate(state)
        owed = COUP.to_act(state)
        if state.window == "over":
            assert owed == () and COUP.result(state) is not None
            continue
        assert owed, f"the {state.window} window is owed by nobody"
        for seat in owed:
            legal = COUP.legal(state, seat)
            assert legal, f"seat {seat} owes the {state.window} window but has no move"
            stack.extend(COUP.apply(state, seat, move)[0] for move in legal)
        for seat in set(range(len(state.players))) - set(owed):
            assert COUP.legal(state, seat) == ()
    return len(seen)


@pytest.mark.parametrize(
    "start",
    [
        stacked([[DUKE], [CONTESSA]], revealed=[[CAPTAIN], [AMBASSADOR]], coins=[3, 3]),
        stacked([[ASSASSIN, CAPTAIN], [CONTESSA], [AMBASSADOR]], revealed=[[], [DUKE], [DUKE]], coins=[3, 1, 2]),
        stacked([[ASSASSIN, CAPTAIN], [CONTESSA, DUKE]], coins=[6, 6]),
    ],
    ids=["two-one-card-players", "three-players", "two-players-full"],
)
def test_no_window_is_ever_owed_by_nobody(start: CoupState) -> None:
    assert explore(start, 1500) > 100


# --- Views: what a seat may know, and nothing more --------------------------------------------


def walk(value: Any) -> list[tuple[str, Any]]:
    """Every (key, value) pair inside a nested structure of dicts, lists and tuples."""
    found: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((key, item))
            found.extend(walk(item))
    elif isinstance(value, (list, tuple)):
        for item in value:
            found.extend(walk(item))
    return found


def assert_no_secrets(state: CoupState, viewer: int | None) -> None:
    """The view of viewer holds no other seat's hand, no deck order and no generator state."""
    view = COUP.view(state, viewer)
    for seat, shown in enumerate(view.hands):
        assert shown == (tuple(state.hands[seat]) if seat == viewer else None)
    pairs = walk(dataclasses.asdict(view))
    keys = {key for key, _ in pairs}
    assert not keys & {"deck", "rng", "hidden", "discarded", "losses"}
    for _, value in pairs:
        assert value != state.rng or isinstance(value, bool)
        if len(state.deck) > 1:
            assert value != state.deck and value != tuple(state.deck)


def mid_game_states() -> list[CoupState]:
    """A few states with secrets in play: a challenge, a block, a loss, an exchange."""
    state = stacked([[AMBASSADOR, CONTESSA], [CAPTAIN, DUKE], [DUKE, ASSASSIN]], top=(ASSASSIN, DUKE), rng=0xC0FFEE)
    states = [state]
    for step in [
        (A, EXCHANGE),
        (B, PASS),
        (C, PASS),
        (A, keep(ASSASSIN, CONTESSA)),
        (B, steal(A)),
        (C, PASS),
        (A, CHALLENGE),
        (B, PROVE),
        (A, reveal(CONTESSA)),
        (A, block(AMBASSADOR)),
    ]:
        states.append(play(states[-1], step)[0])
    return states


@pytest.mark.parametrize("viewer", [A, B, C, None])
def test_a_view_holds_no_other_hand_no_deck_order_and_no_rng(viewer: int | None) -> None:
    for state in mid_game_states():
        assert_no_secrets(state, viewer)


def test_the_spectator_view_has_no_hands() -> None:
    for state in mid_game_states():
        view = COUP.view(state, None)
        assert view.viewer is None and view.own_hand() is None and view.legal == ()
        assert all(shown is None for shown in view.hands) and view.drawn == ()
        assert [p.influence for p in view.players] == [len(hand) for hand in state.hands]


def test_the_cards_drawn_in_an_exchange_go_only_to_the_actor() -> None:
    state = mid_game_states()[3]
    assert state.window == "exchange" and sorted(state.drawn) == [ASSASSIN, DUKE]
    assert sorted(COUP.view(state, A).drawn) == [ASSASSIN, DUKE]
    for viewer in (B, C, None):
        view = COUP.view(state, viewer)
        assert view.drawn == () and view.legal == ()
        assert view.deck_count == len(state.deck)


def test_private_events_are_seen_only_by_their_seats() -> None:
    state = stacked([[AMBASSADOR, CONTESSA], [CAPTAIN, DUKE], [DUKE, ASSASSIN]], top=(ASSASSIN, DUKE))
    state, events = play(state, (A, EXCHANGE), *passes(B, C), (A, keep(ASSASSIN, CONTESSA)))
    state, more = play(state, (B, TAX), (A, CHALLENGE), (B, PROVE))
    events += more
    private = [e for e in events if e.to is not None]
    assert {(e.kind, e.to) for e in private} == {("drew", (A,)), ("kept", (A,)), ("replace", (B,))}
    assert visible_to(events, None) == [e for e in events if e.to is None]
    for seat in (A, B, C):
        seen = visible_to(events, seat)
        assert all(e.to is None or seat in e.to for e in seen)
        assert [e for e in events if e.to is not None and seat in e.to] == [e for e in seen if e.to is not None]
    assert [e.kind for e in visible_to(events, C) if e.cards] == []
    # Public events name no hidden card: only claims, proofs and face-up losses.
    assert all(not e.cards for e in visible_to(events, None))


def test_hands_are_shown_to_everyone_only_once_the_game_is_over() -> None:
    state = stacked([[DUKE], [CONTESSA, AMBASSADOR]], revealed=[[CAPTAIN], []], coins=[2, 7], first=B)
    assert COUP.view(state, A).hands[B] is None
    state, _ = play(state, (B, coup(A)))
    assert state.window == "over"
    for viewer in (A, None):
        assert COUP.view(state, viewer).hands[B] == (CONTESSA, AMBASSADOR)


def test_deck_for_puts_the_first_card_drawn_on_top() -> None:
    deck = deck_for([[DUKE, DUKE], [DUKE, CAPTAIN]], top=(ASSASSIN, CONTESSA))
    assert deck[-2:] == [CONTESSA, ASSASSIN] and len(deck) == 11 and DUKE not in deck
