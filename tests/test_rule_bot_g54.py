"""The G54 rule bot: always legal, plays every role of every sampled set, beats random play, and its
choices follow the roles' data (true roles first, expected blocks avoided, last-card Missionary)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bench.bluffs import g54_income_streaks
from core.bots.random_bot import RandomBot
from core.cards.g54.config import G54Config
from core.cards.g54.engine import G54
from core.cards.g54.roles import BY_KIND, ROLE_LIST
from core.cards.g54.rule_bot import STALL_TURN, G54RuleBot, holds_chance
from core.cards.g54.state import G54Player, G54State, Pending
from core.cards.moves import Move
from core.cards.seats import without
from core.registry import make_bot
from core.sim import derive_seeds, play_game
from tui.cli import main

FIRST = ("Banker", "Director", "Guerrilla", "Peacekeeper", "Politician")


def table(hands: list[list[str]], coins: list[int], roles: tuple[str, ...] = FIRST, **tokens: object) -> G54State:
    """Seat 0 to act, every other card of the five roles in the deck."""
    players = tuple(G54Player(i, f"P{i + 1}", coins[i], len(hand)) for i, hand in enumerate(hands))
    dealt, asides = tuple(tuple(hand) for hand in hands), ((),) * len(hands)
    deck = Counter({r: 3 for r in roles})
    deck.subtract(Counter(c for hand in dealt for c in hand))
    config = G54Config(players=len(hands), selection="pick", roles=roles)
    deck_left = tuple(sorted(deck.elements()))
    return G54State(config, roles, players, dealt, asides, deck_left, rng=7, active=0, owed=(0,), **tokens)


def play_mixed(games: int, seed: int) -> tuple[Counter[str], int]:
    """Rule bots in every seat over sampled advanced role sets: the roles whose actions they declared."""
    rng = random.Random(seed)
    declared: Counter[str] = Counter()
    decisions = 0
    for index in range(games):
        config = G54Config(players=rng.randint(2, 6), selection="advanced" if index % 3 else "random")
        state = G54.new(config, rng.getrandbits(32))
        bots = [G54RuleBot(rng.getrandbits(32)) for _ in range(config.players)]
        while G54.result(state) is None:
            seat = G54.to_act(state)[0]
            view = G54.view(state, seat)
            move = bots[seat].choose(view)
            assert move in view.legal, (view.window, move)
            if view.window == "action" and move.kind in BY_KIND:
                declared[BY_KIND[move.kind].name] += 1
            declared[move.kind] += view.window in ("lose", "lawyer", "join", "fund", "extort", "produce", "exchange")
            state, _ = G54.apply(state, seat, move)
            decisions += 1
    return declared, decisions


def test_rule_bot_moves_are_legal_and_it_plays_every_role():
    declared, decisions = play_mixed(160, 3)
    acting = {role.name for role in ROLE_LIST if role.has_action}
    assert acting <= set(declared), sorted(acting - set(declared))
    assert declared["claim"] and declared["join"] and declared["draw"], "lawyer claims, joins and paid draws happen"
    assert declared["intellectual"] + declared["missionary"] > 0, "reactive claims happen"
    assert decisions > 5000


@pytest.mark.parametrize("selection", ["first", "random", "advanced"])
def test_rule_bots_beat_random_bots(selection):
    config = G54Config(players=4, selection=selection)
    wins = Counter()
    for seed in derive_seeds(11, 60):
        bots = [
            make_bot("g54", name, s)
            for name, s in zip(("rule", "random", "rule", "random"), derive_seeds(seed, 4), strict=True)
        ]
        wins[play_game(G54, config, seed, bots).winner % 2] += 1
    assert wins[0] >= 45, wins


def test_rule_bot_plays_a_held_role_over_income():
    state = table([["Banker", "Director"], ["Guerrilla", "Politician"]], [2, 2])
    assert G54RuleBot(1, bluff=0.0).choose(G54.view(state, 0)) == Move("banker")


def test_rule_bot_does_not_aim_at_a_player_who_claims_the_blocking_role():
    state = table([["Politician", "Director"], ["Guerrilla", "Banker"]], [2, 6])
    state.set_player(1, state.players[1].claiming("Politician"))
    move = G54RuleBot(1, bluff=0.0).choose(G54.view(state, 0))
    assert move.kind != "politician"


def test_rule_bot_coups_when_it_can():
    state = table([["Banker", "Director"], ["Guerrilla", "Politician"], ["Banker", "Peacekeeper"]], [7, 2, 2])
    assert G54RuleBot(1).choose(G54.view(state, 0)).kind == "coup"


def test_rule_bot_claims_missionary_on_its_last_card():
    roles = ("Banker", "Director", "Guerrilla", "Missionary", "Politician")
    state = table([["Banker"], ["Guerrilla", "Politician"]], [2, 2], roles=roles)
    state.set_player(0, state.players[0].but(revealed=(*state.players[0].revealed, "Director")))
    state.window, state.owed, state.losses = "lose", (0,), ((0, "guerrilla"),)
    assert G54RuleBot(1, bluff=0.0).choose(G54.view(state, 0)) == Move("missionary", card="Banker")


def test_rule_bot_keeps_its_best_cards_in_an_exchange():
    state = table([["Director", "Director"], ["Guerrilla", "Politician"]], [2, 2])
    state.window, state.owed, state.drawn = "exchange", (0,), ("Guerrilla", "Banker")
    state.deck = without(state.deck, "Guerrilla")
    state.deck = without(state.deck, "Banker")
    state.pending = Pending(0, "director", "Director")
    kept = G54RuleBot(1).choose(G54.view(state, 0))
    assert kept.kind == "keep" and "Guerrilla" in kept.cards and kept.cards.count("Director") < 2


CRIME = ("Banker", "Director", "Crime Boss", "Peacekeeper", "Politician")


def extorted(hands: list[list[str]], coins: list[int]) -> G54State:
    """Seat 0's Crime Boss has extorted seat 1, which must pay 2 or refuse."""
    state = table(hands, coins, roles=CRIME)
    state.window, state.owed = "extort", (1,)
    state.pending = Pending(0, "crime_boss", "Crime Boss", target=1)
    return state


def test_rule_bot_refuses_a_crime_boss_whom_the_coins_would_give_a_coup_against_it():
    state = extorted([["Crime Boss", "Banker"], ["Director", "Politician"]], [5, 3])
    assert G54RuleBot(1).choose(G54.view(state, 1)) == Move("refuse")


def test_rule_bot_pays_a_crime_boss_when_the_coup_may_hit_another_or_it_has_one_card():
    hands = [["Crime Boss", "Banker"], ["Director", "Politician"], ["Banker", "Peacekeeper"], ["Director", "Banker"]]
    state = extorted(hands, [5, 3, 2, 2])
    assert G54RuleBot(1).choose(G54.view(state, 1)) == Move("pay"), "the Coup it buys may hit one of three"
    state = extorted([["Crime Boss", "Banker"], ["Director"]], [5, 3])
    state.set_player(1, state.players[1].but(revealed=(*state.players[1].revealed, "Politician")))
    assert G54RuleBot(1).choose(G54.view(state, 1)) == Move("pay"), "refusing would lose its last card"


def test_two_crime_bosses_on_their_last_card_do_not_extort_each_other_forever():
    roles = ("Capitalist", "Newscaster", "Crime Boss", "Intellectual", "Protestor")
    state = table([["Crime Boss"], ["Crime Boss"]], [6, 7], roles=roles)
    for seat, player in enumerate(state.players):
        state.set_player(seat, player.but(revealed=(*player.revealed, "Capitalist")))
        state.deck = without(state.deck, "Capitalist")
    state.turn = STALL_TURN + 1
    bots = [G54RuleBot(1), G54RuleBot(2)]
    for _ in range(200):
        if G54.result(state) is not None:
            return
        seat = G54.to_act(state)[0]
        state, _ = G54.apply(state, seat, bots[seat].choose(G54.view(state, seat)))
    raise AssertionError("the Crime Bosses still trade the same coins back and forth")


def test_the_odds_of_a_claim_count_the_cards_lost_face_down():
    roles = ("Speculator", "Reporter", "Crime Boss", "Missionary", "Protestor")
    state = table([["Protestor", "Missionary"], ["Reporter"], [], []], [2, 2, 0, 0], roles=roles)
    lost = [
        ([], ["Speculator", "Speculator"]),
        (["Speculator", "Missionary"], []),
        (["Crime Boss", "Protestor"], ["Reporter", "Crime Boss"]),
        (["Crime Boss", "Protestor"], ["Missionary"]),
    ]
    for seat, (player, (revealed, aside)) in enumerate(zip(state.players, lost, strict=True)):
        state.set_player(seat, player.but(revealed=tuple(revealed), out=not state.hands[seat]))
        state.set_aside(seat, tuple(aside))
        for card in revealed + aside:
            state.deck = without(state.deck, card)
    assert len(state.deck) == 1
    assert holds_chance(G54.view(state, 0), 1, "Reporter") == pytest.approx(3 / 5), "3 Reporters among 5 unseen cards"


def test_rule_bot_is_deterministic_for_a_seed():
    state = table([["Banker", "Director"], ["Guerrilla", "Politician"]], [3, 3])
    view = G54.view(state, 0)
    assert {G54RuleBot(5).choose(view) for _ in range(5)} == {G54RuleBot(5).choose(view)}


def test_random_bot_also_finishes_g54_games():
    config = G54Config(players=5, selection="advanced")
    for seed in derive_seeds(4, 10):
        bots = [RandomBot(s) for s in derive_seeds(seed, 5)]
        assert play_game(G54, config, seed, bots).winner in range(5)


@pytest.mark.parametrize("roles", ["first", "random", "advanced", "crime-boss,capitalist,writer,lawyer,missionary"])
def test_sim_plays_g54_with_each_role_selection(capsys, roles):
    argv = ["sim", "--game", "g54", "--players", "3", "--games", "6", "--seed", "2", "--roles", roles, "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "g54" and summary["games"] == 6 and sum(summary["wins"].values()) == 6


def test_sim_names_crime_boss_either_way_and_rejects_bad_sets(capsys):
    base = ["sim", "--game", "g54", "--games", "2", "--json", "--roles"]
    assert main([*base, "crime_boss,banker,director,lawyer,priest"]) == 0
    capsys.readouterr()
    assert main([*base, "banker,farmer,director,lawyer,priest"]) == 2
    assert "1 Finance" in capsys.readouterr().err
    assert main([*base, "banker,brain,director,lawyer,priest"]) == 2
    assert "unknown role 'brain'" in capsys.readouterr().err
    assert main(["sim", "--game", "coup", "--roles", "first", "--games", "1"]) == 2


SPIES = ("Spy", "Director", "Judge", "Customs Officer", "Foreign Consular")


def test_rule_bot_does_not_take_income_turn_after_turn_when_a_better_action_is_safe():
    """Its Judge would be blocked (everyone claims Judge), its Director would draw for a hand already strong: Income is
    the best of what it holds, but after a few Incomes a person claims the Spy (a coin and another action)."""
    state = table(
        [["Director", "Judge"], ["Judge", "Customs Officer"], ["Judge", "Foreign Consular"]], [1, 2, 2], SPIES
    )
    for seat in (1, 2):
        state.set_player(seat, state.players[seat].claiming("Judge"))
    bot, moves = G54RuleBot(3), []
    for turn in range(4):
        state.turn = turn * 3
        moves.append(bot.choose(G54.view(state, 0)).kind)
    assert moves == ["income", "income", "income", "spy"]


def test_rule_bot_takes_income_on_while_nothing_better_is_safe():
    """With every Spy face up there is no coin to claim: Income stays the move, however long the run."""
    state = table(
        [["Director", "Judge"], ["Judge", "Customs Officer"], ["Judge", "Foreign Consular"]], [1, 2, 2], SPIES
    )
    for seat, player in enumerate(state.players):
        state.set_player(seat, player.claiming("Judge") if seat else player)
        state.set_player(seat, state.players[seat].but(revealed=(*player.revealed, "Spy")))
        state.deck = without(state.deck, "Spy")
    bot = G54RuleBot(3)
    for turn in range(6):
        state.turn = turn * 3
        assert bot.choose(G54.view(state, 0)) == Move("income")


def test_rule_bots_income_runs_stay_short_where_a_better_action_exists():
    longest, needless = g54_income_streaks(40, seed=3)
    assert needless <= 4, (longest, needless)
