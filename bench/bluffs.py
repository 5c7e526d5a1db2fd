"""How the rule bots play as a person sees them: how often each kind of claim is a bluff in 4-player self-play, how
their strength holds against random bots, and the habits a player notices (one-sided Reformation tables,
conversions back and forth, G54 Income streaks)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from core.cards.engine import COUP, REFORMATION
from core.cards.g54.config import G54Config
from core.cards.g54.engine import G54
from core.cards.g54.rule_bot import G54RuleBot
from core.cards.moves import Move
from core.cards.rules import ACTIONS
from core.cards.state import CoupConfig, CoupState
from core.registry import make_bot
from core.sim import derive_seeds, play_game, run_sim

PLAYERS = 4
MIN_CLAIMS = 30  # a claim kind made fewer times than this says nothing about a rate
MAX_TURNS_APART = 4  # a conversion undone by its target within this many turns is a flip-flop


def claim_kind(state: CoupState, move: Move) -> tuple[str, str] | None:
    """The claim move makes in state, as (what it is for, the card said), or None for a move that claims nothing."""
    if move.kind == "block" and state.pending is not None and move.card is not None:
        return f"block {state.pending.kind}", move.card
    action = ACTIONS.get(move.kind)
    if state.window == "action" and action is not None and action.claim is not None:
        return move.kind, action.claim
    return None


def bluff_rates(games: int, seed: int = 11) -> dict[str, float]:
    """For each kind of claim in rule-bot self-play (4 players, Coup), the share made without the card."""
    made: Counter[str] = Counter()
    bluffs: Counter[str] = Counter()
    config = CoupConfig(players=PLAYERS)
    for game_seed in derive_seeds(seed, games):
        bots = [make_bot("coup", "rule", s) for s in derive_seeds(game_seed, PLAYERS)]
        state = COUP.new(config, game_seed)
        while COUP.result(state) is None:
            seat = COUP.to_act(state)[0]
            move = bots[seat].choose(COUP.view(state, seat))
            claim = claim_kind(state, move)
            if claim is not None:
                key = f"{claim[0]}: {claim[1]}"
                made[key] += 1
                bluffs[key] += claim[1] not in state.hands[seat]
            state, _ = COUP.apply(state, seat, move)
    return {key: round(bluffs[key] / made[key], 3) for key in sorted(made) if made[key] >= MIN_CLAIMS}


def win_rate_against_random(games: int, seed: int = 1) -> float:
    """The rule bot's share of wins at a 4-player Coup table with three random bots."""
    summary = run_sim("coup", PLAYERS, games, seed, ["rule", "random", "random", "random"], {})
    wins: int = summary["wins"]["rule"]
    return round(wins / games, 3)


def reformation_habits(games: int, players: int = 10, seed: int = 5) -> dict[str, float]:
    """In rule-bot Reformation self-play: the share of turns, with 4 or more players alive, where the smaller side holds
    under a quarter of them (everyone piled onto one side, the few left everyone's only target), and conversions
    undone by their target within a few turns, per game."""
    lopsided = turns = flip_flops = 0
    config = REFORMATION.load_config({"players": players})
    for game_seed in derive_seeds(seed, games):
        bots = [make_bot("reformation", "rule", s) for s in derive_seeds(game_seed, players)]
        state = REFORMATION.new(config, game_seed)
        converted: dict[tuple[int, int], int] = {}  # (converter, target) -> turn
        while REFORMATION.result(state) is None:
            seat = REFORMATION.to_act(state)[0]
            move = bots[seat].choose(REFORMATION.view(state, seat))
            if move.kind == "convert" and move.target is not None and move.target != seat:
                back = converted.get((move.target, seat))
                flip_flops += back is not None and state.turn - back <= MAX_TURNS_APART
                converted[(seat, move.target)] = state.turn
            living = state.living()
            if state.window == "action" and state.allegiances_chosen() and len(living) >= 4:
                sides = Counter(state.players[s].allegiance for s in living)
                smaller = min(sides.values()) if len(sides) == 2 else 0
                turns += 1
                lopsided += smaller * 4 < len(living)
            state, _ = REFORMATION.apply(state, seat, move)
    return {"lopsided_turns": round(lopsided / max(1, turns), 3), "flip_flops_per_game": round(flip_flops / games, 3)}


def g54_income_streaks(games: int, seed: int = 7) -> tuple[int, int]:
    """In G54 rule-bot self-play (random advanced roles): the longest run of Income turns in a row by one bot, and the
    longest such run ending in an Income taken while a better action was reasonably safe (the rule bot's own
    better_than_income: a role worth a net coin more, or an attack, that no one is expected to block or challenge)."""
    longest = needless = 0
    config = G54Config(players=PLAYERS, selection="advanced")
    judge = G54RuleBot(0)
    for game_seed in derive_seeds(seed, games):
        outcome = play_game(G54, config, game_seed, [make_bot("g54", "rule", s) for s in derive_seeds(game_seed, 4)])
        streak: Counter[int] = Counter()
        state = G54.new(config, game_seed)
        for seat, data in outcome.record.moves:
            move = G54.load_move(data)
            if state.window == "action" and not state.spying:  # a Spy's second action is part of its turn
                streak[seat] = streak[seat] + 1 if move.kind == "income" else 0
                longest = max(longest, streak[seat])
                if streak[seat] and judge.better_than_income(G54.view(state, seat)) is not None:
                    needless = max(needless, streak[seat])
            state, _ = G54.apply(state, seat, move)
    return longest, needless


def measure(quick: bool) -> dict[str, Any]:
    """Bluff rates per claim, the worst of them, the win rate against three random bots, the bots' habits."""
    rates = bluff_rates(60 if quick else 600)
    for key, rate in rates.items():
        print(f"  bluffed {rate:6.1%}  {key}")
    worst = max(rates.values(), default=0.0)
    win_rate = win_rate_against_random(200 if quick else 2_000)
    habits = reformation_habits(10 if quick else 100)
    streak, needless = g54_income_streaks(30 if quick else 300)
    print(f"  most bluffed claim: {worst:.1%}; rule vs 3 random: {win_rate:.1%} of wins")
    lopsided, flips = habits["lopsided_turns"], habits["flip_flops_per_game"]
    print(f"  Reformation: lopsided {lopsided:.1%} of turns, {flips} conversions undone a game")
    print(f"  G54: longest Income streak {streak}; where a better action existed {needless} (target: at most 4)")
    return {
        "rule_bot_bluff_rates": rates,
        "rule_bot_bluff_rate_max": worst,
        "rule_vs_3_random_win_rate": win_rate,
        "reformation_lopsided_turns": habits["lopsided_turns"],
        "reformation_flip_flops_per_game": habits["flip_flops_per_game"],
        "g54_rule_longest_income_streak": streak,
        "g54_rule_longest_needless_income_streak": needless,
    }
