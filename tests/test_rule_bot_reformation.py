"""The rule bot in Reformation: legal in every window, faction-aware, embezzling and examining sensibly."""

from __future__ import annotations

from collections import Counter

import pytest

from bench.bluffs import reformation_habits
from core.bots.random_bot import RandomBot
from core.cards.engine import REFORMATION
from core.cards.moves import Move
from core.cards.rule_bot import RuleBot
from core.cards.rules import (
    ACTIONS,
    AMBASSADOR,
    ASSASSIN,
    CAPTAIN,
    CONTESSA,
    DUKE,
    INQUISITOR,
    LOYALIST,
    REFORMIST,
    copies_per_character,
    ruleset,
)
from core.cards.seats import without
from core.cards.state import Challenge, CoupConfig, CoupState, Pending
from core.cards.views import CoupView
from core.sim import derive_seeds, play_game, run_sim
from tests.reformation_helpers import sides
from tests.rule_bot_helpers import dealt, decision_points

SEEDS = range(40)
L, R = LOYALIST, REFORMIST


def table(
    hands: list[list[str]],
    allegiance: list[str],
    revealed: list[list[str]] | None = None,
    coins: list[int] | None = None,
    claims: list[list[str]] | None = None,
    inquisitor: bool = False,
    reserve: int = 0,
) -> CoupState:
    """A Reformation state at seat 0's action, the deck holding every card not in a hand or face up."""
    config = CoupConfig(players=len(hands), reformation=True, inquisitor=inquisitor)
    state = dealt(config, hands, revealed, coins, claims)
    state.players = tuple(player.but(allegiance=side) for player, side in zip(state.players, allegiance, strict=True))
    state.reserve = reserve
    return state


def claim_window(state: CoupState, actor: int, kind: str, target: int | None, viewer: int) -> CoupState:
    """state with actor's claimed action (or embezzlement) open to challenge by viewer."""
    action = state.config.rules.actions[kind]
    state.active = actor
    state.pending = Pending(actor, kind, target, action.claim or action.denies, action.cost)
    state.window, state.owed = "challenge_action", (viewer,)
    return state


def answers(state: CoupState, seat: int = 0, bluff: float = 0.15) -> set[Move]:
    """Every move the rule bot makes in state over SEEDS."""
    view = REFORMATION.view(state, seat)
    return {RuleBot(seed, bluff=bluff).choose(view) for seed in SEEDS}


def inquisitor_sim(players: int, games: int, seed: int, lineup: list[str]) -> Counter[str]:
    """Wins per bot level over games of Reformation with the Inquisitor."""
    names = [f"{name} {seat + 1}" for seat, name in enumerate(lineup)]
    config = REFORMATION.load_config({"players": players, "names": names, "inquisitor": True})
    makers = {"rule": RuleBot, "random": RandomBot}
    wins: Counter[str] = Counter()
    for game_seed in derive_seeds(seed, games):
        bots = [makers[name](s) for name, s in zip(lineup, derive_seeds(game_seed, players), strict=True)]
        wins[lineup[play_game(REFORMATION, config, game_seed, bots).winner]] += 1
    return wins


# Every decision of mixed rule and random Reformation games at 2-10 players, with and without the Inquisitor.
CONFIGS = [CoupConfig(players=n, reformation=True, inquisitor=q) for n in range(2, 11) for q in (False, True)]


@pytest.fixture(scope="module")
def fuzz() -> list[tuple[CoupState, int, CoupView]]:
    """The decision points of 36 mixed games (each table size twice with and without the Inquisitor)."""
    return list(decision_points(REFORMATION, CONFIGS, 36, 11))


def claimed_role(state: CoupState, move: Move) -> str | None:
    """The character move claims, if any."""
    if move.kind == "block":
        return move.card
    return state.config.rules.actions[move.kind].claim if move.kind in ACTIONS else None


# Strength and termination


@pytest.mark.parametrize("players", [4, 8])
def test_one_rule_bot_beats_random_bots_in_reformation(players):
    result = run_sim("reformation", players, 100, 21, ["rule"] + ["random"] * (players - 1))
    assert result["wins"]["rule"] >= 75  # a fair share is 25 or 12; measured 95 and 97


@pytest.mark.parametrize("players", [4, 8])
def test_one_rule_bot_beats_random_bots_with_the_inquisitor(players):
    wins = inquisitor_sim(players, 100, 22, ["random"] * (players - 1) + ["rule"])
    assert wins["rule"] >= 75  # measured 97 and 96


@pytest.mark.parametrize(("players", "inquisitor"), [(4, False), (4, True), (8, False), (8, True), (10, True)])
def test_rule_self_play_ends(players, inquisitor):
    config = REFORMATION.load_config({"players": players, "inquisitor": inquisitor})
    for seed in derive_seeds(23, 3):
        outcome = play_game(REFORMATION, config, seed, [RuleBot(s) for s in derive_seeds(seed, players)])
        assert 0 <= outcome.winner < players


# Legality and determinism over fuzzed games


def test_always_returns_a_legal_move_in_every_window(fuzz):
    windows = Counter()
    for _, seat, view in fuzz:
        windows[view.window] += 1
        for seed in (0, 1):
            assert RuleBot(seed).choose(view) in view.legal, (seat, view.window)
    assert {"allegiance", "show", "examine", "prove", "exchange", "lose"} <= set(windows)


def test_plays_the_reformation_actions(fuzz):
    kinds = {RuleBot(0).choose(v).kind for _, _, v in fuzz if v.window == "action"}
    assert {"convert", "embezzle", "examine"} <= kinds


def test_same_view_same_move_for_the_same_seed(fuzz):
    for _, _, view in fuzz[::5]:
        assert RuleBot(5).choose(view) == RuleBot(5).choose(view)


def test_challenge_decisions_do_not_depend_on_seed_or_bluff_rate(fuzz):
    windows = [v for _, _, v in fuzz if v.window in ("challenge_action", "challenge_block")]
    assert any(v.pending is not None and v.pending.kind == "embezzle" for v in windows)
    for view in windows:
        verdicts = {RuleBot(seed, bluff=rate).choose(view) for seed in (1, 2) for rate in (0.0, 1.0)}
        assert len(verdicts) == 1


def test_never_aims_at_its_own_faction_while_both_remain(fuzz):
    aimed = 0
    for state, seat, view in fuzz:
        move = RuleBot(0).choose(view)
        action = state.config.rules.actions.get(move.kind)
        if view.window == "action" and action is not None and action.restricted and state.factions_split():
            aimed += 1
            assert sides(state)[move.target] != sides(state)[seat]
    assert aimed > 50


def test_never_claims_a_role_whose_copies_are_all_visible(fuzz):
    claims = 0
    for state, seat, view in fuzz:
        role = claimed_role(state, RuleBot(0, bluff=1.0).choose(view))
        if role is None or role in state.hands[seat]:
            continue
        claims += 1
        seen = state.hands[seat].count(role) + sum(p.revealed.count(role) for p in state.players)
        assert role in state.config.rules.characters
        assert seen < copies_per_character(len(state.players))
    assert claims > 20


def test_proves_an_embezzlement_without_a_duke(fuzz):
    proofs = [v for _, _, v in fuzz if v.window == "prove" and v.pending is not None and v.pending.kind == "embezzle"]
    assert proofs
    for view in proofs:
        assert RuleBot(0).choose(view) == (Move("prove") if Move("prove") in view.legal else Move("concede"))


# Allegiance, factions and conversion


def test_chooses_an_allegiance_deterministically():
    state = REFORMATION.new(CoupConfig(players=5, reformation=True), 4)
    seat = state.owed[0]
    assert answers(state, seat) == {Move("allegiance", card=LOYALIST)}


def test_coups_the_strongest_threat_of_the_other_faction():
    state = table(
        [[DUKE, CONTESSA], [CAPTAIN, CAPTAIN], [ASSASSIN, DUKE], [CONTESSA]],
        [L, R, L, R],
        revealed=[[], [], [], [AMBASSADOR]],
        coins=[7, 2, 9, 6],
    )
    assert answers(state) == {Move("coup", target=1)}  # seat 2 is richer, but an ally


def test_steals_only_from_the_other_faction():
    hands = [[CAPTAIN, CONTESSA], [DUKE, DUKE], [ASSASSIN, AMBASSADOR], [CONTESSA]]
    state = table(hands, [L, R, L, R], coins=[2, 2, 6, 1])
    assert answers(state, bluff=0.0) == {Move("steal", target=1)}


def test_does_not_convert_when_no_one_threatens_it():
    state = table([[CONTESSA, AMBASSADOR], [DUKE, CAPTAIN], [ASSASSIN, CAPTAIN], [CONTESSA, DUKE]], [L, R, L, R])
    assert all(m.kind != "convert" for m in answers(state))


def test_does_not_join_a_majority_that_would_leave_one_player_everyones_target():
    state = table(
        [[CONTESSA, AMBASSADOR], [DUKE, CAPTAIN], [ASSASSIN, CAPTAIN], [CONTESSA, DUKE]],
        [L, R, L, R],
        coins=[2, 6, 6, 1],
    )
    assert all(m.kind != "convert" for m in answers(state))  # 2 against 2: any conversion makes it 3 against 1


def test_alone_against_three_converts_the_richest_to_even_the_sides():
    state = table(
        [[CONTESSA, AMBASSADOR], [DUKE, CAPTAIN], [ASSASSIN, CAPTAIN], [CONTESSA, DUKE]],
        [L, R, R, R],
        coins=[2, 6, 1, 1],
    )
    assert answers(state) == {Move("convert", target=1)}


def test_conversions_even_the_sides_so_none_is_undone():
    rates = reformation_habits(40)
    assert rates["lopsided_turns"] < 0.1 and rates["flip_flops_per_game"] <= 0.1, rates


# Embezzlement


def test_embezzles_a_rich_reserve_without_a_duke():
    state = table([[CONTESSA, CAPTAIN], [DUKE, AMBASSADOR], [ASSASSIN, CAPTAIN]], [L, R, L], reserve=4)
    assert answers(state, bluff=0.0) == {Move("embezzle")}
    assert answers(state, bluff=1.0) == {Move("embezzle")}


def test_does_not_embezzle_a_single_coin():
    state = table([[CONTESSA, AMBASSADOR], [DUKE, AMBASSADOR], [ASSASSIN, CAPTAIN]], [L, R, L], reserve=1)
    assert Move("embezzle") not in answers(state, bluff=0.0)


def test_never_embezzles_holding_a_duke_unless_it_bluffs():
    state = table([[DUKE, CONTESSA], [CAPTAIN, AMBASSADOR], [ASSASSIN, CAPTAIN]], [L, R, L], reserve=8)
    assert answers(state, bluff=0.0) == {Move("tax")}
    assert answers(state, bluff=1.0) == {Move("embezzle")}
    state.reserve = 3
    assert answers(state, bluff=1.0) == {Move("tax")}  # a small reserve is not worth the risk


def test_challenges_an_embezzler_who_has_claimed_the_duke():
    state = table(
        [[CONTESSA, CAPTAIN], [DUKE, AMBASSADOR], [ASSASSIN, CAPTAIN]], [L, R, L], claims=[[], [DUKE], []], reserve=5
    )
    claim_window(state, 1, "embezzle", None, 0)
    assert answers(state) == {Move("challenge")}


def test_lets_a_plausible_embezzlement_pass():
    state = table([[CONTESSA, CAPTAIN], [DUKE, AMBASSADOR], [ASSASSIN, CAPTAIN]], [L, R, L], reserve=5)
    claim_window(state, 1, "embezzle", None, 0)
    assert answers(state) == {Move("pass")}


def test_never_challenges_an_embezzler_who_cannot_hold_a_duke():
    state = table(
        [[DUKE, DUKE], [CAPTAIN, AMBASSADOR], [ASSASSIN]],
        [L, R, L],
        revealed=[[], [], [DUKE]],
        claims=[[], [DUKE], []],
        reserve=5,
    )
    claim_window(state, 1, "embezzle", None, 0)
    assert answers(state) == {Move("pass")}


def test_proves_it_holds_no_duke_and_concedes_when_it_does():
    state = claim_window(table([[CONTESSA, CAPTAIN], [DUKE], [ASSASSIN]], [L, R, L], reserve=5), 0, "embezzle", None, 1)
    state.challenge = Challenge(1, 0, DUKE, on_block=False)
    state.window, state.owed = "prove", (0,)
    assert answers(state) == {Move("prove")}
    state.set_hand(0, (DUKE, CAPTAIN))
    state.deck = without(state.deck, DUKE)
    state.deck = (*state.deck, CONTESSA)
    assert answers(state) == {Move("concede")}


# The Inquisitor


def examined(hand: list[str], by: int = 1) -> CoupState:
    """Seat 0, holding hand, asked to show a card to the Inquisitor at seat by."""
    state = table([hand, [INQUISITOR, DUKE], [CAPTAIN, CONTESSA]], [L, R, R], inquisitor=True)
    claim_window(state, by, "examine", 0, 0)
    state.window, state.owed = "show", (0,)
    return state


@pytest.mark.parametrize(
    ("hand", "shown"),
    [([DUKE, INQUISITOR], INQUISITOR), ([CONTESSA, ASSASSIN], ASSASSIN), ([CAPTAIN, DUKE], CAPTAIN)],
)
def test_shows_its_least_valuable_card_when_examined(hand, shown):
    assert answers(examined(hand)) == {Move("show", card=shown)}


@pytest.mark.parametrize(
    ("card", "verdict"),
    [(DUKE, "force"), (ASSASSIN, "force"), (CONTESSA, "force"), (CAPTAIN, "force"), (INQUISITOR, "return")],
)
def test_forces_an_exchange_of_a_strong_card_and_returns_a_weak_one(card, verdict):
    state = table([[INQUISITOR, CONTESSA], [card, DUKE], [CAPTAIN, ASSASSIN]], [L, R, R], inquisitor=True)
    claim_window(state, 0, "examine", 1, 1)
    state.window, state.owed, state.examined = "examine", (0,), card
    assert answers(state) == {Move(verdict)}


def test_examines_the_strongest_threat_with_an_inquisitor():
    state = table(
        [[INQUISITOR, ASSASSIN], [DUKE, CAPTAIN], [CAPTAIN, CONTESSA], [ASSASSIN, DUKE], [CONTESSA, DUKE]],
        [L, R, L, R, L],
        coins=[2, 2, 2, 3, 2],
        inquisitor=True,
    )
    assert answers(state, bluff=0.0) == {Move("examine", target=3)}  # seat 1 is no stronger than seat 0


def test_the_leader_does_not_examine():
    state = table(
        [[INQUISITOR, ASSASSIN], [DUKE], [CAPTAIN], [ASSASSIN]],
        [L, R, L, R],
        revealed=[[], [CAPTAIN], [ASSASSIN], [DUKE]],
        inquisitor=True,
    )
    assert all(m.kind != "examine" for m in answers(state, bluff=0.0))


def test_blocks_a_steal_with_the_inquisitor():
    state = table([[INQUISITOR, DUKE], [CAPTAIN, DUKE], [CONTESSA]], [L, R, L], inquisitor=True)
    claim_window(state, 1, "steal", 0, 0)
    state.window = "block"
    assert answers(state, bluff=0.0) == {Move("block", card=INQUISITOR)}


def test_counts_inquisitors_not_ambassadors():
    state = table(
        [[CONTESSA, CONTESSA], [DUKE], [ASSASSIN], [DUKE]],
        [L, R, L, R],
        revealed=[[], [INQUISITOR], [INQUISITOR], [INQUISITOR]],
        inquisitor=True,
    )
    assert AMBASSADOR not in ruleset(True, True).characters
    assert all(m.kind not in ("examine", "exchange") for m in answers(state, bluff=1.0))
    claim_window(state, 1, "exchange", None, 0)
    assert answers(state) == {Move("challenge")}  # every Inquisitor is in sight


# Larger tables


def ten_players(dukes_face_up: int) -> CoupState:
    """Seat 0 (two Contessas) at a 10-player table where seats 1 to dukes_face_up have lost a Duke;
    no one else holds a Duke."""
    cards = iter([ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA] * 5)
    others = [[next(cards) for _ in range(1 if i <= dukes_face_up else 2)] for i in range(1, 10)]
    hands = [[CONTESSA, CONTESSA], *others]
    revealed = [[DUKE] if 1 <= i <= dukes_face_up else [] for i in range(10)]
    return table(hands, [L, R] * 5, revealed=revealed)


def test_counts_five_copies_at_ten_players():
    assert copies_per_character(10) == 5
    assert Move("tax") in answers(ten_players(4), bluff=1.0)  # a fifth Duke is still unseen
    assert all(m.kind != "tax" for m in answers(ten_players(5), bluff=1.0))
    state = claim_window(ten_players(3), 9, "tax", None, 0)
    assert answers(state) == {Move("pass")}  # two Dukes unseen: plausible
    state = claim_window(ten_players(5), 9, "tax", None, 0)
    assert answers(state) == {Move("challenge")}
