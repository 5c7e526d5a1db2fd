"""Game records: (game, config, seed, moves) saved as JSON, and exact replay of them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from core.game import Game, IllegalMove
from core.registry import get_game


@dataclass
class Record:
    """Everything needed to replay a game exactly."""

    game: str
    config: dict[str, Any]
    seed: int
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def add(self, seat: int, move: Any) -> None:
        """Append one applied move."""
        self.moves.append((seat, move.to_dict()))

    def to_json(self) -> str:
        """The record as a JSON document."""
        data = {"game": self.game, "config": self.config, "seed": self.seed, "moves": self.moves}
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """The record in text; ValueError if it is not one."""
        try:
            data = json.loads(text)
            moves = [(int(seat), dict(move)) for seat, move in data["moves"]]
            return cls(str(data["game"]), dict(data["config"]), int(data["seed"]), moves)
        except json.JSONDecodeError as error:
            if error.msg == "Extra data":  # JSON lines: a host's journal of a table, say
                raise ValueError(
                    "not a game record (one JSON document, saved at the end of a game): this file holds several"
                ) from None
            raise ValueError(f"not a game record: {error}") from None
        except KeyError as error:
            raise ValueError(f"not a game record: it has no {error.args[0]!r} field") from None
        except (TypeError, ValueError) as error:
            raise ValueError(f"not a game record: {error}") from None


def replay_states(record: Record) -> Iterator[tuple[Any, list[Any], Any]]:
    """Yield (state, events, game) from the start (with the game's opening events, such as the first turn's heading),
    then after each move; IllegalMove naming the move (by its number, from 1) if one does not apply, in words that
    show no hidden card."""
    game: Game = get_game(record.game)
    state = game.new(game.load_config(record.config), record.seed)
    yield state, game.opening_events(state), game
    for number, (seat, data) in enumerate(record.moves, start=1):
        try:
            state, events = game.apply(state, seat, game.load_move(data))
        except (IllegalMove, KeyError, TypeError, ValueError) as error:
            raise IllegalMove(f"the record does not replay: move {number} (seat {seat}): {error}") from None
        yield state, events, game


def replay(record: Record) -> Any:
    """The final state of record."""
    *_, (state, _, _) = replay_states(record)
    return state
