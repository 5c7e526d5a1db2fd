"""The one small interface every game implements, and how a game describes itself (its GameSpec)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast


class IllegalMove(ValueError):
    """A move that is not legal for that seat now; the state it was applied to is unchanged."""


class Game(Protocol):
    """What host, bots, records, replays and screens need from a game's engine."""

    name: str

    def load_config(self, data: Any) -> Any:
        """The config in plain data (a record's or the wire's); ValueError if malformed."""

    def load_move(self, data: Any) -> Any:
        """The move in plain data; ValueError if malformed."""

    def new(self, config: Any, seed: int) -> Any:
        """A fresh state for config, every later random draw coming from seed."""

    def to_act(self, state: Any) -> tuple[int, ...]:
        """The seats that owe a decision now, clockwise from the active seat."""

    def legal(self, state: Any, seat: int) -> tuple[Any, ...]:
        """Every move seat may make now (empty when it owes nothing)."""

    def apply(self, state: Any, seat: int, move: Any) -> tuple[Any, list[Any]]:
        """The new state and the events of seat playing move; raises IllegalMove."""

    def view(self, state: Any, seat: int | None) -> Any:
        """What seat (None: a spectator) may know, nothing more."""

    def result(self, state: Any) -> int | None:
        """The winning seat, or None while the game goes on."""

    def opening_events(self, state: Any) -> list[Any]:
        """The events that announce a fresh game (shown before any move; [] once a move was made)."""

    def sees(self, event: Any, seat: int | None) -> bool:
        """Whether seat (None: a spectator) may see event."""

    def same_window(self, before: Any, after: Any) -> bool:
        """Whether after still has open the decision window that before had (a window owed by several seats,
        which one seat answered); moves made against a window that has closed since are stale."""

    def names(self, state: Any) -> tuple[str, ...]:
        """The players' names, by seat, read from a state or from any seat's view (a network client has only views)."""

    def open_view(self, state: Any) -> Any:
        """Everything about state as a replay shows it once the game is over (every hand face up)."""


class Bot(Protocol):
    """A computer opponent: given its seat's view, pick one of view.legal."""

    name: str

    def choose(self, view: Any) -> Any:
        """One of view.legal."""


class SearchingBot(Bot, Protocol):
    """A bot that searches (the expert): long on the CPU, so a host runs it in its one search thread; where a person
    waits on it, told to stop by a clock as well as by its budget of work."""

    searches: bool

    def limit(self, clock: Callable[[], float]) -> None:
        """Stop each search by clock too, within the bot's own time for a decision."""


def waited_on(bot: Bot, clock: Callable[[], float]) -> Bot:
    """bot where a person waits on its decisions (a table's seat, `coup bot`): one that searches stops by clock too."""
    if getattr(bot, "searches", False):
        cast(SearchingBot, bot).limit(clock)
    return bot


class GameText(Protocol):
    """The sentences of a game: its events, the situation line, move labels and who is awaited."""

    def describe(self, event: Any, names: tuple[str, ...], viewer: int | None) -> str | None:
        """event as a sentence for viewer (None: nothing worth a line)."""

    def situation(self, view: Any) -> str:
        """One line saying what the game is waiting for."""

    def move_label(self, move: Any, view: Any) -> str:
        """move as a short label."""

    def waiting_for(self, view: Any) -> str:
        """Whom the game waits for."""


Summary = Callable[[dict[str, Any], Sequence[Any]], dict[str, Any]]


def no_summary(summary: dict[str, Any], finals: Sequence[Any]) -> dict[str, Any]:
    """A game whose self-play summary needs nothing beyond wins, decisions and turns."""
    return {}


@dataclass(frozen=True)
class Flag:
    """A command-line option of a game's self-play (`coup sim --NAME`): its help, and how the value given reads as
    config options. switch: a yes/no flag (--NAME / --no-NAME); choices: the words it takes; number: a whole
    number; otherwise free text."""

    name: str
    help: str
    read: Callable[[Any], dict[str, Any]]
    switch: bool = False
    choices: tuple[str, ...] = ()
    number: bool = False


def no_option_words(options: Mapping[str, Any]) -> list[str]:
    """A game whose options a lobby need not spell out."""
    return []


def whole_view(view: Any) -> Any:
    """A game whose views cross the wire whole: nothing in them is left for a client to derive."""
    return view


WireView = Callable[[Any, int | None], Any]


@dataclass(frozen=True)
class GameSpec:
    """A game, described once: its registry name and title, the table sizes it allows, its engine, the types of
    its views and events (to decode them from the wire), its computer opponents by level, its sentences, and what
    a self-play summary adds for it. sides names the seats when they are fixed sides (the wargame's), else ();
    option_words says a table's options in a few words (for a lobby); flags are its self-play options.
    wire_view, if a game has one, gives seat's view of a state as the wire carries it, leaving out what a client
    can derive from the rest (the wargame's legal moves, up to two thousand), so the host never works that out;
    restore_view rebuilds it on the client: restore_view(wire_view(state, seat)) == engine.view(state, seat).
    tagline says what the game is about in one line (under the menu's title)."""

    name: str
    title: str
    player_counts: tuple[int, ...]
    engine: Game
    view_type: type
    event_type: type
    bots: Mapping[str, Callable[[int], Bot]]
    text: GameText | None = None
    sides: tuple[str, ...] = ()
    summarize: Summary = field(default=no_summary)
    option_words: Callable[[Mapping[str, Any]], list[str]] = field(default=no_option_words)
    flags: tuple[Flag, ...] = ()
    wire_view: WireView | None = None
    restore_view: Callable[[Any], Any] = field(default=whole_view)
    tagline: str = ""

    def make_bot(self, level: str, seed: int) -> Bot:
        """A fresh bot of level for this game, its own choices drawn from seed."""
        try:
            return self.bots[level](seed)
        except KeyError:
            raise ValueError(f"unknown bot {level!r} for {self.title}; known: {', '.join(self.bots)}") from None
