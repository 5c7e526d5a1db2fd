"""Headless self-play: bots play whole games against each other, deterministically from a seed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.game import Bot, Game
from core.records import Record
from core.registry import game_spec
from core.rng import draws, seed_state

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
    return [number >> 1 for number in draws(seed_state(seed), count)]


class Tally:
    """Wins per bot level and per seat, decisions and turns over a series of games."""

    def __init__(self, game: str, seed: int, bot_names: Sequence[str]) -> None:
        if not bot_names:
            raise ValueError("name one bot per seat")
        self.game, self.seed, self.bot_names = game, seed, list(bot_names)
        self.wins: Counter[str] = Counter({name: 0 for name in bot_names})
        self.seat_wins = [0] * len(bot_names)
        self.games = self.decisions = self.turns = 0

    def add(self, winner: int, turns: int, decisions: int) -> None:
        """Count one finished game."""
        self.wins[self.bot_names[winner]] += 1
        self.seat_wins[winner] += 1
        self.games += 1
        self.turns += turns
        self.decisions += decisions

    def summary(self) -> dict[str, Any]:
        """games, decisions, wins per bot name, wins per seat, mean turns."""
        return {
            "game": self.game,
            "players": len(self.bot_names),
            "games": self.games,
            "seed": self.seed,
            "bots": self.bot_names,
            "decisions": self.decisions,
            "wins": dict(self.wins),
            "seat_wins": self.seat_wins,
            "mean_turns": self.turns / self.games if self.games else 0.0,
        }


def check_lineup(players: int, bot_names: Sequence[str]) -> None:
    """One bot per seat, or a clear error."""
    if len(bot_names) != players:
        raise ValueError(f"{len(bot_names)} bots named for {players} players")


def run_sim(
    game_name: str,
    players: int,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play games bot games and summarise them (see Tally.summary); options go into the config
    (e.g. {"inquisitor": True})."""
    check_lineup(players, bot_names)
    spec = game_spec(game_name)
    game = spec.engine
    names = tuple(f"{name} {seat + 1}" for seat, name in enumerate(bot_names))
    config = game.load_config({**(options or {}), "players": players, "names": list(names)})
    tally = Tally(game_name, seed, bot_names)
    finals = []
    for game_seed in derive_seeds(seed, games):
        bot_seeds = derive_seeds(game_seed, players)
        bots = [spec.make_bot(name, s) for name, s in zip(bot_names, bot_seeds, strict=True)]
        outcome = play_game(game, config, game_seed, bots)
        tally.add(outcome.winner, outcome.turns, outcome.decisions)
        finals.append(outcome.state)
    summary = tally.summary()
    summary.update(spec.summarize(summary, finals))
    return summary
