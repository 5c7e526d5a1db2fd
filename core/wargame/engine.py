"""The 1992 Coup wargame on the game interface (new, to_act, legal, apply, view, result), and its views on the wire."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.game import IllegalMove
from core.rng import seed_state
from core.wargame.actions import play
from core.wargame.config import WargameConfig, load_config
from core.wargame.events import Event
from core.wargame.flow import begin, owed, settle
from core.wargame.legal import legal_moves
from core.wargame.moves import WargameMove, canonical, load_move
from core.wargame.placement import place_government_start
from core.wargame.state import LOG_LENGTH, WargameState
from core.wargame.units import GOVERNMENT, all_counters
from core.wargame.views import WargameView, make_view, state_of


class WargameGame:
    """Coup (1992): the government (seat 0) against the rebels (seat 1) on a hex map."""

    name = "wargame"

    def load_config(self, data: Any) -> WargameConfig:
        """The config in plain data."""
        return load_config(data)

    def load_move(self, data: Any) -> WargameMove:
        """The move in plain data."""
        return load_move(data)

    def new(self, config: WargameConfig, seed: int) -> WargameState:
        """The government's fixed forces on the map, then the set-up placements (the government's extra advanced
        forces, then the rebels)."""
        state = WargameState(config, seed_state(seed), all_counters())
        place_government_start(state)
        events: list[Event] = []
        begin(state, "setup", GOVERNMENT, events)
        settle(state, events)
        state.log = events[-LOG_LENGTH:]
        return state

    def to_act(self, state: WargameState) -> tuple[int, ...]:
        """The one seat owing a decision, or nobody once the game is over."""
        seat = owed(state)
        return () if seat is None else (seat,)

    def legal(self, state: WargameState, seat: int) -> tuple[WargameMove, ...]:
        """The moves seat may make now (movement and attacks: a representative set)."""
        return legal_moves(state, seat)

    def apply(self, state: WargameState, seat: int, move: WargameMove) -> tuple[WargameState, list[Event]]:
        """Play move for seat; the given state never changes, even when the move is refused."""
        if state.winner is not None:
            raise IllegalMove("the game is over")
        if owed(state) != seat:
            raise IllegalMove(f"seat {seat} owes no decision now")
        if not isinstance(move, WargameMove):
            raise IllegalMove("not a wargame move")
        try:
            move = canonical(move)
        except ValueError as error:
            raise IllegalMove(str(error)) from None
        new = state.clone()
        events: list[Event] = []
        play(new, seat, move, events)
        settle(new, events)
        new.version += 1
        new.log = (new.log + events)[-LOG_LENGTH:]
        return new, events

    def view(self, state: WargameState, seat: int | None) -> WargameView:
        """The whole board, and seat's legal moves."""
        return make_view(state, seat, self.legal(state, seat) if seat is not None else ())

    def result(self, state: WargameState) -> int | None:
        """The winning seat, or None while the game goes on."""
        return state.winner

    def opening_events(self, state: WargameState) -> list[Event]:
        """None: the set-up placements open the log themselves."""
        return []

    def sees(self, event: Event, seat: int | None) -> bool:
        """Nothing is hidden: every event is public."""
        return True

    def same_window(self, before: WargameState, after: WargameState) -> bool:
        """One side owes each decision, so every move opens a new one."""
        return False

    def names(self, state: WargameState) -> tuple[str, ...]:
        """The sides' players, by seat."""
        return tuple(state.config.names)

    def open_view(self, state: WargameState) -> WargameView:
        """The whole board (nothing in the wargame is hidden)."""
        return make_view(state, None, ())


def wire_view(state: WargameState, seat: int | None) -> WargameView:
    """seat's view as the wire carries it: without its legal moves (up to two thousand in a movement phase), which
    a client derives from the rest with restore_view."""
    return make_view(state, seat, ())


def restore_view(view: WargameView) -> WargameView:
    """A view from the wire with the viewer's legal moves rebuilt by the engine's own rules."""
    return replace(view, legal=() if view.viewer is None else legal_moves(state_of(view), view.viewer))


WARGAME = WargameGame()
