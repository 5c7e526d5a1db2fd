"""A table: one authoritative game, its seats (a person or a bot each) and its record, on asyncio.

Bots answer one at a time, clockwise from the active seat, after a short visible "thinking"
delay; their search runs in a worker thread so the event loop stays free."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.bots import Bot, make_bot
from core.cards.events import Event, visible_to
from core.game import get_game
from core.records import Record
from core.sim import derive_seeds
from netplay.storage import save_record

log = logging.getLogger(__name__)
Listener = Callable[[list[Event]], None]


class LocalTable:
    """A game played in this process: one seat is the local person, the others bots."""

    def __init__(
        self,
        game_name: str,
        config: Any,
        seed: int,
        bots: dict[int, str],
        seat: int = 0,
        bot_delay: float = 0.5,
        save_records: bool = True,
    ) -> None:
        self.game = get_game(game_name)
        self.config, self.seed, self.seat = config, seed, seat
        self.state = self.game.new(config, seed)
        self.record = Record(self.game.name, config.to_dict(), seed)
        bot_seeds = derive_seeds(seed, config.players)
        self.bots: dict[int, Bot] = {s: make_bot(name, bot_seeds[s]) for s, name in bots.items()}
        self.bot_delay = bot_delay
        self.save_records = save_records
        self.record_path: Path | None = None
        self.events: list[Event] = self._opening_events()
        self.thinking: int | None = None
        self.error: str | None = None
        self._listeners: list[Listener] = []
        self._task: asyncio.Task[None] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return tuple(p.name for p in self.state.players)

    def view(self) -> Any:
        """The local seat's view."""
        return self.game.view(self.state, self.seat)

    def subscribe(self, listener: Listener) -> None:
        """Call listener with the new visible events after every change."""
        self._listeners.append(listener)

    def start(self) -> None:
        """Let the bots play until the local seat owes a decision."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run_bots())

    def submit(self, move: Any, seat: int | None = None) -> None:
        """Play move for seat (default: the local seat); IllegalMove leaves everything as it was."""
        self.apply_move(self.seat if seat is None else seat, move)
        self.start()

    async def settled(self) -> None:
        """Wait until the bots have nothing more to do (for tests and self-play)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    def close(self) -> None:
        """Stop the bots."""
        if self._task is not None:
            self._task.cancel()

    def _opening_events(self) -> list[Event]:
        """The first turn's announcement (the engine announces every later turn itself)."""
        if self.state.window != "action":
            return []
        return [Event("turn", self.state.active, amount=self.state.turn)]

    def apply_move(self, seat: int, move: Any) -> None:
        """Apply move for seat and tell the listeners, without waking the bots."""
        self.state, events = self.game.apply(self.state, seat, move)
        self.record.add(seat, move)
        seen = visible_to(events, self.seat)
        self.events.extend(seen)
        if self.game.result(self.state) is not None and self.save_records:
            try:
                self.record_path = save_record(self.record)
            except OSError as error:
                log.warning("could not save the game record: %s", error)
        self._notify(seen)

    def _notify(self, events: list[Event]) -> None:
        for listener in list(self._listeners):
            listener(events)

    async def _run_bots(self) -> None:
        try:
            while self.game.result(self.state) is None:
                seat = next((s for s in self.game.to_act(self.state) if s in self.bots), None)
                if seat is None:
                    return
                version = self.state.version
                self.thinking = seat
                self._notify([])
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                if self.state.version != version:
                    continue
                view = self.game.view(self.state, seat)
                move = await asyncio.to_thread(self.bots[seat].choose, view)
                if self.state.version == version:
                    self.apply_move(seat, move)
        except Exception as error:  # a bot bug must not freeze the table silently
            log.exception("bot failed")
            self.error = f"a computer opponent failed: {error}"
        finally:
            self.thinking = None
            self._notify([])
