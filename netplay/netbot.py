"""A computer opponent that plays on a host through the documented protocol, like any client."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.game import Bot, waited_on
from core.registry import GAMES, game_spec, games_played_by, make_bot
from netplay.client import Client, HostError, connect_again
from netplay.codec import to_plain, view_from_plain
from netplay.tally import shown

log = logging.getLogger(__name__)
MOVE_RATE, MOVE_BURST = 25.0, 50.0  # under a host's flood limit (30 messages a second after a burst of 60)
REMATCH_STAY = 120.0  # seconds `coup bot` stays at a finished table for a player to ask for a rematch
START_WAIT = 600.0  # seconds `coup bot` waits at a table for its game to start before it leaves
VOTE_MARGIN = 5.0  # seconds it stays past the end of a rematch vote it is in, to be moved to the new table


class Pace:
    """A token bucket on our own moves: a bot answering at machine speed (a wargame turn is dozens of moves) waits
    rather than be disconnected for flooding."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = burst, time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now

    async def take(self) -> None:
        """Wait until one more move is allowed, and spend it."""
        self._refill()
        if self.tokens < 1:
            await asyncio.sleep((1 - self.tokens) / self.rate)
            self._refill()
        self.tokens -= 1


@dataclass
class BotResult:
    """How the bot's game ended, and its final view."""

    game: str
    winner: int
    turns: int
    decisions: int
    final: Any
    left: frozenset[int] = frozenset()  # seats the computer played to the end after their players left


def plays(level: str, game: object) -> bool:
    """Whether the bot's level plays game (the wargame's levels play no card game)."""
    return isinstance(game, str) and game in GAMES and level in game_spec(game).bots


async def find_open_table(client: Client, level: str) -> str:
    """The first table that has not started, has an open seat and plays a game the bot's level plays."""
    listing = await client.request({"type": "list"})
    for table in listing["tables"]:
        open_seat = not table["started"] and any(s["kind"] == "open" for s in table["seats"])
        if open_seat and plays(level, table.get("game")):
            return str(table["id"])
    raise HostError("no_table", f"no table with an open seat plays a game the {level} bot plays; create one first")


async def refuse_game(client: Client, game: object, level: str) -> None:
    """Leave the table just joined, and say why: the bot's level does not play its game."""
    await client.request({"type": "leave"})
    named = game_spec(game).title if isinstance(game, str) and game in GAMES else shown(game)
    raise HostError("bad_level", f"that table plays {named}; the {level} bot plays {', '.join(games_played_by(level))}")


async def wait_until_full(client: Client, table_id: str, poll: float = 0.02) -> None:
    """Wait until every seat of table_id is taken."""
    while True:
        listing = await client.request({"type": "list"})
        table = next(t for t in listing["tables"] if t["id"] == table_id)
        if all(s["kind"] != "open" for s in table["seats"]):
            return
        await asyncio.sleep(poll)


async def play_bot(
    host: str,
    port: int,
    level: str = "rule",
    seed: int = 0,
    table_id: str | None = None,
    seat: int | None = None,
    name: str | None = None,
    start: bool = False,
    ordered: bool = False,
    stall: float | None = None,
    paced: bool = True,
    credentials: dict[str, Any] | None = None,
    rematch_wait: float | None = None,
    game_over: Callable[[BotResult], None] | None = None,
    seated: Callable[[str], None] | None = None,
    start_wait: float | None = None,
    clock: Callable[[], float] | None = None,
) -> BotResult:
    """Join a table (the first open one if none is named), play until the game ends.
    start: start the table once it is full. ordered: answer a window only when first in turn
    order among those who owe it (self-play uses this to match local self-play exactly).
    stall: give up with a TimeoutError once, seated, we have heard nothing from the host for that many seconds
    (self-play, where every seat answers at once; None waits as long as people take). paced: keep our moves under
    a host's flood limit (off only on a host without one: self-play's private host). credentials: who the bot is
    (a profile); with them, a lost host is tried again with backoff and the seat comes back, as for a person.
    rematch_wait: stay that many seconds after a game for a player to ask for a rematch, accept it and play it
    (and so on); None leaves after one game. game_over is told each game's result as it ends; the last is returned.
    seated is told the table the bot sat at.
    start_wait: leave (HostError not_started) a table whose game nobody starts that many seconds after we sat down.
    clock: where people wait on the bot (`coup bot`), a searching bot's search stops by it as well as by its budget
    (core.game.waited_on); None, by the budget alone (self-play, which plays as local self-play does)."""
    updates: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    client = Client(on_message=updates.put_nowait)
    name = name or f"{level.capitalize()} bot"  # a name starts a sentence in the log
    hello = {**(credentials or {}), "program": level}  # the lobby shows the seat as played by a program
    await client.connect(host, port, name, hello)
    try:
        table_id = table_id or await find_open_table(client, level)
        joined = await client.request({"type": "join", "table": table_id, "seat": seat})
        my_seat = joined["seat"]
        if not plays(level, joined.get("game")):  # before a game it cannot play starts with it seated
            await refuse_game(client, joined.get("game"), level)
        if seated is not None:
            seated(table_id)
        if start:
            await wait_until_full(client, table_id)
            await client.request({"type": "start", "table": table_id})
        answered: int | None = None  # the window (by the version that opened it) already answered
        decisions, version, games = 0, None, 0
        pace = Pace(MOVE_RATE, MOVE_BURST) if paced else None
        bot: Bot | None = None
        result: BotResult | None = None  # the game just over, while a rematch may still come
        left: set[int] = set()  # seats whose players left the game (the host's started message and notices)
        leave_at = 0.0  # when, the game over, the bot leaves unless a rematch is asked for
        give_up = time.monotonic() + (start_wait or 0.0)  # when, the game not started, the bot leaves
        while True:
            wait: float | None
            if result is not None and rematch_wait is not None:
                wait = max(0.0, leave_at - time.monotonic())
            elif bot is None and start_wait is not None:
                wait = max(0.0, give_up - time.monotonic())
            else:
                wait = stall
            try:
                message = await asyncio.wait_for(updates.get(), wait)
            except TimeoutError:
                if result is not None:  # nobody asked for a rematch
                    return result
                if bot is None and start_wait is not None:
                    unstarted = f"nobody started table {table_id} in {start_wait:.0f} s: left it"
                    raise HostError("not_started", unstarted) from None
                raise TimeoutError(
                    f"{name} at seat {my_seat} of table {table_id}: nothing from the host for {stall} s "
                    f"after version {version} (a window nobody answers, or an update the host could not send)"
                ) from None
            while message["type"] == "update" and not updates.empty():
                following = updates.get_nowait()  # act on the latest view only, heeding a lost connection
                if following["type"] in ("update", "closed"):  # chat and notices after it change nothing we do
                    message = following
            if message["type"] == "closed" and client.closed.is_set():
                if credentials is None:
                    raise ConnectionError("the host closed the connection")
                log.warning("lost the host; trying again")
                client = await connect_again((host, port), name, hello, updates.put_nowait)
                answered = None  # a move sent as the connection died may never have arrived: answer again
                continue
            if message["type"] == "error":
                log.warning("host refused a move: %s", shown(message.get("message")))
                continue
            if result is not None and message["type"] == "rematch" and message.get("table") == table_id:
                state = message.get("state")
                if state == "off":
                    return result
                if state == "open":  # stay while the vote is open
                    leave_at = max(leave_at, time.monotonic() + float(message.get("seconds", 0)) + VOTE_MARGIN)
                    if my_seat in message.get("owed", ()):
                        client.send({"type": "rematch", "accept": True})
                continue
            if result is not None and message["type"] == "joined" and message.get("rematch"):  # at the new table
                table_id, my_seat = message["table"], message["seat"]
                answered, bot, decisions = None, None, 0  # a fresh bot for a fresh game
                leave_at = time.monotonic() + (rematch_wait or 0.0)  # a table waiting for players: as after a game
                continue
            if message.get("table") == table_id and message["type"] in ("started", "notice"):
                left |= seats_left(message)
            if message["type"] != "update" or message.get("table") != table_id:
                continue
            game = message["game"]
            view = view_from_plain(game, message["view"])
            version = view.version
            if bot is None:  # the host names the game only once a table is seated
                bot = make_bot(game, level, seed + games)
                if clock is not None:
                    waited_on(bot, clock)
            if view.winner is not None:
                if result is None:
                    result = BotResult(game, view.winner, view.turn, decisions, view, frozenset(left))
                    games += 1
                    if game_over is not None:
                        game_over(result)
                    if rematch_wait is None:
                        return result
                    leave_at = time.monotonic() + rematch_wait
                continue
            result = None  # a game on: the rematch's has started
            window = message.get("window_opened")
            if not view.legal or window == answered or (ordered and view.owed[0] != my_seat):
                continue
            move = await asyncio.to_thread(bot.choose, view)
            answered = window
            decisions += 1
            if pace is not None:
                await pace.take()
            client.send({"type": "move", "version": view.version, "move": to_plain(move)})
    finally:
        await client.close()


def seats_left(message: dict[str, Any]) -> set[int]:
    """The seats a started message or a notice says the computer plays since their players left the game."""
    if message["type"] == "started":
        return {s for s in message.get("left", ()) if isinstance(s, int)}
    seat = message.get("seat")
    return {seat} if message.get("code") == "left" and isinstance(seat, int) else set()


def winner_words(result: BotResult) -> str:
    """Who won, by name ("this bot" when it did; the computer in a seat whose player left, as such)."""
    if result.winner == result.final.viewer:
        return "this bot"
    name = game_spec(result.game).engine.names(result.final)[result.winner]
    return f"the computer in {name}'s seat ({name} left)" if result.winner in result.left else name
