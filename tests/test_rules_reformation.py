"""Reformation and Inquisitor rules as scenarios: allegiances, restrictions, conversion, embezzling, examine, decks."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from core.cards.engine import COUP, REFORMATION, CoupGame
from core.cards.events import Event, visible_to
from core.cards.moves import Move
from core.cards.rules import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, TREASURY_COINS
from core.cards.state import CoupState
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
    assert_a_pair_is_asked_for_alike,
    block,
    coins,
    coup,
    hand,
    keep,
    kinds,
    pass_window,
    passes,
    play,
    reveal,
    scrambled,
    steal,
)
from tests.reformation_helpers import (
    EMBEZZLE,
    FORCE,
    RETURN,
    L,
    R,
    all_cards,
    allegiance,
    convert,
    examine,
    full_court,
    reformed,
    show,
    sides,
    targets,
)

A, B, C, D = 0, 1, 2, 3
RESTRICTED = ("coup", "assassinate", "steal", "examine")

# Four seats, Loyalist and Reformist alternating (A, C Loyalist; B, D Reformist), Inquisitor deck.
HANDS = [[DUKE, CONTESSA], [CAPTAIN, CONTESSA], [ASSASSIN, DUKE], [CAPTAIN, ASSASSIN]]


def rich_table(factions: list[str] | None = None) -> CoupState:
    """The four-seat table with A holding 7 coins, enough for every restricted action."""
    return reformed(HANDS, factions=factions, coins=[7, 2, 2, 2], inquisitor=True)


# --- Set-up: allegiances ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "choice, expected",
    [(L, [R, L, L, R, L]), (R, [L, R, R, L, R])],
)
def test_allegiance_first_player_chooses_then_seats_alternate_clockwise(choice: str, expected: list[str]) -> None:
    state = REFORMATION.new(REFORMATION.load_config({"players": 5, "first_player": 2}), seed=7)
    assert state.window == "allegiance" and REFORMATION.to_act(state) == (2,)
    assert REFORMATION.legal(state, 2) == (allegiance(L), allegiance(R))
    assert all(REFORMATION.legal(state, seat) == () for seat in (0, 1, 3, 4))
    assert all(p.allegiance == "" for p in REFORMATION.view(state, None).players)
    with pytest.raises(IllegalMove):
        REFORMATION.apply(state, 3, allegiance(choice))
    state, events = play(state, (2, allegiance(choice)))
    # Seat 2 takes its choice, then 3, 4, 0, 1 each take the other side from the seat before.
    assert list(sides(state)) == expected
    assert [p.allegiance for p in REFORMATION.view(state, None).players] == expected
    assert events[0] == Event("allegiances", 2, card=choice)
    assert state.window == "action" and state.active == 2 and state.owed == (2,)


def test_allegiance_is_chosen_after_the_two_player_variant_set_up() -> None:
    config = REFORMATION.load_config({"players": 2, "two_player_variant": True, "first_player": 1})
    state = REFORMATION.new(config, seed=3)
    state, _ = play(state, (0, Move("choose", card=DUKE)), (1, Move("choose", card=CAPTAIN)))
    assert state.window == "allegiance" and state.owed == (1,)
    state, _ = play(state, (1, allegiance(R)))
    assert sides(state) == (L, R) and state.window == "action" and state.active == 1


def test_base_coup_has_no_allegiances_no_conversion_and_no_embezzlement() -> None:
    state = COUP.new(COUP.load_config({"players": 4}), seed=7)
    assert state.window == "action" and sides(state) == () and not state.config.reformation
    assert not any(m.kind in ("convert", "embezzle", "allegiance") for m in COUP.legal(state, state.active))
    assert not COUP.view(state, None).reformation


# --- Targeting restrictions while both factions exist --------------------------------------------


@pytest.mark.parametrize("kind", RESTRICTED)
def test_restriction_no_coup_assassinate_steal_or_examine_against_your_own_faction(kind: str) -> None:
    state = rich_table()
    assert state.factions_split()
    assert targets(state, A, kind) == [B, D]  # C is a Loyalist like A
    before = state.clone()
    with pytest.raises(IllegalMove):
        REFORMATION.apply(state, A, Move(kind, target=C))
    assert state == before


def test_restriction_no_blocking_the_foreign_aid_of_your_own_faction() -> None:
    state, _ = play(rich_table(), (A, FOREIGN_AID))
    assert state.window == "block" and REFORMATION.to_act(state) == (B, D)
    assert REFORMATION.legal(state, C) == ()
    with pytest.raises(IllegalMove):
        REFORMATION.apply(state, C, block(DUKE))


def test_restriction_challenges_are_open_to_every_faction() -> None:
    state, _ = play(rich_table(), (A, Move("tax")))
    assert state.window == "challenge_action" and REFORMATION.to_act(state) == (B, C, D)
    state, _ = play(state, (C, CHALLENGE))
    assert state.window == "prove" and state.challenge is not None and state.challenge.challenger == C


@pytest.mark.parametrize("kind", RESTRICTED)
def test_restriction_lifted_when_all_living_players_share_a_faction(kind: str) -> None:
    state = rich_table(factions=[R, R, R, R])
    assert not state.factions_split()
    assert targets(state, A, kind) == [B, C, D]


def test_restriction_lifted_for_foreign_aid_blocks_when_all_share_a_faction() -> None:
    state, _ = play(rich_table(factions=[L, L, L, L]), (A, FOREIGN_AID))
    assert REFORMATION.to_act(state) == (B, C, D)


def test_restriction_lifted_after_the_other_faction_is_eliminated() -> None:
    # A and C are Loyalists; B, the only Reformist, has one influence left and A coups it.
    state = reformed(
        [[DUKE, CONTESSA], [CAPTAIN], [ASSASSIN, CAPTAIN]],
        factions=[L, R, L],
        coins=[7, 2, 3],
        revealed=[[], [DUKE], []],
    )
    assert targets(state, A, "coup") == [B]
    state, events = play(state, (A, coup(B)))
    assert "eliminated" in kinds(events) and state.living() == [A, C]
    assert sides(state)[B] == R and not state.factions_split()  # the dead no longer count
    assert state.active == C
    for kind in ("assassinate", "steal"):
        assert targets(state, C, kind) == [A]
    state, _ = play(state, (C, FOREIGN_AID))
    assert state.window == "block" and REFORMATION.to_act(state) == (A,)


def test_restriction_lifted_after_a_conversion_and_back_when_factions_split_again() -> None:
    state = reformed([[DUKE, CONTESSA], [CAPTAIN, CONTESSA], [CAPTAIN, ASSASSIN]], factions=[L, R, L], coins=[2, 2, 3])
    assert targets(state, A, "steal") == [B]
    state, _ = play(state, (A, convert(B)))
    assert sides(state) == (L, L, L) and not state.factions_split()
    state, _ = play(state, (B, INCOME))
    assert targets(state, C, "steal") == [A, B] and targets(state, C, "assassinate") == [A, B]
    state, _ = play(state, (C, convert(C)))
    assert sides(state) == (L, L, R) and state.factions_split()
    assert targets(state, A, "steal") == [C]


@pytest.mark.parametrize("purse", [10, 12])
def test_forced_coup_at_ten_coins_targets_only_the_other_faction(purse: int) -> None:
    state = reformed(HANDS, coins=[purse, 2, 2, 2], inquisitor=True)
    assert REFORMATION.legal(state, A) == (coup(B), coup(D))
    for move in (coup(C), INCOME, convert(A), EMBEZZLE):
        with pytest.raises(IllegalMove):
            REFORMATION.apply(state, A, move)
    united = reformed(HANDS, factions=[L, L, L, L], coins=[purse, 2, 2, 2], inquisitor=True)
    assert REFORMATION.legal(united, A) == (coup(B), coup(C), coup(D))


# --- Conversion ---------------------------------------------------------------------------------


def test_conversion_of_yourself_costs_one_coin_onto_the_reserve_and_flips_your_allegiance() -> None:
    state = reformed(HANDS, coins=[2, 2, 2, 2], reserve=3)
    state, events = play(state, (A, convert(A)))
    assert coins(state) == [1, 2, 2, 2] and state.reserve == 4
    assert sides(state) == (R, R, L, R)
    assert Event("converted", A, A, R, amount=1) in events
    # A general action: no challenge, no block; the turn passes at once.
    assert state.window == "action" and state.active == B
    view = REFORMATION.view(state, None)
    assert view.reserve == 4 and view.players[A].allegiance == R
    assert view.treasury == TREASURY_COINS - 7 - 4  # coins on the reserve are not in the treasury


@pytest.mark.parametrize("target, flipped", [(B, L), (C, R)])
def test_conversion_of_another_player_costs_two_coins_onto_the_reserve(target: int, flipped: str) -> None:
    state = reformed(HANDS, coins=[3, 2, 2, 2])
    state, events = play(state, (A, convert(target)))
    assert coins(state) == [1, 2, 2, 2] and state.reserve == 2
    assert sides(state)[target] == flipped and sides(state)[A] == L
    assert Event("converted", A, target, flipped, amount=2) in events
    assert state.window == "action" and state.active == B


def test_conversion_needs_its_cost_and_may_aim_at_any_living_seat() -> None:
    rich = reformed(HANDS, coins=[2, 2, 2, 2])
    assert targets(rich, A, "convert") == [A, B, C, D]  # not restricted by faction
    one = reformed(HANDS, coins=[1, 2, 2, 2])
    assert targets(one, A, "convert") == [A]
    with pytest.raises(IllegalMove):
        REFORMATION.apply(one, A, convert(B))
    broke = reformed(HANDS, coins=[0, 2, 2, 2])
    assert targets(broke, A, "convert") == []


# --- Embezzlement -------------------------------------------------------------------------------


def test_embezzlement_unchallenged_takes_the_whole_reserve() -> None:
    state = reformed(HANDS, reserve=5)
    assert EMBEZZLE in REFORMATION.legal(state, A)  # holding a Duke is no bar to claiming not to
    state, _ = play(state, (A, EMBEZZLE))
    assert state.window == "challenge_action" and REFORMATION.to_act(state) == (B, C, D)
    state, events = pass_window(state)
    assert coins(state) == [7, 2, 2, 2] and state.reserve == 0
    assert Event("embezzled", A, amount=5) in events
    assert state.window == "action" and state.active == B


def test_embezzlement_challenged_with_a_duke_must_concede_lose_influence_and_take_nothing() -> None:
    state = reformed(HANDS, reserve=5)
    state, events = play(state, (A, EMBEZZLE), (B, CHALLENGE))
    assert Event("challenge", B, A, DUKE, what="denial") in events
    assert REFORMATION.legal(state, A) == (CONCEDE,)
    with pytest.raises(IllegalMove):
        REFORMATION.apply(state, A, PROVE)
    state, events = play(state, (A, CONCEDE))
    assert state.window == "lose" and state.owed == (A,)
    state, more = play(state, (A, reveal(CONTESSA)))
    assert hand(state, A) == [DUKE] and state.players[A].revealed == (CONTESSA,)
    assert coins(state) == [2, 2, 2, 2] and state.reserve == 5
    assert "embezzled" not in kinds(events + more) and "fail" in kinds(events)
    assert state.window == "action" and state.active == B


def test_embezzlement_challenged_without_a_duke_proves_by_showing_all_cards_which_are_replaced() -> None:
    hands = [[CAPTAIN, CONTESSA], [DUKE, CONTESSA], [ASSASSIN, DUKE], [CAPTAIN, ASSASSIN]]
    state = reformed(hands, reserve=5)
    cards_before = all_cards(state)
    court_before = Counter(state.deck) + Counter(state.hands[A])
    state, _ = play(state, (A, EMBEZZLE), (B, CHALLENGE))
    assert REFORMATION.legal(state, A) == (PROVE, CONCEDE)
    state, events = play(state, (A, PROVE))
    # Both cards are shown to everyone, shuffled into the deck, and two replacements drawn.
    assert Event("prove", A, B, DUKE, cards=(CAPTAIN, CONTESSA)) in events
    replace = next(e for e in events if e.kind == "replace")
    assert replace.to == (A,) and sorted(replace.cards) == hand(state, A)
    assert len(state.hands[A]) == 2 and state.players[A].revealed == ()
    assert Counter(state.deck) + Counter(state.hands[A]) == court_before
    assert all_cards(state) == cards_before
    # The challenger loses an influence, then the embezzlement goes ahead.
    assert state.window == "lose" and state.owed == (B,)
    state, more = play(state, (B, reveal(CONTESSA)))
    assert hand(state, B) == [DUKE] and state.players[B].revealed == (CONTESSA,)
    assert coins(state) == [7, 2, 2, 2] and state.reserve == 0
    assert Event("embezzled", A, amount=5) in more


def test_embezzlement_challenged_without_a_duke_with_one_influence_shows_and_replaces_that_card() -> None:
    hands = [[CAPTAIN], [DUKE, CONTESSA], [ASSASSIN, DUKE], [CAPTAIN, ASSASSIN]]
    state = reformed(hands, reserve=2, revealed=[[ASSASSIN], [], [], []])
    state, events = play(state, (A, EMBEZZLE), (B, CHALLENGE), (A, PROVE))
    assert Event("prove", A, B, DUKE, cards=(CAPTAIN,)) in events
    assert len(state.hands[A]) == 1 and state.players[A].revealed == (ASSASSIN,)


def test_embezzlement_challenged_without_a_duke_may_still_concede() -> None:
    hands = [[CAPTAIN, CONTESSA], [DUKE, CONTESSA], [ASSASSIN, DUKE], [CAPTAIN, ASSASSIN]]
    state = reformed(hands, reserve=5)
    state, _ = play(state, (A, EMBEZZLE), *passes(B), (C, CHALLENGE), (A, CONCEDE), (A, reveal(CAPTAIN)))
    assert hand(state, A) == [CONTESSA] and hand(state, C) == [ASSASSIN, DUKE]
    assert coins(state) == [2, 2, 2, 2] and state.reserve == 5
    assert state.window == "action" and state.active == B


@pytest.mark.parametrize("inquisitor", [False, True])
@pytest.mark.parametrize("loss", ["coup", "challenge", "embezzlement"])
def test_a_player_holding_a_pair_is_asked_which_to_lose_and_nobody_else_can_tell(loss: str, inquisitor: bool) -> None:
    # A holds two Dukes when it embezzles (so it must concede); B two Captains when it is couped or challenges.
    pairs = {"embezzlement": (A, [DUKE, DUKE]), "coup": (B, [CAPTAIN, CAPTAIN]), "challenge": (B, [CAPTAIN, CAPTAIN])}
    loser, pair = pairs[loss]
    hands = [list(cards) for cards in HANDS]
    hands[loser] = pair
    state = reformed(hands, coins=[7, 2, 2, 2], inquisitor=inquisitor, reserve=3)
    steps = {
        "coup": [(A, coup(B))],
        "challenge": [(A, TAX), (B, CHALLENGE), (A, PROVE)],
        "embezzlement": [(A, EMBEZZLE), (B, CHALLENGE), (A, CONCEDE)],
    }[loss]
    assert_a_pair_is_asked_for_alike(REFORMATION, play, state, steps, loser)


# --- The Inquisitor: examine --------------------------------------------------------------------

EXAMINE_HANDS = [[INQUISITOR, DUKE], [CAPTAIN, CONTESSA], [ASSASSIN, DUKE], [CAPTAIN, ASSASSIN]]


def shown_to_inquisitor(top: tuple[str, ...] = ()) -> tuple[CoupState, list[Event]]:
    """A (Loyalist, holding the Inquisitor) examines B (Reformist); nobody challenges; B shows its
    Contessa; the examine window is open for A."""
    state = reformed(EXAMINE_HANDS, inquisitor=True, top=top)
    state, _ = play(state, (A, examine(B)))
    assert state.window == "challenge_action" and REFORMATION.to_act(state) == (B, C, D)
    state, _ = pass_window(state)
    assert state.window == "show" and state.owed == (B,)
    assert REFORMATION.legal(state, B) == (show(CAPTAIN), show(CONTESSA))
    assert REFORMATION.legal(state, A) == ()
    state, events = play(state, (B, show(CONTESSA)))
    assert state.window == "examine" and state.owed == (A,)
    assert REFORMATION.legal(state, A) == (RETURN, FORCE)
    return state, events


def test_examine_the_inquisitor_gives_the_card_back_and_the_hand_is_unchanged() -> None:
    state, _ = shown_to_inquisitor()
    deck = state.deck
    state, events = play(state, (A, RETURN))
    assert hand(state, B) == [CAPTAIN, CONTESSA] and state.deck == deck
    assert Event("returned", A, B) in events and state.examined is None
    assert state.window == "action" and state.active == B


def test_examine_forced_exchange_sends_the_shown_card_to_the_deck_and_draws_a_new_one() -> None:
    state, _ = shown_to_inquisitor(top=(ASSASSIN,))
    cards_before = all_cards(state)
    court_before = Counter(state.deck) + Counter(state.hands[B])
    deck = Counter(state.deck)
    state, events = play(state, (A, FORCE))
    assert hand(state, B) == [ASSASSIN, CAPTAIN]  # the Contessa is gone, the deck's top card drawn
    assert Event("forced", A, B) in events
    assert Event("replace", B, cards=(ASSASSIN,), to=(B,)) in events
    assert Counter(state.deck) == deck - Counter([ASSASSIN]) + Counter([CONTESSA])
    assert Counter(state.deck) + Counter(state.hands[B]) == court_before
    assert all_cards(state) == cards_before and state.examined is None
    assert state.window == "action" and state.active == B


def test_examine_the_shown_card_is_seen_only_by_the_inquisitor_and_the_target() -> None:
    state, events = shown_to_inquisitor()
    assert REFORMATION.view(state, A).examined == CONTESSA
    assert REFORMATION.view(state, B).examined == CONTESSA
    for viewer in (C, D, None):
        view = REFORMATION.view(state, viewer)
        assert view.examined is None
        # Whatever the shown card and the other secrets were, this viewer's picture is the same.
        other = scrambled(state, viewer, 99)
        other.examined = DUKE
        assert REFORMATION.view(other, viewer) == view
    shown = [e for e in events if e.kind == "shown"]
    assert shown == [Event("shown", B, A, cards=(CONTESSA,), to=(B, A))]
    assert Event("show", B, A) in events  # everyone learns that a card was shown, not which
    for viewer in (C, D, None):
        assert all(not e.cards for e in visible_to(events, viewer))
    state, _ = play(state, (A, FORCE))
    assert all(REFORMATION.view(state, viewer).examined is None for viewer in (A, B, C, D, None))


def test_examine_is_a_claim_of_the_inquisitor_and_a_conceded_challenge_stops_it() -> None:
    state = reformed(HANDS, inquisitor=True)  # A holds no Inquisitor
    state, events = play(state, (A, examine(B)), (B, CHALLENGE))
    assert REFORMATION.legal(state, A) == (CONCEDE,)
    state, more = play(state, (A, CONCEDE), (A, reveal(CONTESSA)))
    assert "show" not in kinds(events + more) and state.window == "action" and state.active == B
    assert hand(state, B) == [CAPTAIN, CONTESSA]


def test_examine_needs_the_inquisitor_variant() -> None:
    state = reformed(HANDS, inquisitor=False)
    assert targets(state, A, "examine") == []
    with pytest.raises(IllegalMove):
        REFORMATION.apply(state, A, examine(B))


# --- The Inquisitor: exchange and blocking ------------------------------------------------------


@pytest.mark.parametrize(
    "mine, revealed",
    [([INQUISITOR, DUKE], []), ([INQUISITOR], [DUKE])],
)
def test_inquisitor_exchange_draws_exactly_one_card_and_keeps_the_hand_size(
    mine: list[str], revealed: list[str]
) -> None:
    hands = [mine, [CAPTAIN, CONTESSA], [ASSASSIN, DUKE]]
    state = reformed(hands, inquisitor=True, top=(CAPTAIN,), revealed=[revealed, [], []])
    deck_size = len(state.deck)
    state, events = play(state, (A, EXCHANGE), *passes(B, C))
    assert state.window == "exchange" and state.drawn == (CAPTAIN,)
    assert REFORMATION.view(state, A).drawn == (CAPTAIN,) and REFORMATION.view(state, B).drawn == ()
    assert Event("draw", A, amount=1) in events
    pool = sorted([*mine, CAPTAIN])
    expected = sorted({keep(*k) for k in combinations(pool, len(mine))})
    assert sorted(REFORMATION.legal(state, A)) == expected
    state, events = play(state, (A, keep(CAPTAIN, *mine[1:])))
    assert hand(state, A) == sorted([CAPTAIN, *mine[1:]]) and len(state.deck) == deck_size
    assert Event("exchanged", A, amount=1) in events
    assert INQUISITOR in state.deck


def test_inquisitor_blocks_stealing_in_place_of_the_ambassador() -> None:
    hands = [[CAPTAIN, DUKE], [INQUISITOR, CONTESSA], [ASSASSIN, DUKE]]
    state = reformed(hands, inquisitor=True, coins=[2, 2, 2])
    state, _ = play(state, (A, steal(B)), *passes(B, C))
    assert REFORMATION.legal(state, B) == (block(CAPTAIN), block(INQUISITOR), PASS)
    with pytest.raises(IllegalMove):
        REFORMATION.apply(state, B, block(AMBASSADOR))
    state, events = play(state, (B, block(INQUISITOR)), *passes(C, A))
    assert Event("blocked", A, B, INQUISITOR, what="steal") in events
    assert coins(state) == [2, 2, 2]


@pytest.mark.parametrize("game", [COUP, REFORMATION])
def test_with_the_inquisitor_the_ambassador_is_not_in_the_deck(game: CoupGame) -> None:
    for players in (2, 4, 6):
        state = game.new(game.load_config({"players": players, "inquisitor": True}), seed=players)
        cards = all_cards(state)
        assert AMBASSADOR not in cards and cards[INQUISITOR] == 3


# --- Table sizes and which game allows what ------------------------------------------------------


@pytest.mark.parametrize("inquisitor", [False, True])
@pytest.mark.parametrize("players, copies", [(2, 3), (6, 3), (7, 4), (8, 4), (9, 5), (10, 5)])
def test_deck_sizes_three_four_or_five_copies_of_each_character(players: int, copies: int, inquisitor: bool) -> None:
    config = REFORMATION.load_config({"players": players, "inquisitor": inquisitor})
    state = REFORMATION.new(config, seed=players)
    assert all_cards(state) == full_court(players, inquisitor)
    assert sum(all_cards(state).values()) == 5 * copies and set(all_cards(state).values()) == {copies}
    assert len(state.deck) == 5 * copies - 2 * players
    assert all(len(hand) == 2 for hand in state.hands)


def test_the_inquisitor_is_allowed_in_base_coup() -> None:
    config = COUP.load_config({"players": 4, "inquisitor": True})
    assert config.inquisitor and not config.reformation
    state = COUP.new(config, seed=5)
    legal = COUP.legal(state, state.active)
    others = state.clockwise_from(state.active)
    assert [m.target for m in legal if m.kind == "examine"] == others  # no factions, no restriction
    assert EXCHANGE in legal and not any(m.kind in ("convert", "embezzle") for m in legal)
    assert AMBASSADOR not in all_cards(state)


def test_base_coup_refuses_seven_players_while_reformation_accepts_ten() -> None:
    with pytest.raises(ValueError, match="Coup is for 2 to 6 players"):
        COUP.load_config({"players": 7})
    with pytest.raises(ValueError):
        COUP.load_config({"players": 7, "inquisitor": True})
    config = REFORMATION.load_config({"players": 10, "inquisitor": True})
    state = REFORMATION.new(config, seed=10)
    assert len(state.players) == 10 and state.window == "allegiance"
    for players in (1, 11):
        with pytest.raises(ValueError, match="Reformation is for 2 to 10 players"):
            REFORMATION.load_config({"players": players})
