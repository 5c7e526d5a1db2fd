"""Forged wargame moves: apply must refuse every move the rules do not allow, in every window, whatever a network
client sends (moves arrive from untrusted clients through the game's load_move).

The property plays seeded bot games of both scenarios and, at decisions of each window, takes listed legal moves
and forges variants of them: other hex labels (far, off the map like "A99" or "Z1", a lake, the same hex spelt
another way like "a8", " A8" or "A08"), extra, missing, duplicated or foreign unit ids, units of the other side or
the pool, an empty move, a move of another window's kind, and the wrong seat. Each forged move must either raise
IllegalMove or be a move the rules allow:
- in the windows whose legal list is complete (place, subvert, flee, bugout, attacker/defender losses, retreat,
  advance, disband) it must mean the same as one of the listed moves (its result equals a listed move's result,
  counters of one kind and hex being interchangeable);
- in the move and attack windows (a representative list) it must pass the necessary conditions of a move or an
  attack (own units, one start hex, within reach, adjacent targets, ...);
- every accepted move keeps the rules' invariants (the step checks of test_wargame_properties: counters, stacking,
  lakes, riders, mixed hexes, victory points), every counter stands on a hex of the map under its own label, and
  apply leaves the state it was given untouched.

The scripted tests below reproduce each hole these found (each is mended): a leader with nowhere to retreat sent
anywhere, a hex spelt another way, made-up labels filling the label parser's cache.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from core.game import IllegalMove
from core.sim import derive_seeds
from core.wargame.actions import HANDLERS
from core.wargame.board import STACKING_LIMIT, adjacent, all_hexes, has_side, hex_of, stack_at, terrain
from core.wargame.config import WargameConfig
from core.wargame.engine import WARGAME
from core.wargame.events import Event
from core.wargame.flow import window
from core.wargame.moves import (
    Advance,
    Attack,
    AutoPlace,
    BugOut,
    ChooseLosses,
    Disband,
    Disembark,
    EndPhase,
    Flee,
    MoveUnits,
    Place,
    Retreat,
    Subvert,
    WargameMove,
    canonical,
)
from core.wargame.placement import free_counter
from core.wargame.state import Combat, WargameState
from core.wargame.units import GOVERNMENT, MAP, POOL_STATUS, REBELS
from core.wargame.views import make_view
from hexgrid.coords import distance, spiral
from tests.test_wargame_properties import bot, check_step, fingerprint
from tests.wargame_helpers import GOV, REB, board, dice, play, put, texts

HEXES = frozenset(all_hexes())
LAKES = tuple(label for label in all_hexes() if terrain(label) == "lake")
OFF_MAP_LABELS = ("A99", "Z1", "AA1", "A0", "", "G-5", "off")
"""Labels of no hex of the map ("off" is the word for leaving it, allowed only from an edge)."""
COMPLETE = ("place", "subvert", "flee", "bugout", "attacker_losses", "defender_losses", "retreat", "advance", "disband")
"""The windows whose legal list is complete (up to counters of one kind and hex)."""
SAMPLES: tuple[WargameMove, ...] = (
    Place("A1"),
    AutoPlace(),
    MoveUnits(("R-leader-1",), "A1"),
    Disembark("R-leader-1"),
    EndPhase(),
    Attack(("R-leader-1",), ("A1",)),
    ChooseLosses(()),
    Retreat(()),
    Advance(),
    BugOut("R-leader-1"),
    Flee("R-leader-1", "A1"),
    Subvert(),
    Disband(()),
)
"""A move of every kind (the kinds other windows take are refused by kind)."""
PROBE_EVERY, PICKS = 4, 3
"""Every PROBE_EVERY-th decision of the move and attack windows (every one of the others) is probed: PICKS listed
moves forged in every way."""


SPELLINGS: tuple[Callable[[str], str], ...] = (
    str.lower,
    lambda s: f" {s}",
    lambda s: f"{s[0]}0{s[1:]}",
    lambda s: f"{s}\n",
)
"""Other spellings of a label that the label parser (Hex.parse) reads as the same hex."""


def aliases(label: str) -> tuple[str, ...]:
    """The same hex spelt the ways the label parser also reads: lower case, padded, a leading zero."""
    return tuple(spell(label) for spell in SPELLINGS)


def far_hex(label: str) -> str:
    """The hex of the map farthest from label."""
    return max(all_hexes(), key=lambda other: distance(hex_of(label), hex_of(other)))


def near_lake(label: str) -> str:
    """The lake hex nearest label."""
    return min(LAKES, key=lambda lake: distance(hex_of(label), hex_of(lake)))


def bad_hexes(label: str) -> list[str]:
    """Hexes a forger might send instead of label: off the map, the farthest and a lake, label spelt otherwise."""
    return [*OFF_MAP_LABELS, far_hex(label), near_lake(label), *aliases(label)]


# --- what a move means, for the windows whose legal list is complete --------------------------------------------


def picture(state: WargameState) -> tuple[Any, ...]:
    """The state up to the ids of interchangeable counters (same side, kind, hex, status and the marks that still
    matter: who moved only in a move phase, who was just placed only while placing; the rebel leaders are alike):
    two moves with the same picture after them mean the same."""
    moved = state.moved if state.phase == "move" else set()
    fresh = state.fresh if state.phase in ("setup", "reinforce") else set()
    marks = (moved, state.attacked, state.defended, state.no_attack, fresh, state.leaders_used)
    riders = {u.riding for u in state.units.values() if u.riding}
    counters = Counter(
        (u.side, u.kind, u.status, u.hex, bool(u.riding), u.uid in riders, *(u.uid in m for m in marks))
        for u in state.units.values()
    )

    def places(uids: tuple[str, ...] | list[str]) -> tuple[tuple[int, str, str], ...]:
        return tuple((state.units[uid].side, state.units[uid].kind, state.units[uid].hex) for uid in uids)

    combat = state.combat
    fight: tuple[Any, ...] = ()
    if combat is not None:
        pending = places(combat.pending) if combat.stage == "bugout" else combat.pending
        fields = (combat.side, combat.targets, combat.surrender, combat.stage, combat.losses, combat.retreat)
        fight = (*fields, combat.odds, combat.die, combat.result, pending)
        fight += (sorted(places(combat.attackers)), sorted(places(combat.leaders)))
    flow = (state.turn, state.phase, state.side, tuple(state.vp), state.winner, tuple(state.queue), state.rng)
    return (*flow, places(state.flee), tuple(state.disband), fight, sorted(counters.items()))


def same_as_listed(state: WargameState, seat: int, move: WargameMove, after: WargameState, legal: tuple) -> bool:
    """Whether move, which apply accepted, means the same as a listed legal move."""
    if canonical(move) in legal:
        return True
    seen = picture(after)
    return any(picture(WARGAME.apply(state, seat, listed)[0]) == seen for listed in legal)


# --- the necessary conditions of moves and attacks (whose legal list is only representative) --------------------


def check_movement(state: WargameState, seat: int, move: WargameMove, after: WargameState) -> None:
    """An accepted movement-phase move: own, unmoved counters of one hex, not riding, ending on a map hex under its
    own label within reach (roads halve the cost) or off the map from an edge; a disembarking leader of seat."""
    if isinstance(move, Disembark):
        leader = state.units[move.leader]
        assert leader.side == seat and leader.on_map and leader.riding, f"{move} accepted"
        return
    if not isinstance(move, MoveUnits):
        return
    units = [state.units[uid] for uid in move.units]
    assert move.units and len(set(move.units)) == len(move.units), f"{move} accepted"
    assert all(u.side == seat and u.on_map and not u.riding and u.uid not in state.moved for u in units), move
    start = units[0].hex
    assert all(u.hex == start for u in units), f"{move} accepted from several hexes"
    if move.to == "off":
        assert all(not after.units[u.uid].on_map for u in units), f"{move} left counters on the map"
        return
    assert move.to in HEXES, f"{move} accepted: {move.to!r} is no hex label of the map"
    slowest = min(u.allowance for u in units if not u.is_leader) if any(not u.is_leader for u in units) else 3
    assert distance(hex_of(start), hex_of(move.to)) <= 2 * slowest, f"{move} accepted beyond reach"
    for u in units:
        assert after.units[u.uid].hex == move.to, f"{move} left {u.uid} at {after.units[u.uid].hex}"
        if not u.is_helicopter:
            assert terrain(move.to) != "lake" or after.units[u.uid].riding, f"{move} accepted into a lake"
    enemies = [u for u in stack_at(after, move.to) if u.side != seat and not u.is_leader]
    assert not enemies, f"{move} ends in a hex of enemy units"
    own = [u for u in stack_at(after, move.to) if u.side == seat and u.stacks]
    assert len(own) <= STACKING_LIMIT, f"{move} over-stacks {move.to}"


def check_attack(state: WargameState, seat: int, move: WargameMove) -> None:
    """An accepted attack: seat's combat units on the map that have not attacked, each next to every target, each
    target holding enemy combat units; leaders of seat stacked with an attacker, unused; surrender only by rule."""
    if not isinstance(move, Attack):
        return
    attackers = [state.units[uid] for uid in move.attackers]
    assert attackers and len(set(move.attackers)) == len(attackers), f"{move} accepted"
    for unit in attackers:
        assert unit.side == seat and unit.on_map and not unit.is_leader, f"{move} accepted with {unit}"
        assert unit.uid not in state.attacked and unit.uid not in state.no_attack, f"{move}: {unit.uid} attacks twice"
        assert all(target in adjacent(unit.hex) for target in move.targets), f"{move}: {unit.uid} is not adjacent"
    assert move.targets and len(set(move.targets)) == len(move.targets), f"{move} accepted"
    for target in move.targets:
        assert target in HEXES, f"{move} accepted: {target!r} is no hex label of the map"
        assert any(u.side != seat and not u.is_leader for u in stack_at(state, target)), f"{move}: {target} empty"
    hexes = {u.hex for u in attackers}
    assert len(set(move.leaders)) == len(move.leaders), f"{move} accepted"
    for uid in move.leaders:
        leader = state.units[uid]
        assert leader.is_leader and leader.side == seat and leader.on_map and leader.hex in hexes, f"{move} accepted"
        assert uid not in state.leaders_used, f"{move}: {uid} lends his bonus twice"
    assert not move.surrender or state.config.surrender, f"{move} accepted with the surrender rule off"


def check_everywhere(state: WargameState, seat: int, move: WargameMove, after: WargameState) -> None:
    """Any accepted move: retreats move only the defeated side's counters and only counters of the hex retreating;
    every counter on the map stands on a hex of the map under its own label."""
    if isinstance(move, Retreat) and state.combat is not None:
        label = state.combat.pending[0]
        for uid, _ in move.moves:
            unit = state.units[uid]
            assert unit.side == seat and unit.hex == label, f"{move} moves {unit} from {label}"
    for unit in after.units.values():
        assert unit.status != MAP or unit.hex in HEXES, f"{move} put {unit.uid} at {unit.hex!r}"


# --- forging --------------------------------------------------------------------------------------------------------


def forgeries(state: WargameState, seat: int, legal: tuple[WargameMove, ...], rng: random.Random) -> list[WargameMove]:
    """Variants of up to PICKS listed moves (and a move of every other window's kind) that a forger might send."""
    open_window = window(state)
    handled = {kind for (name, kind) in HANDLERS if name == open_window}
    moves = [m for m in SAMPLES if type(m) not in handled]
    units = list(state.units.values())
    foes = [u.uid for u in units if u.side != seat and u.on_map]
    mine = [u.uid for u in units if u.side == seat and u.on_map]
    pooled = [u.uid for u in units if u.status == POOL_STATUS][:1]
    gone = [u.uid for u in units if u.is_leader and not u.on_map][:1]
    strangers = [*rng.sample(foes, min(2, len(foes))), *rng.sample(mine, min(2, len(mine))), *pooled, *gone, "X-1"]
    picks = rng.sample(legal, min(PICKS, len(legal)))
    for move in picks:
        moves += _forge(state, move, strangers)
    if open_window == "place":
        listed = {m.hex for m in legal if isinstance(m, Place)}
        anchor = next(iter(sorted(listed)), "A1")
        moves += [Place(label) for label in bad_hexes(anchor)]
        moves += [Place(label) for label in all_hexes()[rng.randrange(9) :: 9] if label not in listed]
    elif open_window == "move":
        moves += [Disembark(uid) for uid in strangers]
        moves += [MoveUnits((uid,), far_hex(state.units[uid].hex)) for uid in mine[:3]]
        if EndPhase() not in legal:
            moves.append(EndPhase())
    elif open_window == "retreat" and state.combat is not None:
        moves += _forge_retreat_leaders(state, state.combat, legal)
    return moves


def _units_variants(units: tuple[str, ...], strangers: list[str]) -> list[tuple[str, ...]]:
    """units with one stranger more, one unit fewer, one twice, and none."""
    found = [(*units, uid) for uid in strangers if uid not in units]
    found += [units[:i] + units[i + 1 :] for i in range(len(units))]
    if units:
        found.append((*units, units[0]))
    return [*found, ()]


def _forge(state: WargameState, move: WargameMove, strangers: list[str]) -> list[WargameMove]:
    """Variants of one listed move: its hexes replaced, its units changed."""
    if isinstance(move, MoveUnits):
        start = state.units[move.units[0]].hex
        to = move.to if move.to != "off" else start
        found: list[WargameMove] = [MoveUnits(move.units, label) for label in (*bad_hexes(to), start)]
        found += [MoveUnits(units, move.to) for units in _units_variants(move.units, strangers)]
        found += [MoveUnits(move.units, label, path) for label, path in _paths(start, to)]
        return found
    if isinstance(move, Attack):
        target = move.targets[0]
        found = [Attack(move.attackers, (label,), move.leaders) for label in bad_hexes(target)]
        attacker_hex = state.units[move.attackers[0]].hex
        found += [Attack(move.attackers, (*move.targets, label), move.leaders) for label in (attacker_hex, target)]
        found += [Attack(units, move.targets, move.leaders) for units in _units_variants(move.attackers, strangers)]
        leaders = [uid for uid in state.units if state.units[uid].is_leader] + strangers[:2]
        found += [Attack(move.attackers, move.targets, units) for units in _units_variants(move.leaders, leaders)]
        found.append(Attack(move.attackers, move.targets, move.leaders, surrender=not move.surrender))
        return found
    if isinstance(move, Place):
        return [Place(label) for label in aliases(move.hex)]
    if isinstance(move, (Flee, BugOut)):
        kind = type(move)
        here = state.units[move.leader].hex
        found = [kind(move.leader, label) for label in (*bad_hexes(move.to or here), here)]
        found += [kind(uid, move.to) for uid in strangers if uid != move.leader]
        return found
    if isinstance(move, (ChooseLosses, Advance, Subvert, Disband)):
        kind = type(move)
        return [kind(units) for units in _units_variants(move.units, strangers)]
    if isinstance(move, Retreat):
        found = []
        for i, (uid, to) in enumerate(move.moves):
            rest = move.moves[:i] + move.moves[i + 1 :]
            found += [Retreat((*rest, (uid, label))) for label in bad_hexes(to)]
            found += [Retreat(rest), Retreat((*move.moves, (uid, to)))]
        found += [Retreat((*move.moves, (uid, adjacent(state.units[uid].hex)[0] if state.units[uid].on_map else "A1")))]
        found += [Retreat((*move.moves, (uid, "A99"))) for uid in strangers]
        return found
    return []


def _paths(start: str, to: str) -> list[tuple[str, tuple[str, ...]]]:
    """Forged routes: a jump, a wade through a lake, a walk too long, a route spelt otherwise, a wrong start."""
    far = far_hex(start)
    lake = near_lake(start)
    wander = [start]
    while len(wander) < 12:
        wander.append(adjacent(wander[-1])[len(wander) % len(adjacent(wander[-1]))])
    return [
        (far, (start, far)),
        (lake, (start, lake)),
        (wander[-1], tuple(wander)),
        (to, (start.lower(), to)),
        (to, (to, to)),
        (to, (far, to)),
    ]


def _forge_retreat_leaders(state: WargameState, combat: Combat, legal: tuple) -> list[WargameMove]:
    """Each retreating leader sent, besides a listed retreat, to far, off-map and neighbouring hexes."""
    label = combat.pending[0]
    leaders = [u for u in stack_at(state, label) if u.is_leader]
    found: list[WargameMove] = []
    for listed in legal[:2]:
        rest = tuple(pair for pair in listed.moves if pair[0] not in {u.uid for u in leaders})
        for leader in leaders:
            for to in ("A99", far_hex(label), *adjacent(label)):
                found.append(Retreat((*rest, (leader.uid, to))))
    return found


# --- probing --------------------------------------------------------------------------------------------------------


def probe(state: WargameState, seat: int, legal: tuple[WargameMove, ...], rng: random.Random) -> Counter[str]:
    """Forge moves at state: each is refused with IllegalMove, or it is a move the rules allow (see the module)."""
    before = fingerprint(state)
    open_window = window(state)
    tally: Counter[str] = Counter()
    with pytest.raises(IllegalMove):
        WARGAME.apply(state, 1 - seat, legal[0])
    for move in forgeries(state, seat, legal, rng):
        try:
            after, events = WARGAME.apply(state, seat, move)
        except IllegalMove:
            tally["refused"] += 1
            continue
        except Exception as error:  # a crash on a client's move is a hole too
            raise AssertionError(f"{move} in the {open_window} window raised {error!r}") from error
        tally["accepted"] += 1
        check_accepted(state, seat, move, events, after, legal)
    assert fingerprint(state) == before, "apply changed the state it was given"
    return tally


def check_accepted(
    state: WargameState,
    seat: int,
    move: WargameMove,
    events: list[Event],
    after: WargameState,
    legal: tuple[WargameMove, ...],
) -> None:
    """What an accepted forged move must be: listed (by meaning) where the list is complete, else a move or attack
    the rules allow; and what it leaves must keep every invariant."""
    open_window = window(state)
    where = f"{move} accepted in the {open_window} window, turn {state.turn}"
    check_everywhere(state, seat, move, after)
    if open_window in COMPLETE:
        assert same_as_listed(state, seat, move, after, legal), f"{where}: it is not a listed move: {texts(events)}"
    elif open_window == "move":
        check_movement(state, seat, move, after)
    else:
        check_attack(state, seat, move)
    check_step(state, move, events, after)


TABLES = [
    (WargameConfig(scenario="basic", turn_limit=3), ("random", "random")),
    (WargameConfig(scenario="advanced", turn_limit=3, surrender=True, salvage=True), ("random", "random")),
    (WargameConfig(scenario="basic", turn_limit=4, extra_reinforcements=True), ("hasty", "rule")),
    (WargameConfig(scenario="advanced", turn_limit=4, surrender=True), ("rule", "hasty")),
    (WargameConfig(scenario="advanced", turn_limit=3), ("rule", "rule")),
    (WargameConfig(scenario="basic", turn_limit=3, surrender=True), ("hasty", "hasty")),
]
GAMES = 8
FORGED_SETTINGS = settings(
    max_examples=GAMES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=(Phase.explicit, Phase.generate),  # a whole game does not shrink usefully; the failing table is printed
)


def play_forging(config: WargameConfig, seed: int, lineup: tuple[str, str], budget: int = 600) -> Counter[str]:
    """Play a seeded game, probing decisions of every window with forged moves; what was probed and how it went."""
    bots = [bot(name, s) for name, s in zip(lineup, derive_seeds(seed, 2), strict=True)]
    rng = random.Random(seed)
    state = WARGAME.new(config, seed)
    seen: Counter[str] = Counter()
    for decision in range(budget):
        if state.winner is not None:
            break
        seat = WARGAME.to_act(state)[0]
        legal = WARGAME.legal(state, seat)
        open_window = window(state)
        if open_window not in ("move", "attack") or decision % PROBE_EVERY == 0:
            seen[open_window] += 1
            seen += probe(state, seat, legal, rng)
        move = bots[seat].choose(make_view(state, seat, legal))
        after, events = WARGAME.apply(state, seat, move)
        check_step(state, move, events, after)
        state = after
    return seen


@pytest.mark.slow
@FORGED_SETTINGS
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1))
def test_forged_moves_are_refused_or_allowed_by_the_rules(
    table: tuple[WargameConfig, tuple[str, str]], seed: int
) -> None:
    config, lineup = table
    seen = play_forging(config, seed, lineup)
    assert seen["refused"] > 0


KINDS = {
    GOVERNMENT: ("army", "tank", "police", "mob", "helicopter"),
    REBELS: ("irregular", "police", "mob", "army", "tank", "helicopter"),
}
GROUND = tuple(label for label in all_hexes() if terrain(label) != "lake")
BOUND = tuple(
    label for label in GROUND if sum(terrain(n) == "lake" or has_side("river", label, n) for n in adjacent(label)) >= 2
)
"""Hexes that units on foot cannot leave towards two or more neighbours (lakes, rivers): retreats there differ
most between helicopters and the rest."""


@st.composite
def skirmishes(draw: st.DrawFn) -> tuple[Any, ...]:
    """A small fight on an empty map: the attacker's side, the target hex and its defenders (helicopters, ground
    units, leaders on foot or riding), what stands in each neighbour (nothing, attackers, the defender's friends;
    or attackers in every neighbour a unit on foot could retreat to), the dice, and a seed for the choices."""
    side = draw(st.sampled_from((GOVERNMENT, REBELS)))
    target = draw(st.sampled_from(BOUND) | st.sampled_from(GROUND))
    ground = draw(st.lists(st.sampled_from(KINDS[1 - side][:-1]), min_size=0, max_size=3))
    helicopters = draw(st.integers(0 if ground else 1, 2))
    leaders = draw(st.lists(st.booleans(), max_size=1 if side == REBELS else 2))  # riding?
    surround = draw(st.booleans())
    roles = {label: draw(st.sampled_from(("empty", "attackers", "attackers", "friend"))) for label in adjacent(target)}
    attackers = {label: draw(st.lists(st.sampled_from(KINDS[side]), min_size=1, max_size=3)) for label in roles}
    dice_rolled = tuple(random.Random(draw(st.integers(0, 2**32 - 1))).choices(range(1, 7), k=3))
    options = {"surrender": draw(st.booleans()), "salvage": draw(st.booleans())}
    return (
        side,
        target,
        ground,
        helicopters,
        leaders,
        surround,
        roles,
        attackers,
        dice_rolled,
        options,
        draw(st.integers()),
    )


def put_if_free(state: WargameState, side: int, kind: str, label: str, riding: str = "") -> str:
    """put, if side has a counter of kind left (else "")."""
    return put(state, side, kind, label, riding) if free_counter(state, side, kind) else ""


def set_skirmish(spec: tuple[Any, ...]) -> WargameState:
    """The attack phase of spec's fight (see skirmishes)."""
    side, target, ground, helicopters, leaders, surround, roles, attackers, dice_rolled, options, _ = spec
    state = board(phase="attack", side=side, **options)
    defending = 1 - side
    for kind in ground:
        put_if_free(state, defending, kind, target)
    carriers = [put_if_free(state, defending, "helicopter", target) for _ in range(helicopters)]
    carriers = [uid for uid in carriers if uid]
    for riding in leaders:
        put_if_free(state, defending, "leader", target, riding=carriers[0] if riding and carriers else "")
    for label, role in roles.items():
        on_foot = terrain(label) != "lake" and not has_side("river", target, label)
        if surround and on_foot:
            role = "attackers"
        if role == "friend" and terrain(label) != "lake":
            put_if_free(state, defending, "mob" if defending == REBELS else "police", label)
        elif role == "attackers":
            for kind in attackers[label]:
                if kind == "helicopter" or terrain(label) != "lake":
                    put_if_free(state, side, kind, label)
    dice(state, *dice_rolled)
    return state


SKIRMISHES = 800


@pytest.mark.slow
@settings(FORGED_SETTINGS, max_examples=SKIRMISHES, phases=(Phase.explicit, Phase.generate, Phase.shrink))
@given(spec=skirmishes())
def test_forged_moves_in_a_fight_are_refused_or_allowed_by_the_rules(spec: tuple[Any, ...]) -> None:
    """One attack on a small board, every decision of the fight probed with forged moves, the choices random."""
    state = set_skirmish(spec)
    rng = random.Random(spec[-1])
    seat = state.side
    legal = WARGAME.legal(state, seat)
    attacks = [m for m in legal if isinstance(m, Attack)]
    if not attacks:
        return
    probe(state, seat, legal, rng)
    state, events = WARGAME.apply(state, seat, rng.choice(attacks))
    while window(state) != "attack" and state.winner is None:
        seat = WARGAME.to_act(state)[0]
        legal = WARGAME.legal(state, seat)
        probe(state, seat, legal, rng)
        move = rng.choice(legal)
        after, events = WARGAME.apply(state, seat, move)
        check_step(state, move, events, after)
        state = after


@st.composite
def crowds(draw: st.DrawFn) -> tuple[Any, ...]:
    """A crowded corner of the map in a move phase: around a centre, each hex empty, or a stack of the mover (at
    times over the limit), of the enemy, or a lone rebel leader; leaders on foot or riding; a seed for the choices."""
    side = draw(st.sampled_from((GOVERNMENT, REBELS)))
    centre = draw(st.sampled_from(BOUND) | st.sampled_from(GROUND))
    near = [h.label for h in spiral(hex_of(centre), 2) if h.col >= 0 and h.row >= 0 and h.label in HEXES]
    roles = [draw(st.sampled_from(("empty", "empty", "mine", "mine", "theirs", "leader"))) for _ in near]
    stacks_drawn = [draw(st.lists(st.sampled_from(KINDS[side]), min_size=1, max_size=4)) for _ in near]
    enemies = [draw(st.lists(st.sampled_from(KINDS[1 - side]), min_size=1, max_size=3)) for _ in near]
    leaders = draw(st.lists(st.tuples(st.integers(0, len(near) - 1), st.booleans()), max_size=2))
    return side, list(zip(near, roles, stacks_drawn, enemies, strict=True)), leaders, draw(st.integers())


def set_crowd(spec: tuple[Any, ...]) -> WargameState:
    """The move phase of spec's crowd (see crowds)."""
    side, hexes, leaders, _ = spec
    state = board(phase="move", side=side)
    for label, role, mine, theirs in hexes:
        if role == "mine":
            for kind in mine[: 4 if terrain(label) != "lake" else 0]:
                put_if_free(state, side, kind, label)
        elif role == "theirs":
            for kind in theirs:
                if kind == "helicopter" or terrain(label) != "lake":
                    put_if_free(state, 1 - side, kind, label)
        elif role == "leader" and side == GOVERNMENT and terrain(label) != "lake":
            put_if_free(state, REBELS, "leader", label)
    for index, riding in leaders:
        label = hexes[index][0]
        here = [u for u in stack_at(state, label) if u.side == side]
        carrier = next((u.uid for u in here if u.is_helicopter), "")
        if here and (carrier or terrain(label) != "lake"):
            put_if_free(state, side, "leader", label, riding=carrier if riding else "")
    return state


CROWDS = 50


@pytest.mark.slow
@settings(FORGED_SETTINGS, max_examples=CROWDS, phases=(Phase.explicit, Phase.generate, Phase.shrink))
@given(spec=crowds())
def test_forged_moves_in_a_crowd_are_refused_or_allowed_by_the_rules(spec: tuple[Any, ...]) -> None:
    """A move phase among crowded stacks (over-stacked ones, lone rebel leaders, leaders riding helicopters): up to
    eight random decisions of the mover, then the end of the phase (flights and disbanding), all probed."""
    state = set_crowd(spec)
    rng = random.Random(spec[-1])
    mover = state.side
    for decision in range(12):
        if state.winner is not None or (state.phase, state.side) != ("move", mover):
            break
        seat = WARGAME.to_act(state)[0]
        legal = WARGAME.legal(state, seat)
        probe(state, seat, legal, rng)
        ending = decision >= 8 and EndPhase() in legal
        move = EndPhase() if ending else rng.choice(legal)
        after, events = WARGAME.apply(state, seat, move)
        check_step(state, move, events, after)
        state = after


def test_forged_disbands_are_refused_or_listed() -> None:
    """Four rebel mobs at J1, hemmed in by lakes and government armies, end their move over-stacked: the disband
    window (which the games seldom reach) is probed like the others."""
    state = board(phase="move", side=REB)
    for _ in range(4):
        put(state, REB, "mob", "J1")
    for label in ("K1", "J2"):
        put(state, GOV, "army", label)
    state, _ = play(state, REB, EndPhase())
    assert window(state) == "disband"
    tally = probe(state, REB, WARGAME.legal(state, REB), random.Random(1))
    assert tally["refused"] > 10


# --- the holes found, each as its smallest reproduction -----------------------------------------------------------


def opening_moves(scenario: str = "basic", seed: int = 1) -> WargameState:
    """Turn 1 of a game, the placements done: the government's first move phase."""
    state = WARGAME.new(WargameConfig(scenario=scenario, turn_limit=0), seed)
    while window(state) == "place":
        state, _ = WARGAME.apply(state, WARGAME.to_act(state)[0], AutoPlace())
    assert (state.turn, window(state), state.side) == (1, "move", GOVERNMENT)
    return state


def leader_with_nowhere_to_retreat() -> WargameState:
    """Two government armies at L7 and K6 attack a rebel helicopter and a rebel leader (on the ground) at K7 and
    roll R: the helicopter may fly over the river to either of two hexes, the leader may go nowhere (his other
    neighbours lie across the river, which a retreat on foot may not cross)."""
    state = board(phase="attack", side=GOV)
    armies = tuple(sorted(put(state, GOV, "army", label) for label in ("L7", "K6")))
    put(state, REB, "helicopter", "K7")
    leader = put(state, REB, "leader", "K7")
    dice(state, 5)  # 1-1 (the leader adds to the defence), die 5: R
    state, _ = play(state, GOV, Attack(armies, ("K7",)))
    state, events = play(state, REB, BugOut(leader))  # nowhere to bug out to: he stays
    assert window(state) == "retreat", texts(events)
    return state


def test_a_leader_with_nowhere_to_retreat_cannot_be_sent_anywhere() -> None:
    """The leader at K7 has nowhere to retreat to (the rules kill him), so a retreat naming a hex for him, any hex
    and even one off the map, is refused (retreat_error checked a leader's hex only when he had somewhere to go)."""
    state = leader_with_nowhere_to_retreat()
    leader = next(u.uid for u in stack_at(state, "K7") if u.is_leader)
    legal = WARGAME.legal(state, REB)
    assert len(legal) == 2 and all(leader not in dict(m.moves) for m in legal), legal
    for listed in legal:
        for to in ("A99", "Z1", "R13", *adjacent("K7"), "K7"):
            with pytest.raises(IllegalMove):
                WARGAME.apply(state, REB, Retreat((*listed.moves, (leader, to))))
    after, events = WARGAME.apply(state, REB, legal[0])
    assert after.units[leader].status == "dead", texts(events)


def _alias_state() -> tuple[WargameState, MoveUnits]:
    state = opening_moves()
    move = next(m for m in WARGAME.legal(state, GOVERNMENT) if isinstance(m, MoveUnits) and len(m.units) == 1)
    return state, move


@pytest.mark.parametrize("spelling", SPELLINGS, ids=["lower", "padded", "zero", "newline"])
def test_a_move_to_a_hex_spelt_otherwise_is_refused(spelling: Callable[[str], str]) -> None:
    """Turn 1: a government police may move to A8, but not to "a8", " A8", "A08" or "A8\\n": those are no labels of
    the map, yet route() reads them as A8 (Hex.parse ignores case, spaces and leading zeros) and the unit is put at
    hex "a8", a hex the rest of the rules cannot see."""
    state, move = _alias_state()
    with pytest.raises(IllegalMove):
        WARGAME.apply(state, GOVERNMENT, MoveUnits(move.units, spelling(move.to)))


def test_a_unit_next_to_the_enemy_can_be_attacked_however_its_move_spelt_its_hex() -> None:
    """What the hole above did: a rebel irregular moved to "f5" stood next to the government army at G5, yet no
    attack on it was listed and Attack(army, "f5") and Attack(army, "F5") were both refused. Now "f5" is refused and
    the move to F5 puts it where the army can attack it."""
    state = board(phase="move", side=REB)
    irregular = put(state, REB, "irregular", "E5")
    army = put(state, GOV, "army", "G5")
    with pytest.raises(IllegalMove, match="'f5' is no hex of the map"):
        play(state, REB, MoveUnits((irregular,), "f5"))
    state, _ = play(state, REB, MoveUnits((irregular,), "F5"))
    state.phase, state.side = "attack", GOVERNMENT
    assert Attack((army,), ("F5",)) in WARGAME.legal(state, GOV)


def test_refused_moves_leave_nothing_behind_in_the_label_caches() -> None:
    """A thousand refused moves to made-up labels ("A1000", "A1001", ...) each add an entry to board.hex_of's
    process-wide cache (route() parses MoveUnits.to, on_board() an attack's targets): a client can grow the server's
    memory without bound, one refused move at a time."""
    state = board(phase="move", side=REB)
    irregular = put(state, REB, "irregular", "E5")
    before = hex_of.cache_info().currsize
    for number in range(1000, 2000):
        with pytest.raises(IllegalMove):
            play(state, REB, MoveUnits((irregular,), f"A{number}"))
    assert hex_of.cache_info().currsize - before < 100
