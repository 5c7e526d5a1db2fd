"""G54 rules as scenarios: one or more per role, every decision and resolution rule of g54-roles.md, set-up."""

from __future__ import annotations

from collections import Counter

import pytest

from core.cards.g54.config import G54Config
from core.cards.g54.engine import G54
from core.cards.g54.roles import FIRST_GAME, GROUPS, PER_GROUP, ROLE_LIST, ROLES, in_play_order
from core.cards.g54.state import G54State
from core.cards.g54.text import describe
from core.cards.moves import Move
from core.game import IllegalMove
from tests.cards_helpers import assert_a_pair_is_asked_for_alike, assert_others_see_alike, flipped
from tests.g54_helpers import (
    CHALLENGE,
    CLAIM,
    CONCEDE,
    DRAW,
    INCOME,
    JOIN,
    PASS,
    PAY,
    PROVE,
    REFUSE,
    block,
    coins,
    give,
    hand,
    keep,
    kinds,
    legal,
    move,
    of_kind,
    pass_window,
    passes,
    play,
    react,
    reveal,
    table,
    validate,
)

A, B, C, D, E, F = range(6)


def action_kinds(state: G54State, seat: int) -> set[str]:
    """The kinds of action seat may declare now."""
    return {m.kind for m in legal(state, seat)}


def targets(state: G54State, seat: int, kind: str) -> list[int | None]:
    """The seats seat may aim kind at now."""
    return [m.target for m in legal(state, seat) if m.kind == kind]


# --- Finance ----------------------------------------------------------------------------------------


def test_banker_takes_3() -> None:
    state = table([["Banker", "Director"], ["Guerrilla", "Politician"], ["Peacekeeper", "Director"]])
    state, events = play(state, (A, move("banker")), *passes(B, C))
    assert coins(state) == [5, 2, 2]
    assert kinds(events) == ["declare", "gain", "turn"]
    assert state.window == "action" and state.owed == (B,) and state.turn == 2


def capitalist_table(purse: int) -> G54State:
    """Six players; A holds a Capitalist and purse coins."""
    hands = [
        ["Capitalist", "Director"],
        ["Capitalist", "Guerrilla"],
        ["Politician", "Peacekeeper"],
        ["Director", "Guerrilla"],
        ["Politician", "Peacekeeper"],
        ["Capitalist", "Director"],
    ]
    return table(hands, roles=("Capitalist",), coins=[purse, 2, 2, 2, 2, 2])


def test_capitalist_pays_each_surviving_joiner_while_it_has_coins() -> None:
    state = capitalist_table(0)
    state, _ = play(state, (A, move("capitalist")), *passes(B, C, D, E, F))
    # Asked one at a time, clockwise: each sees who joined before it.
    for seat in (B, C, D, E, F):
        assert state.window == "join" and state.owed == (seat,)
        state, _ = play(state, (seat, JOIN))
    # The joiners' claims are then open to challenge one by one, clockwise from the actor.
    for joiner in (B, C, D, E, F):
        assert state.window == "claim" and state.claim is not None and state.claim.seat == joiner
        state, events = pass_window(state)
    # A takes 4 and has only 4 coins for 5 joiners: F, the last clockwise, gets nothing.
    assert coins(state) == [0, 3, 3, 3, 3, 2]
    assert [(e.seat, e.target, e.amount) for e in of_kind(events, "give")] == [(A, s, 1) for s in (B, C, D, E)]


def test_capitalist_joiner_caught_lying_gets_nothing_and_a_proved_joiner_is_paid() -> None:
    state = table(
        [["Capitalist", "Director"], ["Capitalist", "Guerrilla"], ["Politician", "Peacekeeper"]], roles=("Capitalist",)
    )
    state, _ = play(state, (A, move("capitalist")), *passes(B, C), (B, JOIN), (C, JOIN))
    state, events = play(state, (A, CHALLENGE), (B, PROVE), (A, reveal("Director")))
    assert kinds(events)[:3] == ["challenge", "prove", "replace"] and hand(state, A) == ["Capitalist"]
    assert state.claim is not None and state.claim.seat == C
    state, _ = play(state, (A, CHALLENGE), (C, CONCEDE), (C, reveal("Peacekeeper")))
    assert coins(state) == [5, 3, 2] and hand(state, C) == ["Politician"]
    assert state.active == B


def test_capitalist_a_player_who_cannot_pay_the_tax_is_not_asked_to_join() -> None:
    state = table(
        [
            ["Capitalist", "Guerrilla"],
            ["Capitalist", "Politician"],
            ["Customs Officer", "Director"],
            ["Guerrilla", "Politician"],
        ],
        roles=("Capitalist", "Customs Officer"),
        collector=C,
        taxed="Capitalist",
        coins=[1, 0, 2, 2],
    )
    state, _ = play(state, (A, move("capitalist")), *passes(B, C, D))
    assert state.window == "join" and state.owed == (C,)


def test_capitalist_caught_lying_asks_nobody_to_join() -> None:
    state = table(
        [["Director", "Director"], ["Capitalist", "Guerrilla"], ["Politician", "Peacekeeper"]], roles=("Capitalist",)
    )
    state, events = play(state, (A, move("capitalist")), (B, CHALLENGE), (A, CONCEDE), (A, reveal("Director")))
    assert "join" not in kinds(events) and coins(state) == [2, 2, 2] and state.active == B


def test_farmer_keeps_2_and_gives_1_to_a_player_of_its_choice() -> None:
    state = table([["Farmer", "Director"], ["Guerrilla", "Politician"], ["Peacekeeper", "Director"]], roles=("Farmer",))
    assert targets(state, A, "farmer") == [B, C]
    state, events = play(state, (A, move("farmer", C)), *passes(B, C))
    assert coins(state) == [4, 2, 3]
    assert [(e.seat, e.amount, e.what) for e in of_kind(events, "gain")] == [(A, 2, "farmer"), (C, 1, "gift")]


@pytest.mark.parametrize(("purse", "after"), [(0, 0), (3, 6), (5, 10), (7, 12)])
def test_speculator_gains_as_many_coins_as_it_holds_at_most_5(purse: int, after: int) -> None:
    state = table([["Speculator", "Director"], ["Guerrilla", "Politician"]], roles=("Speculator",), coins=[purse, 2])
    state, _ = play(state, (A, move("speculator")), (B, PASS))
    assert coins(state) == [after, 2]


def test_speculator_caught_lying_gives_all_its_coins_to_the_challenger() -> None:
    state = table(
        [["Director", "Guerrilla"], ["Guerrilla", "Politician"], ["Director", "Peacekeeper"]],
        roles=("Speculator",),
        coins=[4, 2, 1],
    )
    state, events = play(state, (A, move("speculator")), (B, PASS), (C, CHALLENGE), (A, CONCEDE))
    assert state.window == "lose" and state.owed == (A,)
    state, _ = play(state, (A, reveal("Director")))
    assert coins(state) == [0, 2, 5]
    assert [(e.seat, e.target, e.amount) for e in of_kind(events, "forfeit")] == [(A, C, 4)]


def test_speculator_proved_gives_nothing_to_the_challenger() -> None:
    state = table([["Speculator", "Director"], ["Guerrilla", "Politician"]], roles=("Speculator",), coins=[4, 2])
    state, _ = play(state, (A, move("speculator")), (B, CHALLENGE), (A, PROVE), (B, reveal("Guerrilla")))
    assert coins(state) == [8, 2]


def spy_table(purse: int = 2) -> G54State:
    return table(
        [["Spy", "Director"], ["Guerrilla", "Politician"], ["Peacekeeper", "Director"]],
        roles=("Spy",),
        coins=[purse, 2, 2],
    )


def test_spy_takes_1_then_a_second_action_that_cannot_be_spy() -> None:
    state, events = play(spy_table(), (A, move("spy")), *passes(B, C))
    assert kinds(events) == ["declare", "gain", "spy_again"]
    assert state.window == "action" and state.owed == (A,) and state.active == A and state.spying
    assert "spy" not in action_kinds(state, A) and {"income", "director", "politician"} <= action_kinds(state, A)
    state, _ = play(state, (A, move("politician", B)), *passes(B, C), (B, PASS))
    assert coins(state) == [5, 0, 2]
    assert state.active == B and not state.spying and "spy" in action_kinds(state, B)


def test_spy_caught_lying_takes_no_second_action() -> None:
    state = table([["Director", "Director"], ["Guerrilla", "Politician"], ["Peacekeeper", "Guerrilla"]], roles=("Spy",))
    state, _ = play(state, (A, move("spy")), (B, CHALLENGE), (A, CONCEDE), (A, reveal("Director")))
    assert coins(state) == [2, 2, 2] and state.active == B and not state.spying


def test_spy_second_action_is_a_forced_coup_at_10_coins() -> None:
    state, _ = play(spy_table(9), (A, move("spy")), *passes(B, C))
    assert coins(state)[A] == 10
    assert legal(state, A) == (move("coup", B), move("coup", C))
    state, _ = play(state, (A, move("coup", C)), (C, reveal("Peacekeeper")))
    assert coins(state) == [3, 2, 2] and state.active == B


def test_spy_second_action_has_its_own_windows_and_tax() -> None:
    state = table(
        [["Spy", "Director"], ["Guerrilla", "Politician"], ["Customs Officer", "Director"]],
        roles=("Spy", "Customs Officer"),
        collector=C,
        taxed="Politician",
    )
    state, _ = play(state, (A, move("spy")), *passes(B, C))
    state, events = play(state, (A, move("politician", B)))
    assert [(e.seat, e.target, e.amount) for e in of_kind(events, "tax")] == [(A, C, 1)]
    assert state.window == "claim" and state.owed == (B, C)
    state, _ = play(state, (B, CHALLENGE), (A, CONCEDE), (A, reveal("Director")))
    assert coins(state) == [2, 2, 3] and state.active == B


# --- Communications ---------------------------------------------------------------------------------


def test_director_draws_2_and_keeps_as_many_as_its_influence() -> None:
    state = table(
        [["Banker", "Director"], ["Guerrilla", "Politician"], ["Peacekeeper", "Director"]],
        top=("Guerrilla", "Politician"),
    )
    deck = len(state.deck)
    state, events = play(state, (A, move("director")), *passes(B, C))
    assert state.window == "exchange" and sorted(state.drawn) == ["Guerrilla", "Politician"]
    assert of_kind(events, "drew")[0].to == (A,)
    assert len(legal(state, A)) == 6  # every pair out of Banker, Director, Guerrilla, Politician
    state, _ = play(state, (A, keep("Guerrilla", "Politician")))
    assert hand(state, A) == ["Guerrilla", "Politician"] and len(state.deck) == deck and state.drawn == ()
    assert state.active == B


def test_director_with_one_influence_keeps_one() -> None:
    state = table(
        [["Director"], ["Guerrilla", "Politician"]],
        revealed=[["Banker"], []],
        top=("Peacekeeper", "Politician"),
    )
    state, _ = play(state, (A, move("director")), (B, PASS))
    assert {m.cards for m in legal(state, A)} == {("Director",), ("Peacekeeper",), ("Politician",)}
    state, _ = play(state, (A, keep("Peacekeeper")))
    assert hand(state, A) == ["Peacekeeper"]


def test_newscaster_pays_1_and_draws_3() -> None:
    state = table(
        [["Newscaster", "Banker"], ["Guerrilla", "Politician"]],
        roles=("Newscaster",),
        top=("Guerrilla", "Peacekeeper", "Politician"),
    )
    state, _ = play(state, (A, move("newscaster")), (B, PASS))
    assert coins(state) == [1, 2] and sorted(state.drawn) == ["Guerrilla", "Peacekeeper", "Politician"]
    state, events = play(state, (A, keep("Guerrilla", "Peacekeeper")))
    assert hand(state, A) == ["Guerrilla", "Peacekeeper"] and of_kind(events, "exchanged")[0].amount == 3


def test_newscaster_caught_lying_pays_nothing() -> None:
    state = table([["Banker", "Banker"], ["Guerrilla", "Politician"]], roles=("Newscaster",))
    state, _ = play(state, (A, move("newscaster")), (B, CHALLENGE), (A, CONCEDE), (A, reveal("Banker")))
    assert coins(state) == [2, 2] and hand(state, A) == ["Banker"]


def producer_table() -> G54State:
    return table(
        [["Producer", "Banker"], ["Guerrilla", "Politician"], ["Peacekeeper", "Banker"]],
        roles=("Producer",),
        top=("Peacekeeper",),
    )


def test_producer_swaps_cards_with_its_target_which_keeps_its_influence() -> None:
    state, _ = play(producer_table(), (A, move("producer", B)), *passes(B, C), (B, PASS))
    assert state.window == "give" and state.owed == (B,)
    assert legal(state, B) == (give("Guerrilla"), give("Politician"))
    state, events = play(state, (B, give("Guerrilla")))
    assert state.window == "produce" and state.given == "Guerrilla"
    assert state.drawn == ("Peacekeeper",) and hand(state, B) == ["Politician"]
    assert [e.to for e in events if e.cards] == [(B, A), (A,)]  # the given card is private to the two
    assert keep("Guerrilla", "Producer", give="Banker") in legal(state, A)
    assert all(len(m.cards) == 2 and m.card for m in legal(state, A))
    state, events = play(state, (A, keep("Guerrilla", "Producer", give="Banker")))
    assert hand(state, A) == ["Guerrilla", "Producer"] and hand(state, B) == ["Banker", "Politician"]
    assert "Peacekeeper" in state.deck and len(state.deck) == 9 and state.active == B
    assert [(e.seat, e.target, e.cards, e.to) for e in of_kind(events, "handed")] == [(A, B, ("Banker",), (A, B))]
    assert G54.view(state, C).hands[B] is None


def test_producer_target_holding_a_pair_is_asked_which_to_hand_over_and_nobody_else_can_tell() -> None:
    state = table(
        [["Producer", "Banker"], ["Guerrilla", "Guerrilla"], ["Peacekeeper", "Banker"]],
        roles=("Producer",),
        top=("Peacekeeper",),
    )
    two_kinds = flipped(state, B, "Guerrilla")  # B holds a Guerrilla and another card: A and C must not tell
    assert two_kinds is not None
    for step in [(A, move("producer", B)), *passes(B, C), (B, PASS), (B, give("Guerrilla"))]:
        if step[0] == B and step[1].kind == "give":
            assert state.window == "give" and legal(state, B) == (give("Guerrilla"),)
        (state, events), (two_kinds, more) = play(state, step), play(two_kinds, step)
        assert_others_see_alike(G54, state, two_kinds, B, (events, more))
    assert state.window == "produce" and state.given == "Guerrilla" and hand(state, B) == ["Guerrilla"]


def test_producer_target_with_one_influence_gives_its_only_card() -> None:
    state = table(
        [["Producer", "Banker"], ["Politician"]], roles=("Producer",), revealed=[[], ["Guerrilla"]], top=("Banker",)
    )
    state, _ = play(state, (A, move("producer", B)), (B, PASS), (B, PASS))
    assert state.window == "produce" and hand(state, B) == [] and state.players[B].alive
    state, _ = play(state, (A, keep("Producer", "Politician", give="Banker")))
    assert hand(state, A) == ["Politician", "Producer"] and hand(state, B) == ["Banker"]


def test_producer_blocked_by_its_target_claiming_producer() -> None:
    state, _ = play(producer_table(), (A, move("producer", B)), *passes(B, C), (B, block("Producer")))
    assert state.window == "claim" and state.owed == (A, C)
    state, events = pass_window(state)
    assert "blocked" in kinds(events) and hand(state, A) == ["Banker", "Producer"]
    assert hand(state, B) == ["Guerrilla", "Politician"] and state.active == B


def test_reporter_takes_1_draws_1_returns_1() -> None:
    state = table([["Reporter", "Banker"], ["Guerrilla", "Politician"]], roles=("Reporter",), top=("Peacekeeper",))
    state, _ = play(state, (A, move("reporter")), (B, PASS))
    assert coins(state) == [3, 2] and state.drawn == ("Peacekeeper",)
    state, _ = play(state, (A, keep("Peacekeeper", "Reporter")))
    assert hand(state, A) == ["Peacekeeper", "Reporter"] and "Banker" in state.deck


def test_writer_draws_1_free_then_pays_1_per_extra_draw_and_returns_as_many_as_drawn() -> None:
    state = table(
        [["Writer", "Banker"], ["Guerrilla", "Politician"]],
        roles=("Writer",),
        coins=[3, 2],
        top=("Guerrilla", "Politician", "Peacekeeper"),
    )
    deck = len(state.deck)
    state, _ = play(state, (A, move("writer")), (B, PASS))
    assert state.drawn == ("Guerrilla",) and coins(state)[A] == 3 and DRAW in legal(state, A)
    state, _ = play(state, (A, DRAW), (A, DRAW))
    assert state.drawn == ("Guerrilla", "Politician", "Peacekeeper") and coins(state)[A] == 1
    state, events = play(state, (A, keep("Peacekeeper", "Politician")))
    assert hand(state, A) == ["Peacekeeper", "Politician"] and coins(state) == [1, 2]
    assert of_kind(events, "exchanged")[0].amount == 3 and len(state.deck) == deck


def test_writer_cannot_pay_for_a_draw_without_a_coin() -> None:
    state = table([["Writer", "Banker"], ["Guerrilla", "Politician"]], roles=("Writer",), coins=[0, 2])
    state, _ = play(state, (A, move("writer")), (B, PASS))
    assert DRAW not in legal(state, A) and len(state.drawn) == 1


# --- Force ------------------------------------------------------------------------------------------


def crime_boss_table(purses: list[int]) -> G54State:
    return table(
        [["Crime Boss", "Banker"], ["Director", "Politician"], ["Peacekeeper", "Banker"]],
        roles=("Crime Boss",),
        coins=purses,
    )


def test_crime_boss_needs_5_coins() -> None:
    assert "crime_boss" not in action_kinds(crime_boss_table([4, 2, 2]), A)
    assert targets(crime_boss_table([5, 2, 2]), A, "crime_boss") == [B, C]


def test_crime_boss_target_pays_2() -> None:
    state, _ = play(crime_boss_table([5, 3, 2]), (A, move("crime_boss", B)), *passes(B, C))
    assert state.window == "extort" and legal(state, B) == (PAY, REFUSE)
    state, _ = play(state, (B, PAY))
    assert coins(state) == [7, 1, 2] and hand(state, B) == ["Director", "Politician"]


def test_crime_boss_refused_pays_5_to_the_treasury_and_the_target_loses_an_influence() -> None:
    state, _ = play(crime_boss_table([6, 3, 2]), (A, move("crime_boss", B)), *passes(B, C), (B, REFUSE))
    assert state.window == "lose" and state.owed == (B,)
    state, _ = play(state, (B, reveal("Director")))
    assert coins(state) == [1, 3, 2] and hand(state, B) == ["Politician"]


def test_crime_boss_target_with_less_than_2_coins_has_no_pay_option() -> None:
    state, _ = play(crime_boss_table([5, 1, 2]), (A, move("crime_boss", B)), *passes(B, C))
    assert legal(state, B) == (REFUSE,)


def general_table(active: int = A) -> G54State:
    hands = [["General", "Banker"], ["General", "Director"], ["Politician", "Peacekeeper"], ["Director", "Banker"]]
    purses = [2, 2, 2, 2]
    purses[active] = 5
    return table(hands, roles=("General",), coins=purses, active=active)


def test_general_pays_5_and_each_other_player_loses_unless_it_blocks_for_itself() -> None:
    state, _ = play(general_table(), (A, move("general")), *passes(B, C, D))
    assert state.window == "block" and state.owed == (B,)
    state, _ = play(state, (B, block("General")), *passes(A, C, D))
    assert state.window == "block" and state.owed == (C,)
    state, _ = play(state, (C, PASS))
    assert state.owed == (D,)
    # D bluffs a block, is caught, and loses twice: the lost challenge, then the General.
    state, _ = play(state, (D, block("General")), (A, CHALLENGE), (D, CONCEDE), (D, reveal("Banker")))
    assert state.window == "lose" and state.owed == (C,)
    state, events = play(state, (C, reveal("Peacekeeper")))
    assert coins(state) == [0, 2, 2, 0] and not state.players[D].alive
    assert hand(state, B) == ["Director", "General"] and hand(state, C) == ["Politician"]
    assert [(e.seat, e.what) for e in of_kind(events, "lose")] == [(C, "general"), (D, "general")]


def test_blocks_are_asked_clockwise_from_the_active_player_and_each_can_be_challenged() -> None:
    state, _ = play(general_table(C), (C, move("general")), *passes(D, A, B))
    asked = []
    while state.window == "block":
        seat = state.owed[0]
        asked.append(seat)
        state, _ = play(state, (seat, block("General")))
        assert state.window == "claim" and state.claim is not None and state.claim.kind == "block"
        assert state.owed == tuple(s for s in (C, D, A, B) if s != seat)
        state, _ = pass_window(state)
    assert asked == [D, A, B] and coins(state)[C] == 0
    assert all(len(hand) == 2 for hand in state.hands)


def guerrilla_table(purse: int = 4) -> G54State:
    return table(
        [["Guerrilla", "Banker"], ["Director", "Politician"], ["Peacekeeper", "Guerrilla"]], coins=[purse, 2, 2]
    )


def test_guerrilla_pays_4_and_the_target_loses_an_influence() -> None:
    assert "guerrilla" not in action_kinds(guerrilla_table(3), A)
    state, _ = play(guerrilla_table(), (A, move("guerrilla", B)), *passes(B, C), (B, PASS))
    assert state.window == "lose" and state.owed == (B,)
    state, _ = play(state, (B, reveal("Politician")))
    assert coins(state) == [0, 2, 2] and hand(state, B) == ["Director"] and state.players[B].revealed == ("Politician",)


def test_a_blocked_effect_keeps_the_cost_paid() -> None:
    state, _ = play(guerrilla_table(), (A, move("guerrilla", B)), *passes(B, C), (B, block("Guerrilla")))
    state, events = pass_window(state)
    assert coins(state) == [0, 2, 2] and hand(state, B) == ["Director", "Politician"]
    assert [(e.seat, e.target) for e in of_kind(events, "blocked")] == [(A, B)]


def test_caught_lying_pays_no_cost() -> None:
    state = table([["Director", "Banker"], ["Director", "Politician"], ["Peacekeeper", "Guerrilla"]], coins=[4, 2, 2])
    state, events = play(
        state, (A, move("guerrilla", B)), (B, PASS), (C, CHALLENGE), (A, CONCEDE), (A, reveal("Director"))
    )
    assert coins(state) == [4, 2, 2] and hand(state, B) == ["Director", "Politician"]
    assert "pay" not in kinds(events) and "fail" in kinds(events) and state.active == B


def test_proving_reshuffles_the_card_into_the_deck_and_the_challenger_loses() -> None:
    before = guerrilla_table()
    state, events = play(before, (A, move("guerrilla", B)), (B, CHALLENGE), (A, PROVE))
    (replaced,) = of_kind(events, "replace")
    assert replaced.to == (A,) and len(replaced.cards) == 1 and state.rng != before.rng
    assert sorted(["Banker", *replaced.cards]) == hand(state, A) and len(state.deck) == 9
    assert Counter([*state.deck, *hand(state, A)]) == Counter([*before.deck, *hand(before, A)])
    assert state.window == "lose" and state.owed == (B,) and state.losses == ((B, "challenge"),)
    state, _ = play(state, (B, reveal("Director")))
    assert state.window == "block" and state.owed == (B,)


def test_double_danger_challenging_a_true_guerrilla_and_losing_then_the_execution() -> None:
    state, _ = play(guerrilla_table(), (A, move("guerrilla", B)), (B, CHALLENGE), (A, PROVE))
    state, events = play(state, (B, reveal("Director")), (B, PASS))
    assert not state.players[B].alive and state.players[B].revealed == ("Director", "Politician")
    assert [e.what for e in of_kind(events, "lose")] == ["challenge", "guerrilla"]
    assert coins(state) == [0, 0, 2] and state.active == C


def test_double_danger_a_bluffed_block_caught_then_the_execution() -> None:
    state, _ = play(guerrilla_table(), (A, move("guerrilla", B)), *passes(B, C), (B, block("Guerrilla")))
    state, events = play(state, (A, CHALLENGE), (B, CONCEDE), (B, reveal("Director")))
    assert not state.players[B].alive and [e.what for e in of_kind(events, "lose")] == ["challenge", "guerrilla"]


def judge_table(hand_a: list[str]) -> G54State:
    return table([hand_a, ["Director", "Politician"], ["Peacekeeper", "Banker"]], roles=("Judge",), coins=[3, 2, 2])


def test_judge_pays_3_to_the_target_which_loses_an_influence() -> None:
    state, events = play(judge_table(["Judge", "Banker"]), (A, move("judge", B)), *passes(B, C), (B, PASS))
    state, _ = play(state, (B, reveal("Director")))
    assert coins(state) == [0, 5, 2] and hand(state, B) == ["Politician"]
    assert [(e.seat, e.target, e.amount) for e in of_kind(events, "pay")] == [(A, B, 3)]


def test_judge_target_keeps_the_3_even_if_it_blocks() -> None:
    state, _ = play(judge_table(["Judge", "Banker"]), (A, move("judge", B)), *passes(B, C), (B, block("Judge")))
    state, _ = pass_window(state)
    assert coins(state) == [0, 5, 2] and hand(state, B) == ["Director", "Politician"]


def test_judge_caught_lying_pays_nothing() -> None:
    state, _ = play(judge_table(["Banker", "Director"]), (A, move("judge", B)), (B, CHALLENGE), (A, CONCEDE))
    state, _ = play(state, (A, reveal("Director")))
    assert coins(state) == [3, 2, 2] and hand(state, B) == ["Director", "Politician"]


def test_judge_whose_target_falls_first_pays_the_treasury() -> None:
    state = table(
        [["Judge", "Banker"], ["Politician"], ["Peacekeeper", "Banker"]],
        roles=("Judge",),
        revealed=[[], ["Director"], []],
        coins=[3, 2, 2],
    )
    state, events = play(state, (A, move("judge", B)), (B, CHALLENGE), (A, PROVE))
    assert not state.players[B].alive
    assert coins(state) == [0, 0, 2] and [(e.target, e.amount) for e in of_kind(events, "pay")] == [(None, 3)]


def mercenary_table(players: int = 3, disappear: tuple[int, ...] = ()) -> G54State:
    hands = [["Mercenary", "Banker"], ["Director", "Politician"], ["Peacekeeper", "Banker"]]
    hands += [["Director", "Politician"], ["Peacekeeper", "Banker"]][: players - 3]
    return table(hands, roles=("Mercenary",), coins=[3] + [2] * (players - 1), disappear=disappear)


def test_mercenary_token_fires_at_the_end_of_the_targets_next_turn() -> None:
    state, events = play(mercenary_table(), (A, move("mercenary", B)), *passes(B, C), (B, PASS))
    assert coins(state)[A] == 0 and state.disappear == (B,) and kinds(events)[-2:] == ["token", "turn"]
    assert state.active == B and hand(state, B) == ["Director", "Politician"]
    # B plays its turn; at its end the token fires: no block, no challenge, just the loss.
    state, _ = play(state, (B, INCOME))
    assert state.window == "lose" and state.owed == (B,) and state.losses == ((B, "disappear"),)
    state, _ = play(state, (B, reveal("Politician")))
    assert state.disappear == () and hand(state, B) == ["Director"] and state.active == C


def test_mercenary_is_blocked_only_when_the_token_is_placed() -> None:
    state, _ = play(mercenary_table(), (A, move("mercenary", B)), *passes(B, C), (B, block("Mercenary")))
    state, _ = pass_window(state)
    assert state.disappear == () and coins(state)[A] == 0
    state, _ = play(state, (B, INCOME))
    assert state.window == "action" and state.active == C and hand(state, B) == ["Director", "Politician"]


def test_mercenary_one_token_per_player_and_three_in_the_box() -> None:
    assert targets(mercenary_table(5, disappear=(B,)), A, "mercenary") == [C, D, E]
    assert "mercenary" not in action_kinds(mercenary_table(5, disappear=(B, C, D)), A)


def test_mercenary_token_discarded_when_the_target_is_eliminated_first() -> None:
    state = table(
        [["Mercenary", "Banker"], ["Politician"], ["Peacekeeper", "Banker"]],
        roles=("Mercenary",),
        revealed=[[], ["Director"], []],
        coins=[2, 2, 7],
        disappear=(B,),
        active=C,
    )
    state, _ = play(state, (C, move("coup", B)))
    assert not state.players[B].alive and state.disappear == () and state.active == A


# --- Special Interests ------------------------------------------------------------------------------


def communist_table(purses: list[int], active: int = A) -> G54State:
    hands = [["Communist", "Banker"], ["Communist", "Politician"], ["Director", "Banker"], ["Director", "Guerrilla"]]
    return table(hands[: len(purses)], roles=("Communist",), coins=purses, active=active)


def communist_aims(state: G54State, seat: int) -> list[tuple[int | None, int | None]]:
    return [(m.target, m.other) for m in legal(state, seat) if m.kind == "communist"]


def test_communist_names_a_richest_and_a_poorest_player_tied_for_most_and_least() -> None:
    assert communist_aims(communist_table([2, 6, 6, 1]), A) == [(B, D), (C, D)]
    assert communist_aims(communist_table([6, 2, 3, 2]), A) == [(A, B), (A, D)]  # the actor may be the richest
    assert communist_aims(communist_table([0, 5, 3, 4]), A) == [(B, A)]  # or the poorest
    # All tied: any two different players.
    aims = communist_aims(communist_table([2, 2, 2]), A)
    assert sorted(aims) == [(r, p) for r in (A, B, C) for p in (A, B, C) if r != p]


def test_communist_moves_up_to_3_coins_from_the_richest_to_the_poorest() -> None:
    state, _ = play(communist_table([2, 6, 5, 1]), (A, move("communist", B, other=D)), *passes(B, C, D))
    assert state.window == "block" and state.owed == (B,)
    state, _ = play(state, (B, PASS))
    assert coins(state) == [2, 3, 5, 4]
    state, _ = play(communist_table([1, 2, 0]), (A, move("communist", B, other=C)), *passes(B, C), (B, PASS))
    assert coins(state) == [1, 0, 2]


def test_communist_as_the_richest_is_not_blocked() -> None:
    state, _ = play(communist_table([6, 2, 1]), (A, move("communist", A, other=C)), *passes(B, C))
    assert coins(state) == [3, 2, 4] and state.active == B


def test_communist_may_be_blocked_by_the_richest_only() -> None:
    state, _ = play(communist_table([2, 6, 5, 1]), (A, move("communist", B, other=D)), *passes(B, C, D))
    state, _ = play(state, (B, block("Communist")), *passes(A, C, D))
    assert coins(state) == [2, 6, 5, 1] and state.active == B


def customs_table(
    collector: int | None = None, taxed: str | None = None, coins: list[int] | None = None, active: int = A
) -> G54State:
    hands = [["Customs Officer", "Banker"], ["Director", "Politician"], ["Customs Officer", "Guerrilla"]]
    return table(hands, roles=("Customs Officer",), coins=coins, active=active, collector=collector, taxed=taxed)


def test_customs_officer_takes_the_tax_tokens_and_taxes_a_role() -> None:
    state = customs_table()
    assert {m.card for m in legal(state, A) if m.kind == "customs_officer"} == set(state.roles)
    state, _ = play(state, (A, move("customs_officer", card="Banker")), *passes(B, C))
    assert (state.collector, state.taxed) == (A, "Banker")
    state, events = play(state, (B, move("banker")))
    assert coins(state) == [3, 1, 2] and [(e.seat, e.target) for e in of_kind(events, "tax")] == [(B, A)]
    # The tax is paid whatever happens next: B is caught lying and keeps nothing but its loss.
    state, _ = play(state, (A, CHALLENGE), (B, CONCEDE), (B, reveal("Director")))
    assert coins(state) == [3, 1, 2]
    state, _ = play(state, (C, move("banker")), *passes(A, B))
    assert coins(state) == [4, 1, 4]
    state, events = play(state, (A, move("banker")), *passes(B, C))
    assert coins(state) == [7, 1, 4] and "tax" not in kinds(events)  # the collector pays itself nothing


def test_customs_officer_tax_on_a_block() -> None:
    state = customs_table(collector=C, taxed="Politician", coins=[2, 2, 2])
    state, _ = play(state, (A, move("politician", B)), *passes(B, C))
    assert coins(state) == [1, 2, 3]
    state, events = play(state, (B, block("Politician")), *passes(A, C))
    assert coins(state) == [1, 1, 4] and [(e.seat, e.target) for e in of_kind(events, "tax")] == [(B, C)]


def test_customs_officer_tax_on_a_join() -> None:
    state = table(
        [["Capitalist", "Guerrilla"], ["Capitalist", "Politician"], ["Customs Officer", "Director"]],
        roles=("Capitalist", "Customs Officer"),
        collector=C,
        taxed="Capitalist",
        coins=[1, 1, 2],
    )
    state, _ = play(state, (A, move("capitalist")), *passes(B, C))
    assert coins(state) == [0, 1, 3] and state.window == "join" and state.owed == (B,)
    state, events = play(state, (B, JOIN), (C, PASS))
    assert coins(state) == [0, 0, 4] and [(e.seat, e.target) for e in of_kind(events, "tax")] == [(B, C)]
    state, _ = play(state, *passes(A, C))
    assert coins(state) == [3, 1, 4]


def reactive_tax_table(purse: int) -> G54State:
    return table(
        [["Guerrilla", "Banker"], ["Intellectual", "Director"], ["Customs Officer", "Director"]],
        roles=("Customs Officer", "Intellectual"),
        collector=C,
        taxed="Intellectual",
        coins=[4, purse, 2],
    )


def test_customs_officer_tax_on_a_reactive_claim() -> None:
    state, _ = play(reactive_tax_table(1), (A, move("guerrilla", B)), *passes(B, C), (B, PASS))
    assert react("Intellectual", "Director") in legal(state, B)
    state, _ = play(state, (B, react("Intellectual", "Director")))
    assert coins(state) == [0, 0, 3]
    state, _ = play(state, *passes(C, A))
    assert coins(state) == [0, 5, 3]


def test_customs_officer_tax_unpaid_means_the_role_cannot_be_claimed() -> None:
    # No action ...
    state = customs_table(collector=C, taxed="Banker", coins=[0, 2, 2])
    assert "banker" not in action_kinds(state, A) and "director" in action_kinds(state, A)
    assert "banker" in action_kinds(customs_table(collector=C, taxed="Banker", coins=[1, 2, 2]), A)
    # ... no block: B cannot pay, is not asked, and the Politician takes nothing from its empty purse ...
    state = customs_table(collector=A, taxed="Politician", coins=[2, 0, 2], active=C)
    state, events = play(state, (C, move("politician", B)), *passes(A, B))
    assert "block" not in kinds(events) and coins(state) == [3, 0, 1] and state.active == A
    # ... and no reactive claim.
    state, _ = play(reactive_tax_table(0), (A, move("guerrilla", B)), *passes(B, C), (B, PASS))
    assert legal(state, B) == (reveal("Director"), reveal("Intellectual"))


def general_blocked_and_proved(purse: int) -> G54State:
    """A declares the General holding purse coins; B blocks, A challenges and loses: A owes a lost influence while
    the Missionary is taxed by C."""
    state = table(
        [["General", "Banker"], ["General", "Director"], ["Customs Officer", "Missionary"]],
        roles=("General", "Customs Officer", "Missionary"),
        collector=C,
        taxed="Missionary",
        coins=[purse, 2, 2],
    )
    state, _ = play(state, (A, move("general")), *passes(B, C), (B, block("General")), (A, CHALLENGE), (B, PROVE))
    assert state.window == "lose" and state.owed == (A,)
    return state


def test_the_cost_of_a_declared_action_is_not_there_to_pay_a_tax() -> None:
    # With exactly the General's 5 coins, A may not spend one on the tax of a reactive Missionary claim: the cost
    # and any tax must be affordable when declared, so the General is paid in full.
    state = general_blocked_and_proved(5)
    assert legal(state, A) == (reveal("Banker"), reveal("General"))
    state, events = play(state, (A, reveal("Banker")), (C, PASS))  # C does not block
    assert [e.amount for e in of_kind(events, "pay")] == [5]
    assert react("Missionary", "Banker") in legal(general_blocked_and_proved(6), A)  # a sixth coin pays the tax


def test_customs_officer_new_one_moves_the_tokens_and_the_tax_ends_with_the_collector() -> None:
    state = customs_table(collector=A, taxed="Banker", coins=[2, 2, 7], active=C)
    state, _ = play(state, (C, move("customs_officer", card="Director")), *passes(A, B))
    assert (state.collector, state.taxed) == (C, "Director")
    state = customs_table(collector=B, taxed="Banker", coins=[7, 2, 2])
    state, events = play(state, (A, move("coup", B)), (B, reveal("Director")))
    assert (state.collector, state.taxed) == (B, "Banker")
    state, _ = play(state, (B, INCOME), (C, INCOME), (A, INCOME))
    state, events = play(state, (B, move("banker")), (A, PASS), (C, CHALLENGE), (B, CONCEDE))
    assert "tax_ends" in kinds(events) and (state.collector, state.taxed) == (None, None)
    state, events = play(state, (C, move("banker")), (A, PASS))
    assert "tax" not in kinds(events)


def consular_table(
    purses: list[int] | None = None, treaty: tuple[int, int] | None = (A, B), active: int = A
) -> G54State:
    hands = [["Foreign Consular", "Banker"], ["General", "Politician"], ["Director", "Banker"], ["Banker", "Director"]]
    return table(
        hands, roles=("Foreign Consular", "General"), coins=purses or [7, 7, 2, 2], treaty=treaty, active=active
    )


def test_foreign_consular_makes_a_treaty_with_a_player_of_its_choice_and_a_new_one_replaces_it() -> None:
    state = consular_table(treaty=None)
    assert targets(state, A, "foreign_consular") == [B, C, D]
    state, _ = play(state, (A, move("foreign_consular", C)), *passes(B, C, D))
    assert state.treaty == (A, C)
    state, events = play(state, (B, move("foreign_consular", D)), *passes(C, D, A))
    assert state.treaty == (B, D)
    ended = [event for event in events if event.kind == "treaty_ends"]
    assert [(event.seat, event.target) for event in ended] == [(A, C)]  # said, not silently dropped
    said = [describe(ended[0], ("Ana", "Bo", "Cy", "Di"), viewer) for viewer in (None, C)]
    assert said == ["The treaty of Ana and Cy ends.", "Your treaty with Ana ends."]


def test_treaty_partners_cannot_target_each_other_coup_included() -> None:
    state = consular_table()
    assert targets(state, A, "coup") == [C, D] and targets(state, A, "politician") == [C, D]
    state, _ = play(state, (A, INCOME))
    assert targets(state, B, "coup") == [C, D] and targets(state, B, "politician") == [C, D]
    forced = consular_table([10, 2, 2, 2])
    assert legal(forced, A) == (move("coup", C), move("coup", D))


def test_treaty_partners_are_left_out_of_each_others_everyone_actions() -> None:
    state = consular_table([2, 5, 2, 2], active=B)
    state, _ = play(state, (B, move("general")), *passes(C, D, A))
    assert state.pending is not None and state.pending.affected == (C, D) and state.owed == (C,)


def test_treaty_lapses_when_only_two_players_remain() -> None:
    state = table(
        [["Foreign Consular", "Banker"], ["General", "Politician"], ["Director"]],
        roles=("Foreign Consular", "General"),
        revealed=[[], [], ["Banker"]],
        coins=[7, 2, 2],
        treaty=(A, B),
    )
    assert targets(state, A, "coup") == [C]
    state, _ = play(state, (A, move("coup", C)))
    assert not state.players[C].alive and not state.treaty_holds()
    assert targets(state, B, "politician") == [A]
    assert G54.view(state, A).treaty == ()


def test_friendly_choices_ignore_peacekeeping() -> None:
    # The Farmer's gift and the Communist's poorest may be the Peacekeeping holder; a Guerrilla may not.
    state = table(
        [["Farmer", "Communist"], ["Peacekeeper", "Director"], ["Director", "Guerrilla"]],
        roles=("Farmer", "Peacekeeper", "Communist"),
        coins=[5, 0, 2],
        peacekeeper=B,
    )
    assert targets(state, A, "guerrilla") == [C] and targets(state, A, "farmer") == [B, C]
    assert communist_aims(state, A) == [(A, B)]
    state, _ = play(state, (A, move("farmer", B)), *passes(B, C))
    assert coins(state) == [7, 1, 2]
    # The richest, though, is a target: the Peacekeeping holder cannot be named as the richest.
    rich = table(
        [["Farmer", "Communist"], ["Peacekeeper", "Director"], ["Director", "Guerrilla"]],
        roles=("Farmer", "Peacekeeper", "Communist"),
        coins=[2, 6, 1],
        peacekeeper=B,
    )
    assert communist_aims(rich, A) == []


def test_friendly_choices_ignore_treaties() -> None:
    # The Farmer's gift, the Foreign Consular's partner and the Communist's poorest may be a treaty partner.
    state = table(
        [["Farmer", "Communist"], ["Foreign Consular", "Director"], ["Director", "Guerrilla"]],
        roles=("Farmer", "Foreign Consular", "Communist"),
        coins=[5, 0, 2],
        treaty=(A, B),
    )
    assert targets(state, A, "guerrilla") == [C] and targets(state, A, "farmer") == [B, C]
    assert communist_aims(state, A) == [(A, B)]
    state, _ = play(state, (A, move("farmer", B)), *passes(B, C))
    assert coins(state) == [7, 1, 2] and targets(state, B, "foreign_consular") == [C, A]
    state, _ = play(state, (B, move("foreign_consular", A)), *passes(C, A))
    assert state.treaty == (B, A)


def intellectual_table(first: list[str]) -> G54State:
    return table(
        [first, ["Intellectual", "Politician"], ["Director", "Intellectual"]],
        roles=("Intellectual",),
        coins=[4, 0, 2],
    )


def test_intellectual_unchallenged_takes_5_and_the_card_stays_face_down() -> None:
    state, _ = play(intellectual_table(["Guerrilla", "Banker"]), (A, move("guerrilla", B)), *passes(B, C), (B, PASS))
    assert state.window == "lose" and react("Intellectual", "Politician") in legal(state, B)
    state, _ = play(state, (B, react("Intellectual", "Politician")))
    assert state.window == "react" and state.owed == (C, A) and state.asides[B] == ("Politician",)
    state, events = play(state, *passes(C, A))
    assert coins(state) == [0, 5, 2] and hand(state, B) == ["Intellectual"] and state.players[B].revealed == ()
    assert state.asides[B] == ("Politician",) and "lose" not in kinds(events)


def test_intellectual_true_claim_challenged_the_card_is_revealed_and_the_challenger_loses() -> None:
    state, _ = play(intellectual_table(["Guerrilla", "Banker"]), (A, move("guerrilla", B)), *passes(B, C), (B, PASS))
    state, _ = play(state, (B, react("Intellectual", "Intellectual")), (C, CHALLENGE))
    assert state.window == "lose" and state.owed == (C,) and coins(state)[B] == 5
    assert state.players[B].revealed == ("Intellectual",) and state.asides[B] == ()
    state, _ = play(state, (C, reveal("Director")))
    assert hand(state, C) == ["Intellectual"] and hand(state, B) == ["Politician"]


def test_intellectual_false_claim_challenged_loses_one_more_influence() -> None:
    state, _ = play(intellectual_table(["Guerrilla", "Banker"]), (A, move("guerrilla", B)), *passes(B, C), (B, PASS))
    state, events = play(state, (B, react("Intellectual", "Politician")), (A, CHALLENGE))
    assert [e.what for e in of_kind(events, "shown_aside")] == ["false"] and state.players[B].revealed == (
        "Politician",
    )
    assert state.window == "lose" and state.owed == (B,) and state.losses == ((B, "challenge"),)
    state, _ = play(state, (B, reveal("Intellectual")))
    assert not state.players[B].alive and state.players[B].revealed == ("Politician", "Intellectual")
    assert coins(state) == [0, 0, 2]


def test_intellectual_on_a_lost_challenge() -> None:
    state = intellectual_table(["Banker", "Guerrilla"])
    state, _ = play(state, (A, move("banker")), (B, CHALLENGE), (A, PROVE))
    assert state.losses == ((B, "challenge"),) and react("Intellectual", "Politician") in legal(state, B)
    state, _ = play(state, (B, react("Intellectual", "Politician")), *passes(C, A))
    assert coins(state) == [7, 5, 2]


def test_intellectual_on_a_coup() -> None:
    state = table(
        [["Guerrilla", "Banker"], ["Intellectual", "Politician"], ["Director", "Banker"]],
        roles=("Intellectual",),
        coins=[7, 0, 2],
    )
    state, _ = play(state, (A, move("coup", B)))
    assert react("Intellectual", "Politician") in legal(state, B)


def missionary_table() -> G54State:
    return table(
        [["Guerrilla", "Banker"], ["Missionary", "Politician"], ["Director", "Banker"]],
        roles=("Missionary",),
        coins=[7, 2, 2],
        top=("Guerrilla",),
    )


def test_missionary_draws_a_replacement() -> None:
    state, _ = play(missionary_table(), (A, move("guerrilla", B)), *passes(B, C), (B, PASS))
    state, events = play(state, (B, react("Missionary", "Politician")), *passes(C, A))
    assert hand(state, B) == ["Guerrilla", "Missionary"] and state.asides[B] == ("Politician",)
    assert of_kind(events, "replace")[0].to == (B,)


def test_missionary_not_on_a_coup() -> None:
    state, _ = play(missionary_table(), (A, move("coup", B)))
    assert legal(state, B) == (reveal("Missionary"), reveal("Politician"))


def test_missionary_with_an_empty_deck_draws_nothing() -> None:
    hands = [["Missionary", "Guerrilla"], ["Banker", "Director"], ["Politician", "Missionary"]]
    hands += [["Guerrilla", "Banker"], ["Director", "Politician"], ["Banker", "Director"]]
    state = table(
        hands,
        roles=("Missionary",),
        aside=[[], [], ["Guerrilla"], ["Politician"], ["Missionary"], []],
        coins=[4, 2, 2, 2, 2, 2],
    )
    assert state.deck == ()
    state, _ = play(state, (A, move("guerrilla", B)), *passes(B, C, D, E, F), (B, PASS))
    state, _ = play(state, (B, react("Missionary", "Director")), *passes(C, D, E, F, A))
    assert hand(state, B) == ["Banker"] and state.players[B].alive


def lawyer_table(claimant_lies: bool) -> G54State:
    hands = [["Lawyer", "Guerrilla"], ["Politician"], ["Banker" if claimant_lies else "Lawyer", "Director"]]
    hands.append(["Lawyer", "Banker"])
    return table(hands, roles=("Lawyer",), revealed=[[], ["Director"], [], []], coins=[7, 3, 2, 2])


def test_lawyer_claimants_are_asked_clockwise_from_the_active_player_a_failed_claim_passes_on() -> None:
    state, _ = play(lawyer_table(claimant_lies=True), (A, move("coup", B)))
    assert not state.players[B].alive and coins(state) == [0, 0, 2, 2]
    assert state.window == "lawyer" and state.owed == (A,)
    state, _ = play(state, (A, PASS))
    assert state.owed == (C,)
    state, _ = play(state, (C, CLAIM), (A, CHALLENGE), (C, CONCEDE), (C, reveal("Banker")))
    assert state.window == "lawyer" and state.owed == (D,)
    state, events = play(state, (D, CLAIM), *passes(A, C))
    assert coins(state) == [0, 0, 2, 5] and state.active == C
    assert [(e.seat, e.target, e.amount, e.what) for e in of_kind(events, "estate")] == [(B, D, 3, "lawyer")]


def test_lawyer_single_claimant_takes_all_even_if_challenged_and_proved() -> None:
    state, _ = play(lawyer_table(claimant_lies=False), (A, move("coup", B)), (A, PASS))
    state, _ = play(state, (C, CLAIM), (D, CHALLENGE), (C, PROVE), (D, reveal("Banker")))
    assert coins(state) == [0, 0, 5, 2] and state.window == "action" and state.active == C


def test_lawyer_unclaimed_coins_go_to_the_treasury() -> None:
    state, _ = play(lawyer_table(claimant_lies=False), (A, move("coup", B)), (A, PASS), (C, PASS), (D, PASS))
    assert coins(state) == [0, 0, 2, 2] and state.estates == () and state.active == C


def test_lawyer_not_in_play_the_coins_go_to_the_treasury() -> None:
    state = table(
        [["Guerrilla", "Banker"], ["Politician"], ["Director", "Banker"]],
        revealed=[[], ["Director"], []],
        coins=[7, 3, 2],
    )
    state, events = play(state, (A, move("coup", B)))
    assert coins(state) == [0, 0, 2] and state.window == "action" and state.active == C
    assert [(e.seat, e.amount, e.what) for e in of_kind(events, "eliminated")] == [(B, 3, "treasury")]
    assert "estate" not in kinds(events)  # the coins went at once, as the elimination says


def peacekeeper_table(
    purses: list[int], roles: tuple[str, ...] = (), peacekeeper: int | None = None, active: int = A
) -> G54State:
    hands = [["Peacekeeper", "Banker"], ["Guerrilla", "Director"], ["Director", "Banker"], ["Guerrilla", "Banker"]]
    return table(hands, roles=("Peacekeeper", *roles), coins=purses, peacekeeper=peacekeeper, active=active)


def test_peacekeeper_takes_1_and_the_token_which_moves_to_the_next_user() -> None:
    state, _ = play(peacekeeper_table([2, 2, 2, 2]), (A, move("peacekeeper")), *passes(B, C, D))
    assert coins(state) == [3, 2, 2, 2] and state.peacekeeper == A
    state, _ = play(state, (B, move("peacekeeper")), *passes(C, D, A))
    assert state.peacekeeper == B


def test_peacekeeping_holder_can_be_targeted_only_by_a_coup() -> None:
    state, _ = play(peacekeeper_table([2, 7, 2, 2]), (A, move("peacekeeper")), *passes(B, C, D))
    assert targets(state, B, "politician") == [C, D] and targets(state, B, "coup") == [C, D, A]
    state, _ = play(state, (B, move("coup", A)), (A, reveal("Banker")))
    assert hand(state, A) == ["Peacekeeper"]


def test_peacekeeping_holder_is_left_out_of_everyone_actions() -> None:
    state = peacekeeper_table([2, 2, 2, 2], roles=("Priest",), peacekeeper=C, active=B)
    state, _ = play(state, (B, move("priest")), *passes(C, D, A))
    assert state.pending is not None and state.pending.affected == (D, A)
    state, _ = play(state, (D, PASS), (A, PASS))
    assert coins(state) == [1, 4, 2, 1]


def politician_table(purses: list[int]) -> G54State:
    return table([["Politician", "Banker"], ["Guerrilla", "Politician"], ["Director", "Banker"]], coins=purses)


@pytest.mark.parametrize(("purse", "taken"), [(5, 2), (2, 2), (1, 1), (0, 0)])
def test_politician_takes_up_to_2_coins_from_the_target(purse: int, taken: int) -> None:
    state, _ = play(politician_table([2, purse, 2]), (A, move("politician", B)), *passes(B, C), (B, PASS))
    assert coins(state) == [2 + taken, purse - taken, 2]


def test_politician_blocked_by_the_target() -> None:
    state, _ = play(politician_table([2, 3, 2]), (A, move("politician", B)), *passes(B, C), (B, block("Politician")))
    state, _ = play(state, (A, CHALLENGE), (B, PROVE), (A, reveal("Banker")))
    assert coins(state) == [2, 3, 2] and hand(state, A) == ["Politician"]


def test_priest_each_other_player_gives_1_if_it_has_one_and_blocks_for_itself() -> None:
    state = table(
        [["Priest", "Banker"], ["Guerrilla", "Politician"], ["Director", "Banker"], ["Priest", "Director"]],
        roles=("Priest",),
        coins=[2, 3, 0, 1],
    )
    state, _ = play(state, (A, move("priest")), *passes(B, C, D))
    assert state.owed == (B,)
    # C, with an empty purse, is asked too: a purse may fill before the Priest resolves.
    state, _ = play(state, (B, PASS))
    assert state.window == "block" and state.owed == (C,)
    state, _ = play(state, (C, PASS), (D, block("Priest")), *passes(A, B, C))
    assert coins(state) == [3, 2, 0, 1] and state.active == B


def protestor_table(purses: list[int]) -> G54State:
    hands = [["Protestor", "Banker"], ["Guerrilla", "Politician"], ["Director", "Banker"], ["Protestor", "Director"]]
    return table(hands, roles=("Protestor",), coins=purses)


def test_protestor_first_volunteer_alone_pays_and_the_target_loses() -> None:
    state, _ = play(protestor_table([2, 3, 5, 2]), (A, move("protestor", D)), *passes(B, C, D))
    assert coins(state) == [0, 3, 5, 2] and state.window == "fund" and state.owed == (B,)
    state, _ = play(state, (B, PASS))
    assert state.window == "fund" and state.owed == (C,)
    state, _ = play(state, (C, JOIN))
    assert coins(state) == [0, 3, 2, 2] and state.window == "block" and state.owed == (D,)
    state, _ = play(state, (D, PASS), (D, reveal("Director")))
    assert hand(state, D) == ["Protestor"] and coins(state) == [0, 3, 2, 2]


def test_protestor_first_volunteer_ends_the_asking() -> None:
    state, _ = play(protestor_table([2, 3, 5, 2]), (A, move("protestor", D)), *passes(B, C, D), (B, JOIN))
    assert coins(state) == [0, 0, 5, 2] and state.window == "block" and state.owed == (D,)
    state, _ = play(state, (D, block("Protestor")), *passes(A, B, C))
    assert hand(state, D) == ["Director", "Protestor"] and coins(state) == [0, 0, 5, 2]


def test_protestor_nobody_joins_nothing_happens_but_the_coins_stay_paid() -> None:
    state, _ = play(protestor_table([2, 3, 5, 4]), (A, move("protestor", D)), *passes(B, C, D))
    state, events = play(state, (B, PASS), (C, PASS))
    assert "unfunded" in kinds(events) and "block" not in kinds(events)
    assert coins(state) == [0, 3, 5, 4] and hand(state, D) == ["Director", "Protestor"] and state.active == B


def test_protestor_asks_only_players_other_than_the_target_who_can_pay_3() -> None:
    state, _ = play(protestor_table([2, 2, 3, 5]), (A, move("protestor", C)), *passes(B, C, D))
    assert state.window == "fund" and state.owed == (D,)


# --- General actions, targeting, partial actions, the end ---------------------------------------------


def test_income_and_coup_are_the_only_general_actions() -> None:
    state = G54.new(G54Config(players=3, first_player=0), 7)
    kinds_now = action_kinds(state, A)
    assert "income" in kinds_now and "foreign_aid" not in kinds_now and "coup" not in kinds_now
    assert kinds_now <= {"income", "banker", "director", "guerrilla", "politician", "peacekeeper"}
    with pytest.raises(IllegalMove):
        G54.apply(state, A, Move("foreign_aid"))
    state, _ = play(state, (A, INCOME))
    assert coins(state) == [3, 2, 2]


def test_intellectual_lawyer_and_missionary_have_no_turn_action() -> None:
    state = table([["Intellectual", "Lawyer"], ["Director", "Banker"]], roles=("Intellectual", "Lawyer"))
    assert state.roles == ("Banker", "Director", "Guerrilla", "Intellectual", "Lawyer")
    assert action_kinds(state, A) == {"income", "banker", "director"}
    state = table([["Missionary", "Banker"], ["Director", "Banker"]], roles=("Missionary",))
    assert action_kinds(state, A) == {"income", "banker", "director", "politician"}


def test_forced_coup_at_10_coins() -> None:
    state = guerrilla_table(10)
    assert legal(state, A) == (move("coup", B), move("coup", C))
    state = guerrilla_table(9)
    assert {"income", "coup", "guerrilla", "banker"} <= action_kinds(state, A)


PAIR_LOSSES = {
    "challenge": ("Banker", 2, [(A, move("banker")), (B, CHALLENGE), (A, PROVE)]),
    "coup": ("Banker", 7, [(A, move("coup", B))]),
    "coup, an Intellectual in play": ("Intellectual", 7, [(A, move("coup", B))]),
    "crime_boss": ("Crime Boss", 6, [(A, move("crime_boss", B)), *passes(B, C, D), (B, REFUSE)]),
    "disappear": ("Mercenary", 3, [(A, move("mercenary", B)), *passes(B, C, D), (B, PASS), (B, INCOME)]),
    "general": ("General", 5, [(A, move("general")), *passes(B, C, D), *passes(B, C, D)]),
    "guerrilla": ("Guerrilla", 4, [(A, move("guerrilla", B)), *passes(B, C, D), (B, PASS)]),
}
"""How B loses an influence: the role A acts with (and holds), A's coins, and the moves up to the loss."""


@pytest.mark.parametrize("loss", PAIR_LOSSES)
def test_a_player_holding_a_pair_is_asked_which_to_lose_and_nobody_else_can_tell(loss: str) -> None:
    role, purse, steps = PAIR_LOSSES[loss]
    hands = [[role, "Banker" if role != "Banker" else "Guerrilla"], ["Director", "Director"]]
    state = table([*hands, ["Politician", "Banker"], ["Politician", "Banker"]], (role,), [purse, 2, 2, 2])
    assert_a_pair_is_asked_for_alike(G54, play, state, steps, B)


def test_the_game_ends_the_moment_one_player_is_left_even_with_losses_still_queued() -> None:
    # B sets its last card aside as a true Intellectual; A's challenge fails, but B is out.
    state = table(
        [["Guerrilla", "Banker"], ["Intellectual"]],
        roles=("Intellectual",),
        revealed=[[], ["Politician"]],
        coins=[4, 2],
    )
    state, _ = play(state, (A, move("guerrilla", B)), (B, PASS), (B, PASS), (B, react("Intellectual", "Intellectual")))
    state, events = play(state, (A, CHALLENGE))
    assert state.window == "over" and state.winner == A and G54.result(state) == A
    assert state.losses == () and hand(state, A) == ["Banker", "Guerrilla"] and kinds(events)[-1] == "win"
    with pytest.raises(IllegalMove):
        G54.apply(state, A, INCOME)


def test_partial_draws_are_limited_by_the_deck() -> None:
    hands = [["Newscaster", "Banker"], ["Banker", "Guerrilla"], ["Politician", "Missionary"]]
    hands += [["Guerrilla", "Newscaster"], ["Missionary", "Politician"], ["Newscaster", "Guerrilla"]]
    state = table(hands, roles=("Newscaster", "Missionary"), aside=[[], [], [], [], [], ["Missionary"]])
    assert sorted(state.deck) == ["Banker", "Politician"]
    state, _ = play(state, (A, move("newscaster")), *passes(B, C, D, E, F))
    assert len(state.drawn) == 2 and state.deck == ()
    writer = table(
        [
            ["Writer", "Banker"],
            ["Writer", "Guerrilla"],
            ["Politician", "Peacekeeper"],
            ["Guerrilla", "Writer"],
            ["Peacekeeper", "Politician"],
            ["Banker", "Guerrilla"],
        ],
        roles=("Writer",),
        coins=[5, 2, 2, 2, 2, 2],
    )
    writer, _ = play(writer, (A, move("writer")), *passes(B, C, D, E, F), (A, DRAW), (A, DRAW))
    assert len(writer.drawn) == 3 and writer.deck == () and DRAW not in legal(writer, A) and coins(writer)[A] == 3


def test_judge_eliminated_by_a_challenge_of_the_block_pays_nothing() -> None:
    """Our decision: the cost is paid when the action resolves; a Judge out of the game by then has no coins left
    (they went back to the treasury), so the blocker gets nothing."""
    state = table(
        [["Banker"], ["Judge", "Politician"], ["Peacekeeper", "Banker"]],
        roles=("Judge",),
        revealed=[["Director"], [], []],
        coins=[3, 2, 2],
    )
    state, _ = play(state, (A, move("judge", B)), *passes(B, C), (B, block("Judge")), (A, CHALLENGE), (B, PROVE))
    assert not state.players[A].alive and coins(state) == [0, 2, 2]


# --- Set-up -------------------------------------------------------------------------------------------

ROLE_TABLE = {  # g54-roles.md: group and whether the role is advanced
    "Banker": ("Finance", False),
    "Capitalist": ("Finance", True),
    "Farmer": ("Finance", False),
    "Speculator": ("Finance", True),
    "Spy": ("Finance", False),
    "Director": ("Communications", False),
    "Newscaster": ("Communications", False),
    "Producer": ("Communications", True),
    "Reporter": ("Communications", False),
    "Writer": ("Communications", True),
    "Crime Boss": ("Force", True),
    "General": ("Force", False),
    "Guerrilla": ("Force", False),
    "Judge": ("Force", False),
    "Mercenary": ("Force", True),
    "Communist": ("Special Interests", True),
    "Customs Officer": ("Special Interests", True),
    "Foreign Consular": ("Special Interests", True),
    "Intellectual": ("Special Interests", False),
    "Lawyer": ("Special Interests", False),
    "Missionary": ("Special Interests", True),
    "Peacekeeper": ("Special Interests", False),
    "Politician": ("Special Interests", False),
    "Priest": ("Special Interests", False),
    "Protestor": ("Special Interests", True),
}


def test_the_25_roles_have_the_groups_and_basic_or_advanced_of_the_role_table() -> None:
    assert {r.name: (r.group, r.advanced) for r in ROLE_LIST} == ROLE_TABLE
    assert ROLE_TABLE["Priest"] == ("Special Interests", False)  # our decision: the Priest is basic


def test_first_game_roles() -> None:
    state = G54.new(G54Config(players=4), 1)
    assert state.roles == in_play_order(FIRST_GAME)
    assert set(FIRST_GAME) == {"Banker", "Director", "Guerrilla", "Politician", "Peacekeeper"}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_set_up_3_copies_of_each_role_2_cards_and_2_coins_each(players: int) -> None:
    state = G54.new(G54Config(players=players, selection="advanced"), players)
    validate(state)
    assert all(len(hand) == 2 for hand in state.hands) and all(p.coins == 2 for p in state.players)
    assert len(state.deck) == 15 - 2 * players
    assert state.window == "action" and state.owed == (state.active,)


def test_random_roles_one_finance_communications_force_two_special_interests_basic_only() -> None:
    advanced_seen = set()
    for seed in range(60):
        for selection in ("random", "advanced"):
            roles = G54.new(G54Config(players=3, selection=selection), seed).roles
            groups = Counter(ROLES[r].group for r in roles)
            assert groups == Counter(PER_GROUP) and len(set(roles)) == 5
            if selection == "random":
                assert not any(ROLES[r].advanced for r in roles)
            else:
                advanced_seen |= {r for r in roles if ROLES[r].advanced}
    assert advanced_seen == {r.name for r in ROLE_LIST if r.advanced}
    assert set(GROUPS) == set(PER_GROUP)


def test_picked_roles_are_validated_by_group() -> None:
    picked = G54Config(selection="pick", roles=("Protestor", "Judge", "Spy", "Writer", "Lawyer"))
    assert G54.new(picked, 3).roles == ("Spy", "Writer", "Judge", "Lawyer", "Protestor")
    for roles in [
        ("Banker", "Spy", "Director", "Guerrilla", "Lawyer"),
        ("Banker", "Director", "Guerrilla", "Lawyer"),
        ("Banker", "Director", "Guerrilla", "Lawyer", "Lawyer"),
        ("Banker", "Director", "Guerrilla", "Lawyer", "Jester"),
    ]:
        with pytest.raises(ValueError):
            G54Config(selection="pick", roles=roles)
    with pytest.raises(ValueError):
        G54Config(selection="random", roles=FIRST_GAME)
    with pytest.raises(ValueError, match=r"unknown roles: x$"):  # not "only once": the first thing wrong is named
        G54Config(selection="pick", roles=("x",) * 5)
