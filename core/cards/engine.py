"""The card-game engine (Coup, Reformation, the Inquisitor): set-up, legal moves, apply, views."""

from __future__ import annotations

import functools

from core.cards.common_moves import CHALLENGE_OR_PASS, keeps, one_per_card, prove_or_concede
from core.cards.flow import HANDLERS, convert_cost, denies, settle
from core.cards.moves import Move, move
from core.cards.rules import FACTIONS, FORCED_COUP_COINS, copies_per_character, ruleset
from core.cards.seating import deal, first_seat
from core.cards.seats import replacing
from core.cards.state import CoupConfig, CoupState, Player
from core.cards.views import make_view
from core.cards.window_game import WindowGame
from core.rng import seed_state, shuffle

ALLEGIANCES = tuple(move("allegiance", card=faction) for faction in FACTIONS)
RETURN_OR_FORCE = (move("return"), move("force"))


class CoupGame(WindowGame):
    """Coup for 2-6 players (with the two-player rules), or Reformation for 2-10; either may
    replace the Ambassador with the Inquisitor."""

    handlers = HANDLERS
    settle = staticmethod(settle)  # the automatic steps between windows (core.cards.flow)

    def __init__(self, name: str, reformation: bool) -> None:
        self.name, self.reformation = name, reformation

    def load_config(self, data: object) -> CoupConfig:
        """The config in plain data (this game decides whether it is Reformation)."""
        if not isinstance(data, dict):
            raise ValueError("a config is a mapping")
        return CoupConfig.from_dict({**data, "reformation": self.reformation})

    def new(self, config: CoupConfig, seed: int) -> CoupState:
        """Shuffle, deal two cards and two coins each, and draw the first player from the seed;
        Reformation then asks the first player for an allegiance."""
        rng = seed_state(seed)
        rng, first = first_seat(rng, config.players, config.first_player)
        characters = config.rules.characters
        if config.two_player_variant:
            cards = list(characters)
            rng = shuffle(rng, cards)
            players = _seated(config, first, 0)
            state = CoupState(config, players, ((), ()), tuple(cards), rng, active=first, window="setup", owed=(0, 1))
            state.choices = (tuple(characters), tuple(characters))
            return state
        cards = [c for c in characters for _ in range(copies_per_character(config.players))]
        rng = shuffle(rng, cards)
        hands, deck = deal(config.players, tuple(cards))
        window = "allegiance" if config.reformation else "action"
        players = _seated(config, first, len(hands[0]))
        return CoupState(config, players, hands, deck, rng, active=first, window=window, owed=(first,))

    def legal(self, state: CoupState, seat: int) -> tuple[Move, ...]:
        """Every move seat may make now."""
        if seat not in state.owed:
            return ()
        window = state.window
        if window == "action":
            return _action_moves(state, seat)
        if window in ("challenge_action", "challenge_block"):
            return CHALLENGE_OR_PASS
        if window == "block":
            assert state.pending is not None
            return _block_or_pass(state.config.rules.actions[state.pending.kind].blockers)
        if window == "prove":
            assert state.challenge is not None
            holds = state.challenge.card in state.hands[seat]
            return prove_or_concede(not holds if denies(state, state.challenge.on_block) else holds)
        if window == "lose":
            return one_per_card("reveal", state.hands[seat])
        if window == "exchange":
            return keeps(state.hands[seat], state.drawn)
        if window == "setup":
            return one_per_card("choose", state.choices[seat])
        if window == "allegiance":
            return ALLEGIANCES
        if window == "show":
            return one_per_card("show", state.hands[seat])
        if window == "examine":
            return RETURN_OR_FORCE
        return ()

    make_view = staticmethod(make_view)  # what seat may know (core.cards.views)


def _seated(config: CoupConfig, first: int, influence: int) -> tuple[Player, ...]:
    """The seats at the start, each with influence cards dealt; two players: the first starts with one coin."""
    players = tuple([Player(seat, name, influence=influence) for seat, name in enumerate(config.seat_names())])
    return replacing(players, first, players[first].but(coins=1)) if config.players == 2 else players


def _action_moves(state: CoupState, seat: int) -> tuple[Move, ...]:
    living = state.clockwise_from(seat)
    others = tuple(living)
    fair = tuple(state.fair_targets(seat, living)) if state.config.reformation else others
    coins = min(state.players[seat].coins, FORCED_COUP_COINS)
    return _actions(state.config.inquisitor, state.config.reformation, seat, coins, others, fair)


@functools.cache
def _actions(
    inquisitor: bool, reformation: bool, seat: int, coins: int, others: tuple[int, ...], fair: tuple[int, ...]
) -> tuple[Move, ...]:
    """The actions of seat with coins (counted up to a forced Coup) under the ruleset of inquisitor and reformation,
    aiming at others (fair: those a restricted action may aim at). The same few come up in every game: each is worked
    out once."""
    if coins >= FORCED_COUP_COINS:
        return tuple(move("coup", target=t) for t in fair)
    moves: list[Move] = []
    for action in ruleset(inquisitor, reformation).actions.values():
        if action.kind == "convert":
            aims = [seat, *others]
            moves.extend(move("convert", target=t) for t in aims if coins >= convert_cost(seat, t))
        elif coins < action.cost:
            continue
        elif action.targeted:
            moves.extend(move(action.kind, target=t) for t in (fair if action.restricted else others))
        else:
            moves.append(move(action.kind))
    return tuple(moves)


@functools.cache
def _block_or_pass(blockers: tuple[str, ...]) -> tuple[Move, ...]:
    """A block claiming each of blockers, or a pass (the same few for every game: each worked out once)."""
    return (*(move("block", card=c) for c in blockers), move("pass"))


COUP = CoupGame("coup", reformation=False)
REFORMATION = CoupGame("reformation", reformation=True)
