"""The expert: weighs each move it may make over deals of the cards it cannot see (drawn from what it believes of
them), playing every deal out to the end with rule bots in every seat, its own included, and plays the move that won
most; where its view does not show the whole state, and between moves that won as often, it plays as the rule bot."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.cards.beliefs import Hands, beliefs
from core.cards.engine import COUP, REFORMATION
from core.cards.g54.engine import G54
from core.cards.g54.rule_bot import G54RuleBot
from core.cards.moves import Move
from core.cards.rule_bot import RuleBot
from core.cards.window_game import WindowGame
from core.cards.worlds import COUP_WINDOWS, G54_WINDOWS, coup_world, g54_world
from core.game import Bot

COUP_NODES, REFORMATION_NODES, G54_NODES = 3500, 2500, 2500
"""Moves played out per decision (each move of every play-out counts one): a budget in work, not in seconds, so the
same seed and budget give the same game on any machine. Each game's is about as much as one core of a 2-core machine
plays out in 200 ms at p99 on a good day (make bench): Reformation's and G54's moves cost more to play out than Coup's.
At a table the clock stops the longest searches as well (LIVE_SECONDS).
Coup's strength rides on it: against three rule bots over 2,000 games of 4-player Coup, 2,500 nodes won 38.0% and
3,500 won 42.8%."""
LIVE_SECONDS = 0.17
"""Where a person waits on the expert (a table's seat, `coup bot`), its search stops after this long as well: deals are
played out whole, so a decision ends within about 200 ms whatever the machine's pace; the budget of nodes alone (a
seeded game, a bench's series) keeps a game the same for a seed."""
LONGEST = 600
"""A play-out still going after this many moves counts as lost (rule bots end a game in far fewer)."""


@dataclass(frozen=True)
class Search:
    """What the expert needs of a game: its engine (any of the game's engines plays a state the same way), its rule
    bot, how a view and a deal make a state, the windows where they can, and its budget of nodes a decision."""

    engine: WindowGame
    rule_bot: Callable[[int], Bot]
    world: Callable[[Any, Hands, list[str], int], Any]
    windows: tuple[str, ...]
    nodes: int


COUP_SEARCH = Search(COUP, RuleBot, coup_world, COUP_WINDOWS, COUP_NODES)
REFORMATION_SEARCH = Search(REFORMATION, RuleBot, coup_world, COUP_WINDOWS, REFORMATION_NODES)
G54_SEARCH = Search(G54, G54RuleBot, g54_world, G54_WINDOWS, G54_NODES)
SEARCHES = {"coup": COUP_SEARCH, "reformation": REFORMATION_SEARCH, "g54": G54_SEARCH}
"""The games the expert plays, by registry name."""


FEW_DEALS = 30
"""Fewer deals than this give no odds worth a percentage: over 30, a win rate is within about 18 points of the
search's own at 19 times in 20."""


@dataclass(frozen=True)
class Assessment:
    """The expert's move, how many play-outs each legal move won (empty: the rule bot decided) and over how many
    deals."""

    move: Move
    wins: dict[Move, int]
    deals: int

    def odds_told(self) -> bool:
        """Whether the search played out enough deals for its win rates to be told as odds: fewer than FEW_DEALS
        (a big table's play-outs are long, and the budget buys few) swing by tens of points on the luck of a deal."""
        return bool(self.wins) and self.deals >= FEW_DEALS


class ExpertBot:
    """Searches within a budget of nodes (moves played out) per decision, the game's own unless given, its deals and
    play-outs drawn from seed."""

    name = "expert"
    searches = True  # long on the CPU: a host runs it in its one search thread, never beside its other work

    def __init__(self, seed: int, nodes: int | None = None, search: Search = COUP_SEARCH) -> None:
        self.rng = random.Random(seed)
        self.rule = search.rule_bot(seed)
        self.nodes, self.search = search.nodes if nodes is None else nodes, search
        self.clock: Callable[[], float] | None = None
        self.clock_stops = 0  # decisions whose search the clock ended before the budget

    def limit(self, clock: Callable[[], float]) -> None:
        """Stop each search once LIVE_SECONDS have passed on clock, or before a deal that would end past them (one as
        long as the last), as well as at the budget: a search so stopped depends on the machine's pace, so a seed
        gives the same game only while the budget runs out first. Called by the doors where a person waits on it."""
        self.clock = clock

    def choose(self, view: Any) -> Move:
        """One of view.legal."""
        return self.assess(view).move

    def assess(self, view: Any) -> Assessment:
        """The move to play, and what the search found (nothing where the rule bot decides)."""
        advice: Move = self.rule.choose(view)
        if len(view.legal) < 2 or view.window not in self.search.windows or getattr(view, "two_player_variant", False):
            return Assessment(advice, {}, 0)
        wins, deals = self.weigh(view)
        best = max(wins.values())
        move = advice if wins.get(advice) == best else next(m for m in view.legal if wins[m] == best)
        return Assessment(move, wins, deals)

    def weigh(self, view: Any) -> tuple[dict[Move, int], int]:
        """How many play-outs each legal move won, and over how many deals, drawn until the budget is spent or the
        clock (if limit gave one) says stop, one deal at least; every move is played out against the same deals and
        the same bots' draws."""
        clock = self.clock
        deal_began = clock() if clock is not None else 0.0  # (the search's start until the first deal)
        deadline = deal_began + LIVE_SECONDS
        seat, engine = view.viewer, self.search.engine
        belief = beliefs(view)
        wins = dict.fromkeys(view.legal, 0)
        spent = deals = 0
        while spent < self.nodes:
            if clock is not None:
                now = clock()
                if deals and now + (now - deal_began) > deadline:  # the next deal, as long as the last, would end late
                    self.clock_stops += 1
                    break
                deal_began = now
            deals += 1
            hands, rest = belief.sample(self.rng)
            seed = self.rng.getrandbits(62)
            start = self.search.world(view, hands, rest, seed)
            for move in view.legal:
                state, _ = engine.apply(start, seat, move)
                winner, moves = self.play_out(state, seed)
                spent += moves + 1
                wins[move] += winner == seat
        return wins, deals

    def play_out(self, state: Any, seed: int) -> tuple[int | None, int]:
        """The winner of state played to the end by rule bots (None past LONGEST moves), and how many moves it took."""
        engine = self.search.engine
        bots = [self.search.rule_bot(seed + seat) for seat in range(len(state.players))]
        moves = 0
        while (winner := engine.result(state)) is None and moves < LONGEST:
            seat = engine.to_act(state)[0]
            state, _ = engine.apply(state, seat, bots[seat].choose(engine.view(state, seat)))
            moves += 1
        return winner, moves


def coup_expert(seed: int) -> ExpertBot:
    """The expert at Coup."""
    return ExpertBot(seed, search=COUP_SEARCH)


def reformation_expert(seed: int) -> ExpertBot:
    """The expert at Reformation."""
    return ExpertBot(seed, search=REFORMATION_SEARCH)


def g54_expert(seed: int) -> ExpertBot:
    """The expert at G54."""
    return ExpertBot(seed, search=G54_SEARCH)
