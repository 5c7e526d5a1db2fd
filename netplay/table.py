"""A table: one authoritative game, its seats (a person or a bot each), listeners, timers and record.

Bots answer one at a time, clockwise from the active seat, after a short visible "thinking"
delay; their choice runs in a worker thread so the event loop stays free, and a bot that searches
(the expert) in the one search thread, so any number of them take one core's share of the
interpreter, never the event loop's. The same table serves local play (LocalTable, one person) and
the host (any number of people)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from core.game import Bot, IllegalMove, waited_on
from core.records import Record
from core.registry import game_spec
from core.sim import derive_seeds
from netplay.codec import view_to_plain
from netplay.storage import save_record

log = logging.getLogger(__name__)
NOT_PLAYED, CONNECTION = "Not played", "Connection"  # the kinds of trouble a table tells: a move refused; the host
Listener = Callable[[list[Any]], None]
SEARCHES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coup-search")  # every table's searching bots


def worker_for(bot: Bot) -> Executor | None:
    """Where bot's choice runs: the search thread for a bot that searches, else the loop's default workers (a rule
    bot never waits behind a search)."""
    return SEARCHES if getattr(bot, "searches", False) else None


def now() -> float:
    """The running event loop's clock, or 0 outside one (positions built in tests)."""
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:
        return 0.0


class StaleMove(IllegalMove):
    """A move made against a window that has closed since."""


class Table:
    """A game and its seats; listeners each hear what one seat (None: a spectator) may see."""

    def __init__(
        self,
        game_name: str,
        config: Any,
        seed: int,
        bots: dict[int, str],
        bot_delay: float = 0.5,
        save_records: bool = True,
        response_timeout: float | None = None,
    ) -> None:
        self.spec = game_spec(game_name)
        self.game = self.spec.engine
        self.config, self.seed = config, seed
        self.state = self.game.new(config, seed)
        self.record = Record(self.game.name, config.to_dict(), seed)
        self.bot_seeds = derive_seeds(seed, config.players)
        self.bots: dict[int, Bot] = {s: self._seated_bot(name, s) for s, name in bots.items()}
        self.bot_delay = bot_delay
        self.save_records = save_records
        self.response_timeout = response_timeout
        self.record_path: Path | None = None
        self.thinking: int | None = None
        self.error: str | None = None
        self.deadline: float | None = None
        self.window_opened = self.state.version
        self.window_since = now()  # when the open window opened, by the event loop's clock
        self._thought_in: int | None = None  # the window in which a bot took its thinking time (the others need none)
        self.clocked: set[int] = set()  # seats the clock answered for since they last answered themselves
        self.on_move: Callable[[int, Any], None] | None = None
        self.on_timeout: Callable[[int], None] | None = None  # told before the rule bot answers for a late seat
        self._listeners: list[tuple[int | None, Listener]] = []
        self._bot_task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._timer_window = -1  # the window (by the version that opened it) the running timer is for
        self.paused = False  # nobody plays or watches for now: neither the bots nor the clock move the game

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self.game.names(self.state)

    def over(self) -> bool:
        """True once the game has a winner."""
        return self.game.result(self.state) is not None

    def view(self, seat: int | None) -> Any:
        """What seat (None: a spectator) may know now."""
        return self.game.view(self.state, seat)

    def wire_view(self, seat: int | None) -> Any:
        """seat's view as an update carries it (plain data, without what the client derives)."""
        return view_to_plain(self.spec.name, self.state, seat)

    def opening_events(self, seat: int | None) -> list[Any]:
        """The events announcing the game that seat may see (the engine announces every later turn itself)."""
        return [e for e in self.game.opening_events(self.state) if self.game.sees(e, seat)]

    def subscribe(self, listener: Listener, seat: int | None) -> Callable[[], None]:
        """Call listener with the events seat may see after every change; returns an unsubscribe."""
        entry = (seat, listener)
        self._listeners.append(entry)
        return lambda: self._listeners.remove(entry) if entry in self._listeners else None

    def start(self) -> None:
        """Let the bots play until a person owes a decision (not while paused)."""
        if self.paused:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())
        self._arm_timer()

    def pause(self) -> None:
        """Hold the game where it is: the bots stop before their next move and the clock stops (it starts afresh on
        resume)."""
        self.paused = True
        self._arm_timer()

    def resume(self) -> None:
        """Let the game go on after a pause."""
        if self.paused:
            self.paused = False
            self.start()

    def submit(self, seat: int, move: Any, version: int | None = None) -> None:
        """Play move for seat; a version older than the open window is refused as stale. Refused
        moves (IllegalMove) leave everything as it was."""
        if version is not None and version > self.state.version:
            raise StaleMove(f"move made at version {version}, but the game is only at version {self.state.version}")
        if version is not None and version < self.window_opened:
            raise StaleMove(f"move made at version {version}; the open window began at {self.window_opened}")
        self.apply_move(seat, move)
        self.clocked.discard(seat)
        self.start()

    def apply_move(self, seat: int, move: Any) -> None:
        """Apply move for seat and tell the listeners, without waking the bots."""
        before = self.state
        self.state, events = self.game.apply(self.state, seat, move)
        if not self.game.same_window(before, self.state):
            self.window_opened = self.state.version
            self.window_since = now()
        self.record.add(seat, move)
        if self.on_move is not None:
            self.on_move(seat, move)
        if self.over() and self.save_records:
            try:
                self.record_path = save_record(self.record)
            except OSError as error:
                log.warning("could not save the game record: %s", error)
        self._arm_timer()  # so the update that opens a window already carries its deadline
        self._notify(events)

    def set_bot(self, seat: int, level: str | None) -> None:
        """Give seat to a bot of level (None: back to a person)."""
        if level is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = self._seated_bot(level, seat)

    def _seated_bot(self, level: str, seat: int) -> Bot:
        """A bot of level for seat: people wait on it, so one that searches stops in time (core.game.waited_on)."""
        return waited_on(self.spec.make_bot(level, self.bot_seeds[seat]), time.perf_counter)

    async def settled(self) -> None:
        """Wait until the bots have nothing more to do (for tests and self-play)."""
        while self._bot_task is not None and not self._bot_task.done():
            await asyncio.shield(self._bot_task)

    def close(self) -> None:
        """Stop the bots and the timer."""
        if self._bot_task is not None:
            self._bot_task.cancel()
        if self._timer is not None:
            self._timer.cancel()

    def _notify(self, events: list[Any]) -> None:
        for seat, listener in list(self._listeners):
            try:
                listener([e for e in events if self.game.sees(e, seat)])
            except Exception:
                log.exception("a listener failed")

    def _arm_timer(self) -> None:
        """Start the response clock when a person owes an answer in a new window."""
        if self.response_timeout is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # positions built outside a loop (tests) have no clock
            return
        people_owe = any(s not in self.bots for s in self.game.to_act(self.state))
        if not people_owe or self.over() or self.paused:
            if self._timer is not None:
                self._timer.cancel()
            self._timer, self.deadline = None, None
            return
        if self._timer is not None and self.deadline is not None and self._timer_window == self.window_opened:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer_window = self.window_opened
        self.deadline = loop.time() + self.response_timeout
        self._timer = loop.call_later(self.response_timeout, self._expire, self.window_opened)

    def _expire(self, window: int) -> None:
        """Time is up: the rule bot answers for every person who still owes in that window."""
        self._timer, self.deadline = None, None
        while not self.over() and self.window_opened == window:
            late = [s for s in self.game.to_act(self.state) if s not in self.bots]
            if not late:
                break
            seat = late[0]
            move = self.spec.make_bot("rule", self.bot_seeds[seat] + self.state.version).choose(self.view(seat))
            log.info("seat %s timed out; the rule bot answers %s", seat, move)
            self.clocked.add(seat)
            if self.on_timeout is not None:
                self.on_timeout(seat)
            self.apply_move(seat, move)
        self.start()

    async def _run_bots(self) -> None:
        try:
            while not self.over() and not self.paused:
                seat = next((s for s in self.game.to_act(self.state) if s in self.bots), None)
                if seat is None:
                    return
                version, window = self.state.version, self.window_opened
                self.thinking = seat
                self._notify([])
                if self.bot_delay and self._thought_in != window:  # the bots owing one window think at once
                    await asyncio.sleep(self.bot_delay)
                    self._thought_in = window
                if self.state.version != version or seat not in self.bots or self.paused:
                    continue
                bot = self.bots[seat]
                move = await asyncio.get_running_loop().run_in_executor(worker_for(bot), bot.choose, self.view(seat))
                if self.state.version == version and seat in self.bots and not self.paused:  # (or taken back)
                    self.thinking = None
                    self.apply_move(seat, move)
        except Exception as error:  # a bot bug must not freeze the table silently
            log.exception("bot failed")
            self.error = f"a computer opponent failed: {error}"
        finally:
            self.thinking = None
            self._notify([])


class LocalTable:
    """The table as the screens see it: one seat is the local person (the rest bots)."""

    remote = False
    coach = True  # a game on this machine: its player may ask the coach (h), from its own view only

    def __init__(self, table: Table, seat: int = 0) -> None:
        self.table = table
        self.seat = seat
        self.events: list[Any] = self.table.opening_events(seat)
        self.table.subscribe(self.events.extend, seat)

    game = property(lambda self: self.table.game)
    state = property(lambda self: self.table.state)
    config = property(lambda self: self.table.config)
    seed = property(lambda self: self.table.seed)
    record = property(lambda self: self.table.record)
    record_path = property(lambda self: self.table.record_path)
    names = property(lambda self: self.table.names)
    thinking = property(lambda self: self.table.thinking)
    error = property(lambda self: self.table.error)
    error_title = NOT_PLAYED  # (a local table has no host to lose)
    deadline = property(lambda self: self.table.deadline)
    window_opened = property(lambda self: self.table.window_opened)
    label = property(lambda self: f"seed {self.table.seed}")

    def again(self, seed: int) -> LocalTable:
        """A new game of the same set-up, seats and computer opponents, dealt from seed."""
        old = self.table
        table = Table(old.spec.name, old.config, seed, self.levels(), old.bot_delay, old.save_records)
        return LocalTable(table, self.seat)

    def levels(self) -> dict[int, str]:
        """The bot level of each bot seat (to play again with the same opponents)."""
        return {seat: bot.name for seat, bot in self.table.bots.items()}

    def played_here(self) -> frozenset[int]:
        """The seats people play at this keyboard: every seat but the bots' (more than one: hot-seat)."""
        return frozenset(range(self.table.config.players)) - set(self.table.bots)

    def winner(self) -> int | None:
        """The winning seat, once the game is over."""
        return self.table.game.result(self.table.state)

    def view(self) -> Any:
        """The local seat's view."""
        return self.table.view(self.seat)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call listener with the local seat's new events after every change; returns an unsubscribe."""
        return self.table.subscribe(listener, self.seat)

    def start(self) -> None:
        """Let the bots play until the local seat owes a decision."""
        self.table.start()

    def submit(self, move: Any) -> None:
        """Play move for the local seat."""
        self.table.submit(self.seat, move)

    def view_as(self, seat: int | None) -> Any:
        """Another seat's view (one keyboard playing several seats: hot-seat and solo play)."""
        return self.table.view(seat)

    def submit_as(self, seat: int, move: Any) -> None:
        """Play move for another seat played at this keyboard (hot-seat and solo play)."""
        self.table.submit(seat, move)

    def set_bot_delay(self, seconds: float) -> None:
        """How long each computer opponent 'thinks' from its next move on (the player's bot pace)."""
        self.table.bot_delay = seconds

    def apply_move(self, seat: int, move: Any) -> None:
        """Apply a move for any seat without waking the bots (tests build positions with it)."""
        self.table.apply_move(seat, move)

    async def settled(self) -> None:
        """Wait until the bots are done."""
        await self.table.settled()

    def close(self) -> None:
        """Stop the bots."""
        self.table.close()
