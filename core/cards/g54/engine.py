"""The G54 engine: set-up, legal moves, apply and the automatic steps between windows."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from itertools import combinations

from core.cards.common_moves import (
    CHALLENGE_OR_PASS,
    MOVE_LISTS_KEPT,
    aimed,
    keeps,
    naming,
    one_per_card,
    prove_or_concede,
)
from core.cards.events import Event
from core.cards.g54 import claims, effects, losses, turn
from core.cards.g54.config import G54Config
from core.cards.g54.roles import (
    COPIES,
    EVERYONE,
    FRIEND,
    GROUPS,
    ONE,
    PER_GROUP,
    RICH_POOR,
    ROLE,
    ROLES,
    group_roles,
    in_play_order,
)
from core.cards.g54.state import DISAPPEAR_TOKENS, G54Player, G54State
from core.cards.g54.views import make_view
from core.cards.influence import await_loss, win
from core.cards.moves import Move, move
from core.cards.rules import COUP_COST, FORCED_COUP_COINS
from core.cards.seating import deal, first_seat
from core.cards.window_game import Handler, WindowGame
from core.rng import below, seed_state, shuffle

COMMUNIST = "Communist"


def settle(s: G54State, events: list[Event]) -> None:
    """Run the automatic steps until some seat owes a decision or the game is over. Only a card lost puts a seat out
    (in the move's own handler, or among the queued losses), never a step: who is left is asked after those alone."""
    ask_who_is_left = True
    while not s.owed:
        winner = s.last_one_in() if ask_who_is_left else None
        if winner is not None:
            win(s, winner, events)
            s.claim = None
            return
        ask_who_is_left = bool(s.losses)
        if ask_who_is_left and await_loss(s, events, losses.reveal, losses.may_react):
            return
        step, s.then = s.then, ""
        if not step:
            raise AssertionError(f"no window open and no step to run after {s.window!r}")
        STEPS[step](s, events)


def action_moves(s: G54State, seat: int) -> tuple[Move, ...]:
    """Income, Coup and the affordable actions of the roles in play, with every legal target (see _actions)."""
    players = s.players
    coins = min(players[seat].coins, FORCED_COUP_COINS)
    others = tuple(s.clockwise_from(seat))
    partner = s.treaty_partner(seat)  # worked out once: whether a treaty holds asks who is still in
    taxed = s.taxed if s.collector is not None and s.collector != seat else None  # the role seat pays a tax on
    wealth = tuple([player.coins for player in players]) if COMMUNIST in s.roles else ()
    return _actions(s.roles, seat, coins, others, partner, s.peacekeeper, taxed, s.spying, s.disappear, wealth)


@functools.lru_cache(maxsize=MOVE_LISTS_KEPT)
def _actions(
    roles: tuple[str, ...],
    seat: int,
    coins: int,
    others: tuple[int, ...],
    partner: int | None,
    peacekeeper: int | None,
    taxed: str | None,
    spying: bool,
    disappear: tuple[int, ...],
    wealth: tuple[int, ...],
) -> tuple[Move, ...]:
    """The actions of seat with coins (counted up to a forced Coup) among roles, aiming at others (the living seats
    after it) but for its treaty partner and, besides a Coup, the Peacekeeping holder (may_target's rule); taxed is the
    role it pays a tax on, wealth every seat's coins (for a Communist). A seat's legal moves are listed for its view and
    again to check the move it plays: the second time they are found here."""
    coup = aimed("coup", tuple([t for t in others if t != partner])) if coins >= COUP_COST else ()
    if coins >= FORCED_COUP_COINS:
        return coup
    moves = [INCOME, *coup]
    fair = tuple([t for t in others if t != partner and t != peacekeeper])
    for name, kind, aim, price in acting_roles(roles):
        if coins < price + (name == taxed) or (kind == "spy" and spying):
            continue
        if aim == ONE:
            aims = fair
            if kind == "mercenary":
                aims = tuple([t for t in aims if t not in disappear]) if len(disappear) < DISAPPEAR_TOKENS else ()
            moves.extend(aimed(kind, aims))
        elif aim == FRIEND:
            moves.extend(aimed(kind, others))
        elif aim == RICH_POOR:
            moves.extend(_from_rich_to_poor(seat, sorted((seat, *others)), fair, wealth))
        elif aim == ROLE:
            moves.extend(naming(kind, roles))
        elif aim in (EVERYONE, "none"):
            moves.append(move(kind))
    return tuple(moves)


@functools.cache
def acting_roles(roles: tuple[str, ...]) -> tuple[tuple[str, str, str, int], ...]:
    """The roles of roles that have a turn action, in their order, each as what its moves are made of: its name, its
    moves' kind, how it aims and the coins it needs (a game's roles are fixed: worked out once)."""
    acting = [ROLES[name] for name in roles if ROLES[name].has_action]
    return tuple([(role.name, role.kind, role.aim, role.price) for role in acting])


def _from_rich_to_poor(seat: int, living: list[int], fair: tuple[int, ...], wealth: tuple[int, ...]) -> list[Move]:
    """The Communist's moves for seat: from each of the richest of living that it may take from (itself, or one of
    fair) to each other of the poorest."""
    coins = [wealth[p] for p in living]
    most, least = max(coins), min(coins)
    richest = [p for p in living if wealth[p] == most and (p == seat or p in fair)]
    poorest = [p for p in living if wealth[p] == least]
    return [move("communist", target=r, other=p) for r in richest for p in poorest if r != p]


def _prove_moves(s: G54State, seat: int) -> tuple[Move, ...]:
    assert s.challenge is not None
    return prove_or_concede(s.challenge.card in s.hands[seat])


def _exchange_moves(s: G54State, seat: int) -> tuple[Move, ...]:
    """The keeps, and for a Writer with a coin to pay, one more card to draw while the deck has one."""
    player = s.players[seat]
    writer = s.pending is not None and s.pending.kind == "writer"
    more = writer and player.coins >= 1 and bool(s.deck)
    return (*keeps(s.hands[seat], s.drawn), *(DRAW if more else ()))


def _produce_moves(s: G54State, seat: int) -> tuple[Move, ...]:
    assert s.given is not None
    hand = s.hands[seat]
    pool = [*hand, s.given, *s.drawn]
    moves: set[Move] = set()
    for keep in combinations(sorted(pool), len(hand)):
        rest = list(pool)
        for card in keep:
            rest.remove(card)
        moves.update(move("keep", card=give, cards=keep) for give in rest)
    return tuple(sorted(moves))


def _extort_moves(s: G54State, seat: int) -> tuple[Move, ...]:
    """Pay the Crime Boss what it takes, if seat has that much, or refuse."""
    assert s.pending is not None
    can_pay = s.players[seat].coins >= ROLES[s.pending.role or ""].takes
    return PAY_OR_REFUSE if can_pay else REFUSE


def _block_moves(s: G54State, seat: int) -> tuple[Move, ...]:
    assert s.pending is not None and s.pending.role is not None
    return (move("block", card=s.pending.role), PASS)


PASS = move("pass")
INCOME = move("income")
JOIN_OR_PASS = (move("join"), PASS)
CLAIM_OR_PASS = (move("claim"), PASS)
PAY_OR_REFUSE = (move("pay"), move("refuse"))
REFUSE = (move("refuse"),)
DRAW = (move("draw"),)
LEGAL: dict[str, Callable[[G54State, int], tuple[Move, ...]]] = {
    "action": action_moves,
    "claim": lambda s, seat: CHALLENGE_OR_PASS,
    "react": lambda s, seat: CHALLENGE_OR_PASS,
    "prove": _prove_moves,
    "join": lambda s, seat: JOIN_OR_PASS,
    "fund": lambda s, seat: JOIN_OR_PASS,
    "block": _block_moves,
    "lose": lambda s, seat: losses.loss_moves(s, seat),
    "exchange": _exchange_moves,
    "give": lambda s, seat: one_per_card("give", s.hands[seat]),
    "produce": _produce_moves,
    "extort": _extort_moves,
    "lawyer": lambda s, seat: CLAIM_OR_PASS,
    "over": lambda s, seat: (),
}
HANDLERS: dict[str, Handler] = {
    "action": turn.declare,
    "claim": lambda s, seat, move, events: claims.answer_claim(s, seat, move.kind, events),
    "react": lambda s, seat, move, events: losses.answer_reaction(s, seat, move.kind, events),
    "prove": lambda s, seat, move, events: claims.answer_challenge(s, seat, move.kind, events),
    "join": turn.answer_join,
    "fund": turn.answer_fund,
    "block": turn.answer_block,
    "lose": losses.answer_loss,
    "exchange": effects.answer_exchange,
    "give": effects.answer_give,
    "produce": effects.answer_produce,
    "extort": effects.answer_extort,
    "lawyer": turn.answer_lawyer,
}
STEPS: dict[str, Callable[[G54State, list[Event]], None]] = {
    "action_stood": turn.action_stood,
    "action_failed": turn.action_failed,
    "check_joiner": turn.check_joiner,
    "join_stood": turn.join_stood,
    "join_failed": turn.join_failed,
    "ask_funder": turn.ask_funder,
    "ask_joiner": turn.ask_joiner,
    "blocks": turn.blocks,
    "ask_block": turn.ask_block,
    "block_stood": turn.block_stood,
    "block_failed": turn.block_failed,
    "resolve": effects.resolve,
    "end_action": turn.end_action,
    "end_turn": turn.end_turn,
    "lawyers": turn.lawyers,
    "lawyer_stood": turn.lawyer_stood,
    "lawyer_failed": turn.lawyer_failed,
    "next_turn": turn.next_turn,
}


class G54Game(WindowGame):
    """Coup: Rebellion G54 for 2-6 players."""

    name = "g54"
    handlers: Mapping[str, Handler] = HANDLERS
    settle = staticmethod(settle)  # the automatic steps between windows (above)
    make_view = staticmethod(make_view)  # what seat may know (core.cards.g54.views)

    def load_config(self, data: object) -> G54Config:
        """The config in plain data."""
        return G54Config.from_dict(data)

    def new(self, config: G54Config, seed: int) -> G54State:
        """Draw the five roles (unless fixed), shuffle their 15 cards, deal 2 cards and 2 coins each."""
        rng = seed_state(seed)
        roles = config.fixed_roles()
        if not roles:
            drawn: list[str] = []
            for group in GROUPS:
                pool = list(group_roles(group, config.selection == "advanced"))
                for _ in range(PER_GROUP[group]):
                    rng, index = below(rng, len(pool))
                    drawn.append(pool.pop(index))
            roles = in_play_order(tuple(drawn))
        rng, first = first_seat(rng, config.players, config.first_player)
        cards = [role for role in roles for _ in range(COPIES)]
        rng = shuffle(rng, cards)
        hands, deck = deal(config.players, tuple(cards))
        players = tuple(
            [G54Player(seat, name, influence=len(hands[0])) for seat, name in enumerate(config.seat_names())]
        )
        asides = ((),) * config.players
        return G54State(config, roles, players, hands, asides, deck, rng, active=first, window="action", owed=(first,))

    def legal(self, state: G54State, seat: int) -> tuple[Move, ...]:
        """Every move seat may make now."""
        if seat not in state.owed:
            return ()
        return LEGAL[state.window](state, seat)


G54 = G54Game()
