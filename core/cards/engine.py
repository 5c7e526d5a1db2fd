"""The base Coup engine: set-up, the windows of a turn, challenges, blocks, losses and the end."""

from __future__ import annotations

from itertools import combinations

from core.cards.events import Event
from core.cards.moves import Move
from core.cards.rules import ACTIONS, CHARACTERS, FORCED_COUP_COINS, copies_per_character
from core.cards.state import Challenge, CoupConfig, CoupState, Pending, Player
from core.cards.views import CoupView, make_view
from core.game import IllegalMove
from core.rng import below, seed_state, shuffle

ANSWERS_TO_CLAIMS = (Move("challenge"), Move("pass"))


class CoupGame:
    """Base Coup, 2-6 players, with the two-player start rule and the optional set-up variant."""

    name = "coup"

    def load_config(self, data: object) -> CoupConfig:
        """The config in plain data."""
        return CoupConfig.from_dict(data)  # type: ignore[arg-type]

    def load_move(self, data: object) -> Move:
        """The move in plain data."""
        return Move.from_dict(data)

    def new(self, config: CoupConfig, seed: int) -> CoupState:
        """Shuffle, deal two cards and two coins each, and draw the first player from the seed."""
        rng = seed_state(seed)
        players = [Player(name) for name in config.seat_names()]
        if config.first_player is None:
            rng, first = below(rng, config.players)
        else:
            first = config.first_player
        if config.players == 2:
            players[first].coins = 1
        if config.two_player_variant:
            deck = list(CHARACTERS)
            rng = shuffle(rng, deck)
            state = CoupState(config, players, deck, rng, active=first, window="setup", owed=[0, 1])
            state.choices = [list(CHARACTERS), list(CHARACTERS)]
            return state
        deck = [c for c in CHARACTERS for _ in range(copies_per_character(config.players))]
        rng = shuffle(rng, deck)
        for _ in range(2):
            for player in players:
                player.hidden.append(deck.pop())
        return CoupState(config, players, deck, rng, active=first, window="action", owed=[first])

    def to_act(self, state: CoupState) -> tuple[int, ...]:
        """The seats owing an answer in the open window, clockwise from the active seat."""
        return tuple(state.owed)

    def legal(self, state: CoupState, seat: int) -> tuple[Move, ...]:
        """Every move seat may make now."""
        if seat not in state.owed:
            return ()
        player = state.players[seat]
        window = state.window
        if window == "action":
            return _action_moves(state, seat)
        if window in ("challenge_action", "challenge_block"):
            return ANSWERS_TO_CLAIMS
        if window == "block":
            assert state.pending is not None
            blocks = tuple(Move("block", card=c) for c in ACTIONS[state.pending.kind].blockers)
            return (*blocks, Move("pass"))
        if window == "prove":
            assert state.challenge is not None
            can_prove = state.challenge.card in player.hidden
            return (Move("prove"), Move("concede")) if can_prove else (Move("concede"),)
        if window == "lose":
            return tuple(Move("reveal", card=c) for c in sorted(set(player.hidden)))
        if window == "exchange":
            pool = sorted(player.hidden + state.drawn)
            keeps = sorted(set(combinations(pool, len(player.hidden))))
            return tuple(Move("keep", cards=k) for k in keeps)
        if window == "setup":
            return tuple(Move("choose", card=c) for c in sorted(set(state.choices[seat])))
        return ()

    def apply(self, state: CoupState, seat: int, move: Move) -> tuple[CoupState, list[Event]]:
        """Play move for seat; the given state is never changed, even when the move is refused."""
        if state.window == "over":
            raise IllegalMove("the game is over")
        if seat not in state.owed:
            raise IllegalMove(f"seat {seat} owes no decision now (waiting for {list(state.owed)})")
        if move.cards:
            move = Move(move.kind, move.target, move.card, tuple(sorted(move.cards)))
        legal = self.legal(state, seat)
        if move not in legal:
            raise IllegalMove(f"{move.kind} is not a legal move for seat {seat} in the {state.window} window")
        s = state.clone()
        events: list[Event] = []
        HANDLERS[s.window](s, seat, move, events)
        s.version += 1
        _settle(s, events)
        return s, events

    def view(self, state: CoupState, seat: int | None) -> CoupView:
        """What seat may know; None is a spectator."""
        return make_view(state, seat, self.legal(state, seat) if seat is not None else ())

    def result(self, state: CoupState) -> int | None:
        """The winner, once only one player is left."""
        return state.winner


def _action_moves(state: CoupState, seat: int) -> tuple[Move, ...]:
    coins = state.players[seat].coins
    targets = state.clockwise_from(seat)
    if coins >= FORCED_COUP_COINS:
        return tuple(Move("coup", target=t) for t in targets)
    moves: list[Move] = []
    for action in ACTIONS.values():
        if coins < action.cost:
            continue
        if action.targeted:
            moves.extend(Move(action.kind, target=t) for t in targets)
        else:
            moves.append(Move(action.kind))
    return tuple(moves)


def _open(s: CoupState, window: str, owed: list[int], then_if_nobody: str) -> None:
    """Open a window owed by owed; a window nobody owes is never left open."""
    if owed:
        s.window, s.owed, s.then = window, owed, ""
    else:
        s.then = then_if_nobody


def _declare(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    action = ACTIONS[move.kind]
    player = s.players[seat]
    player.coins -= action.cost
    s.pending = Pending(seat, action.kind, move.target, action.claim, action.cost)
    events.append(Event("declare", seat, move.target, action.claim, amount=action.cost, what=action.kind))
    if action.claim is None:
        s.then = "block"
        return
    if action.claim not in player.claims:
        player.claims.append(action.claim)
    _open(s, "challenge_action", s.clockwise_from(seat), "block")


def _answer_claim(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert s.pending is not None
    on_block = s.window == "challenge_block"
    if move.kind == "pass":
        s.owed.remove(seat)
        if not s.owed:
            s.then = "blocked" if on_block else "block"
        return
    claimant = s.pending.blocker if on_block else s.pending.actor
    card = s.pending.block_card if on_block else s.pending.claim
    assert claimant is not None and card is not None
    s.challenge = Challenge(seat, claimant, card, on_block)
    events.append(Event("challenge", seat, claimant, card))
    _open(s, "prove", [claimant], "")


def _answer_block(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert s.pending is not None
    if move.kind == "pass":
        s.owed.remove(seat)
        if not s.owed:
            s.then = "resolve"
        return
    assert move.card is not None
    s.pending.blocker, s.pending.block_card = seat, move.card
    claims = s.players[seat].claims
    if move.card not in claims:
        claims.append(move.card)
    events.append(Event("block", seat, s.pending.actor, move.card, what=s.pending.kind))
    others = [p for p in s.clockwise_from(s.active, include_self=True) if p != seat]
    _open(s, "challenge_block", others, "blocked")


def _answer_challenge(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    challenge, pending = s.challenge, s.pending
    assert challenge is not None and pending is not None
    s.challenge = None
    player = s.players[seat]
    if move.kind == "prove":
        player.hidden.remove(challenge.card)
        s.deck.append(challenge.card)
        s.rng = shuffle(s.rng, s.deck)
        drawn = s.deck.pop()
        player.hidden.append(drawn)
        if challenge.card in player.claims:
            player.claims.remove(challenge.card)
        events.append(Event("prove", seat, challenge.challenger, challenge.card))
        events.append(Event("replace", seat, cards=(drawn,), to=(seat,)))
        s.losses.append((challenge.challenger, "challenge"))
        s.then = "blocked" if challenge.on_block else "block"
        return
    events.append(Event("concede", seat, challenge.challenger, challenge.card))
    s.losses.append((seat, "challenge"))
    if challenge.on_block:
        s.then = "resolve"
        return
    if pending.cost:
        s.players[pending.actor].coins += pending.cost
        events.append(Event("refund", pending.actor, amount=pending.cost, what=pending.kind))
    events.append(Event("fail", pending.actor, pending.target, what=pending.kind))
    s.then = "end_turn"


def _reveal(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert move.card is not None
    _lose(s, seat, move.card, s.losses.pop(0)[1], events)


def _lose(s: CoupState, seat: int, card: str, reason: str, events: list[Event]) -> None:
    player = s.players[seat]
    player.hidden.remove(card)
    player.revealed.append(card)
    if card in player.claims:
        player.claims.remove(card)
    events.append(Event("lose", seat, card=card, what=reason))
    if not player.hidden:
        events.append(Event("eliminated", seat, amount=player.coins))
        player.coins = 0
        player.claims.clear()


def _keep(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    player = s.players[seat]
    pool = player.hidden + s.drawn
    for card in move.cards:
        pool.remove(card)
    player.hidden = list(move.cards)
    s.deck.extend(pool)
    s.rng = shuffle(s.rng, s.deck)
    s.drawn = []
    player.claims = [c for c in player.claims if c != ACTIONS["exchange"].claim]
    events.append(Event("exchanged", seat, amount=len(pool)))
    events.append(Event("kept", seat, cards=move.cards, to=(seat,)))
    s.then = "end_turn"


def _choose(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert move.card is not None
    choices = s.choices[seat]
    choices.remove(move.card)
    s.players[seat].hidden.append(move.card)
    s.discarded.extend(choices)
    s.choices[seat] = []
    s.owed.remove(seat)
    events.append(Event("chose", seat))
    if s.owed:
        return
    for player_seat, player in enumerate(s.players):
        card = s.deck.pop()
        player.hidden.append(card)
        events.append(Event("dealt", player_seat, cards=(card,), to=(player_seat,)))
    s.then = "start_turn"


HANDLERS = {
    "action": _declare,
    "challenge_action": _answer_claim,
    "challenge_block": _answer_claim,
    "block": _answer_block,
    "prove": _answer_challenge,
    "lose": _reveal,
    "exchange": _keep,
    "setup": _choose,
}


def _settle(s: CoupState, events: list[Event]) -> None:
    """Run the automatic steps until some seat owes a decision or the game is over."""
    while True:
        if _await_loss(s, events):
            return
        living = s.living()
        if len(living) <= 1 and s.window != "setup":
            s.winner = living[0]
            s.window, s.owed, s.then, s.pending, s.challenge = "over", [], "", None, None
            events.append(Event("win", s.winner))
            return
        step, s.then = s.then, ""
        if not step:
            return
        STEPS[step](s, events)


def _await_loss(s: CoupState, events: list[Event]) -> bool:
    """Resolve queued losses; open the lose window when a seat has a real choice to make."""
    while s.losses:
        seat, reason = s.losses[0]
        hidden = s.players[seat].hidden
        if len(set(hidden)) > 1:
            s.window, s.owed = "lose", [seat]
            return True
        s.losses.pop(0)
        if hidden:
            _lose(s, seat, hidden[0], reason, events)
    return False


def _step_block(s: CoupState, events: list[Event]) -> None:
    pending = s.pending
    assert pending is not None
    action = ACTIONS[pending.kind]
    if not action.blockers:
        s.then = "resolve"
        return
    if action.anyone_blocks:
        blockers = s.clockwise_from(pending.actor)
    else:
        target_alive = pending.target is not None and s.players[pending.target].alive
        blockers = [pending.target] if target_alive and pending.target is not None else []
    _open(s, "block", blockers, "resolve")


def _step_resolve(s: CoupState, events: list[Event]) -> None:
    pending = s.pending
    assert pending is not None
    actor = s.players[pending.actor]
    s.then = "end_turn"
    target = None if pending.target is None else s.players[pending.target]
    if target is not None and not target.alive:
        events.append(Event("fizzle", pending.actor, pending.target, what=pending.kind))
        return
    kind = pending.kind
    gains = {"income": 1, "foreign_aid": 2, "tax": 3}
    if kind in gains:
        actor.coins += gains[kind]
        events.append(Event("gain", pending.actor, amount=gains[kind], what=kind))
    elif kind in ("coup", "assassinate"):
        s.losses.append((pending.target, kind))  # type: ignore[arg-type]
    elif kind == "steal":
        assert target is not None
        taken = min(2, target.coins)
        target.coins -= taken
        actor.coins += taken
        events.append(Event("steal", pending.actor, pending.target, amount=taken))
    elif kind == "exchange":
        count = min(2, len(s.deck))
        s.drawn = [s.deck.pop() for _ in range(count)]
        events.append(Event("draw", pending.actor, amount=count))
        events.append(Event("drew", pending.actor, cards=tuple(s.drawn), to=(pending.actor,)))
        _open(s, "exchange", [pending.actor], "end_turn")


def _step_blocked(s: CoupState, events: list[Event]) -> None:
    pending = s.pending
    assert pending is not None
    events.append(Event("blocked", pending.actor, pending.blocker, pending.block_card, what=pending.kind))
    s.then = "end_turn"


def _step_end_turn(s: CoupState, events: list[Event]) -> None:
    s.pending = None
    s.active = s.clockwise_from(s.active)[0]
    s.turn += 1
    _step_start_turn(s, events)


def _step_start_turn(s: CoupState, events: list[Event]) -> None:
    events.append(Event("turn", s.active, amount=s.turn))
    s.window, s.owed = "action", [s.active]


STEPS = {
    "block": _step_block,
    "resolve": _step_resolve,
    "blocked": _step_blocked,
    "end_turn": _step_end_turn,
    "start_turn": _step_start_turn,
}

COUP = CoupGame()
