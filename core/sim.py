"""Headless self-play: bots play whole games against each other, deterministically from a seed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.bots import Bot, make_bot
from core.game import Game, get_game
from core.records import Record
from core.rng import next_u64, seed_state

MAX_DECISIONS = 100_000


@dataclass
class GameOutcome:
    """One finished self-play game."""

    record: Record
    state: Any
    winner: int
    decisions: int
    turns: int


def play_game(game: Game, config: Any, seed: int, bots: Sequence[Bot]) -> GameOutcome:
    """Play one game to the end; in a window several seats owe, they answer in clockwise order
    from the active seat, so the first challenge or block in that order wins the window."""
    state = game.new(config, seed)
    record = Record(game.name, config.to_dict(), seed)
    decisions = 0
    while (winner := game.result(state)) is None:
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end after {MAX_DECISIONS} decisions")
        seat = game.to_act(state)[0]
        move = bots[seat].choose(game.view(state, seat))
        state, _ = game.apply(state, seat, move)
        record.add(seat, move)
        decisions += 1
    return GameOutcome(record, state, winner, decisions, state.turn)


def derive_seeds(seed: int, count: int) -> list[int]:
    """count independent seeds drawn from seed."""
    rng = seed_state(seed)
    seeds = []
    for _ in range(count):
        rng, value = next_u64(rng)
        seeds.append(value >> 1)
    return seeds


def run_sim(game_name: str, players: int, games: int, seed: int, bot_names: Sequence[str]) -> dict[str, Any]:
    """Play games bot games and summarise them: games, decisions, wins per bot name, mean turns."""
    if len(bot_names) != players:
        raise ValueError(f"{len(bot_names)} bots named for {players} players")
    game = get_game(game_name)
    names = tuple(f"{name} {seat + 1}" for seat, name in enumerate(bot_names))
    config = game.load_config({"players": players, "names": list(names)})
    wins: Counter[str] = Counter({name: 0 for name in bot_names})
    seat_wins = [0] * players
    decisions = turns = 0
    for game_seed in derive_seeds(seed, games):
        bot_seeds = derive_seeds(game_seed, players)
        bots = [make_bot(name, s) for name, s in zip(bot_names, bot_seeds, strict=True)]
        outcome = play_game(game, config, game_seed, bots)
        wins[bot_names[outcome.winner]] += 1
        seat_wins[outcome.winner] += 1
        decisions += outcome.decisions
        turns += outcome.turns
    return {
        "game": game_name,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": list(bot_names),
        "decisions": decisions,
        "wins": dict(wins),
        "seat_wins": seat_wins,
        "mean_turns": turns / games if games else 0.0,
    }
