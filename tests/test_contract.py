"""The contract every registered game keeps: pure apply, refused illegal moves, exact replays, determinism, no leaks."""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
import pytest

from core.game import Game, IllegalMove
from core.records import Record, replay
from core.registry import GAMES
from core.sim import derive_seeds
from netplay.codec import events_from_plain, to_plain, view_from_plain, view_to_plain

ROOT = Path(__file__).resolve().parent.parent
VIEW_SAMPLES = 30  # states per game whose views are checked for every seat (views of the wargame cost its legal moves)
PROBES = 2  # illegal moves of each sort tried per state


@dataclass(frozen=True)
class Case:
    """One table of a game: its config in plain data, the seeds the random bots play and those the rule bots play."""

    label: str
    options: Mapping[str, Any]
    random_seeds: tuple[int, ...] = (1, 2)
    rule_seeds: tuple[int, ...] = (3,)
    max_moves: int = 600


@dataclass(frozen=True)
class Sim:
    """A self-play run played in two processes with different hash seeds: bots by seat, games, seed."""

    options: Mapping[str, Any]
    bots: tuple[str, ...]
    games: int
    seed: int


@dataclass(frozen=True)
class Contract:
    """What the contract plays for one game. complete_legal says legal lists every legal move (so any other move
    is refused); a game that lists a representative set (the wargame's movement and attacks) says False and is
    probed only with moves of a kind its legal moves lack."""

    cases: tuple[Case, ...]
    sims: tuple[Sim, ...]
    complete_legal: bool = True


G54_SIM_ROLES = ["Speculator", "Reporter", "Judge", "Lawyer", "Missionary"]
CONTRACTS: dict[str, Contract] = {
    "coup": Contract(
        cases=(
            Case("2p", {"players": 2}),
            Case("2p-variant", {"players": 2, "two_player_variant": True}),
            Case("4p", {"players": 4}),
            Case("6p-inquisitor", {"players": 6, "inquisitor": True}, random_seeds=(1,)),
        ),
        sims=(Sim({}, ("rule", "rule", "random", "random"), 20, 3), Sim({"inquisitor": True}, ("rule",) * 3, 10, 8)),
    ),
    "reformation": Contract(
        cases=(
            Case("10p-inquisitor", {"players": 10, "inquisitor": True}),
            Case("3p", {"players": 3}),
        ),
        sims=(Sim({"inquisitor": True}, ("rule",) * 7, 6, 5),),
    ),
    "g54": Contract(
        cases=(
            Case("4p-first", {"players": 4, "selection": "first"}),
            Case("3p-random", {"players": 3, "selection": "random"}),
            Case("6p-advanced", {"players": 6, "selection": "advanced"}),
            Case("2p-advanced", {"players": 2, "selection": "advanced"}, rule_seeds=(3, 4)),
        ),
        sims=(
            Sim({"selection": "pick", "roles": G54_SIM_ROLES}, ("rule", "rule", "random", "random"), 60, 4),
            Sim({"selection": "advanced"}, ("rule",) * 5, 20, 7),
        ),
    ),
    "wargame": Contract(
        cases=(
            Case("basic", {"scenario": "basic", "turn_limit": 1}, random_seeds=(1,), rule_seeds=(2,)),
            Case(
                "advanced-rules",
                {
                    "scenario": "advanced",
                    "turn_limit": 1,
                    "salvage": True,
                    "surrender": True,
                    "extra_reinforcements": True,
                },
                random_seeds=(1,),
                rule_seeds=(),
            ),
        ),
        sims=(Sim({"scenario": "basic", "turn_limit": 2}, ("rule", "rule"), 1, 1),),
        complete_legal=False,
    ),
}


# -- playing a game, keeping every step ----------------------------------------------------------------------------


@dataclass
class Step:
    """seat played move on state (as seen in view), giving events."""

    state: Any
    seat: int
    move: Any
    view: Any
    events: list[Any]


@dataclass
class Run:
    """One game played by bots: every state (and an untouched deep copy of each, taken as it was made), every
    step, the record, and whether the game ended."""

    name: str
    game: Game
    config: Any
    seed: int
    complete_legal: bool
    states: list[Any] = field(default_factory=list)
    copies: list[Any] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    record: Record | None = None

    @property
    def final(self) -> Any:
        return self.states[-1]

    @property
    def finished(self) -> bool:
        return self.game.result(self.final) is not None

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(len(self.game.names(self.final))))

    @functools.cached_property
    def sampled_views(self) -> list[tuple[Any, dict[int | None, Any]]]:
        """At most VIEW_SAMPLES states spread over the game (the first and the last included), each with its view
        for every seat and for a spectator (None)."""
        count = len(self.states)
        picks = sorted({round(i * (count - 1) / max(VIEW_SAMPLES - 1, 1)) for i in range(min(VIEW_SAMPLES, count))})
        viewers = (None, *self.seats)
        return [(self.states[i], {v: self.game.view(self.states[i], v) for v in viewers}) for i in picks]

    def assert_untouched(self) -> None:
        """No state of the game changed since it was made (apply, view, legal... only read them)."""
        changed = [
            i for i, (state, original) in enumerate(zip(self.states, self.copies, strict=True)) if state != original
        ]
        assert not changed, f"states changed after they were made: {changed[:5]}"

    def legal_pool(self) -> list[Any]:
        """Every move some seat could make at some point of this game (candidates for illegal moves elsewhere)."""
        pool: dict[Any, None] = {}
        for step in self.steps:
            pool.update(dict.fromkeys(step.view.legal))
        return list(pool)


@functools.cache
def play(name: str, case_index: int, level: str, seed: int) -> Run:
    """A game of name's case by bots of level, until it ends or the case's move limit; in a window several seats
    owe, the random bots' games answer in an order drawn from the seed, the rule bots' clockwise."""
    spec, contract = GAMES[name], CONTRACTS[name]
    case = contract.cases[case_index]
    game = spec.engine
    config = game.load_config(dict(case.options))
    state = game.new(config, seed)
    run = Run(name, game, config, seed, contract.complete_legal, [state], [copy.deepcopy(state)])
    run.record = Record(name, config.to_dict(), seed)
    players = len(game.names(state))
    bots = [spec.make_bot(level, s) for s in derive_seeds(seed, players)]
    order = random.Random(seed)
    while game.result(state) is None and len(run.steps) < case.max_moves:
        owing = game.to_act(state)
        assert owing, f"nobody owes a decision in a game without a result (move {len(run.steps)})"
        seat = owing[0] if level == "rule" else order.choice(owing)
        view = game.view(state, seat)
        move = bots[seat].choose(view)
        after, events = game.apply(state, seat, move)
        run.steps.append(Step(state, seat, move, view, events))
        run.record.add(seat, move)
        run.states.append(after)
        run.copies.append(copy.deepcopy(after))
        state = after
    return run


def runs() -> Iterator[Any]:
    """One pytest param per registered game, case, bot level and seed."""
    for name, spec in GAMES.items():
        contract = CONTRACTS.get(name)
        if contract is None:
            continue  # test_every_registered_game_has_a_contract says so
        for index, case in enumerate(contract.cases):
            for level, seeds in (("random", case.random_seeds), ("rule", case.rule_seeds)):
                if level not in spec.bots:
                    continue
                for seed in seeds:
                    yield pytest.param(name, index, level, seed, id=f"{name}-{case.label}-{level}{seed}")


RUNS = list(runs())


def kind(move: Any) -> str:
    """What sort of decision move is (its kind, in plain data)."""
    return str(getattr(move, "kind", type(move).__name__))


# -- hidden information ---------------------------------------------------------------------------------------------


def hidden_zones(state: Any) -> list[tuple[int | None, list[str]]]:
    """The face-down card lists of a card game's state with the seat that may see each (None: nobody, the deck):
    the deck, each player's hand (hands) and cards lost face down (asides), the cards each seat chooses from
    (choices) and the cards the acting player drew (drawn). [] for a game without face-down cards. Each is copied
    out into a list (a state holds tuples; put_back writes the lists into the state)."""
    zones: list[tuple[int | None, list[str]]] = []
    if not hasattr(state, "deck"):
        return zones
    zones.append((None, list(state.deck)))
    for name in SEAT_ZONES:
        zones.extend((seat, list(cards)) for seat, cards in enumerate(getattr(state, name, ())))
    for seat, cards in enumerate(getattr(state, "choices", ())):
        zones.append((seat, list(cards)))
    if state.drawn:
        pending = state.pending
        zones.append((pending.actor if pending is not None else state.active, list(state.drawn)))
    return zones


SEAT_ZONES = ("hands", "asides")


def put_back(state: Any, zones: list[tuple[int | None, list[str]]]) -> None:
    """Write the cards of zones (as hidden_zones gave them, then changed) into state."""
    cards = iter(tuple(zone) for _, zone in zones)
    state.deck = next(cards)
    for name in SEAT_ZONES:
        if hasattr(state, name):
            setattr(state, name, tuple(next(cards) for _ in state.players))
    if hasattr(state, "choices"):
        state.choices = tuple(next(cards) for _ in state.choices)
    if state.drawn:
        state.drawn = next(cards)


def cards_of(state: Any, seat: int | None) -> set[str]:
    """The face-down cards seat itself holds, chooses from or drew."""
    return {card for owner, cards in hidden_zones(state) if owner == seat and seat is not None for card in cards}


def secrets_shuffled(state: Any, viewer: int | None, rng: random.Random) -> Any | None:
    """A copy of state whose face-down cards viewer may not see (the deck's and the other seats') are dealt again
    at random, every list keeping its size, and whose RNG differs; None when there is nothing to shuffle."""
    other = copy.deepcopy(state)
    every_zone = hidden_zones(other)
    zones = [cards for owner, cards in every_zone if owner is None or owner != viewer]
    pool = [card for cards in zones for card in cards]
    if len(set(pool)) < 2:
        return None
    before = [list(cards) for cards in zones]
    while [list(cards) for cards in zones] == before:
        rng.shuffle(pool)
        position = 0
        for cards in zones:
            cards[:] = pool[position : position + len(cards)]
            position += len(cards)
    if every_zone:
        put_back(other, every_zone)
    return reseeded(other)


def reseeded(state: Any) -> Any:
    """state with another RNG (the next draws, rolls and shuffles differ)."""
    return dataclasses.replace(state, rng=state.rng ^ 0x5DEECE66D5DEECE6)


def private_strings(mine: Any, public: Any) -> set[str]:
    """The strings of a seat's view in plain data (mine) where the spectator's view (public) differs."""
    if mine == public:
        return set()
    if isinstance(mine, dict) and isinstance(public, dict):
        return {s for key, value in mine.items() for s in private_strings(value, public.get(key))}
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return {s for a, b in zip(mine, public, strict=True) for s in private_strings(a, b)}
    return strings(mine)


def strings(value: Any) -> set[str]:
    """Every string in plain data."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for v in value.values() for s in strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in strings(v)}
    return set()


def knows(game: Game, state: Any, seat: int | None) -> set[str]:
    """The cards seat may know in state: its own face-down cards and whatever its view shows a spectator's does not."""
    if seat is None:
        return set()
    return cards_of(state, seat) | private_strings(to_plain(game.view(state, seat)), to_plain(game.view(state, None)))


# -- the contract ---------------------------------------------------------------------------------------------------


def test_every_registered_game_has_a_contract() -> None:
    assert set(CONTRACTS) == set(GAMES), "every game in core.registry.GAMES needs its configs in CONTRACTS"


@pytest.mark.parametrize(("name", "case", "level", "seed"), RUNS)
def test_apply_never_changes_its_input_and_is_a_function(name: str, case: int, level: str, seed: int) -> None:
    run = play(name, case, level, seed)
    for index, step in enumerate(run.steps):
        assert step.state == run.copies[index], f"move {index} ({step.move}) changed the state it was applied to"
        again, events = run.game.apply(run.copies[index], step.seat, step.move)
        assert again == run.states[index + 1] and events == step.events, f"move {index} gave another result"
    run.assert_untouched()


@pytest.mark.parametrize(("name", "case", "level", "seed"), RUNS)
def test_illegal_moves_are_refused_and_change_nothing(name: str, case: int, level: str, seed: int) -> None:
    run = play(name, case, level, seed)
    game, pool, rng = run.game, run.legal_pool(), random.Random(seed)
    tried = 0
    for index, step in enumerate(run.steps):
        legal = step.view.legal
        kinds = {kind(move) for move in legal}
        probes: list[tuple[int, Any]] = []
        other_kind = [m for m in pool if kind(m) not in kinds]
        probes += [(step.seat, m) for m in rng.sample(other_kind, min(PROBES, len(other_kind)))]
        if run.complete_legal:
            unlisted = [m for m in pool if m not in legal]
            probes += [(step.seat, m) for m in rng.sample(unlisted, min(PROBES, len(unlisted)))]
        idle = [s for s in (*run.seats, len(run.seats)) if s not in game.to_act(step.state)]
        probes += [(s, step.move) for s in idle]
        for seat, move in probes:
            with pytest.raises(IllegalMove):
                game.apply(step.state, seat, move)
            assert step.state == run.copies[index], f"refusing {move} for seat {seat} changed the state"
            tried += 1
    if run.finished:
        for seat in run.seats:
            for move in [run.steps[-1].move, *rng.sample(pool, min(PROBES, len(pool)))]:
                with pytest.raises(IllegalMove):
                    game.apply(run.final, seat, move)
                assert run.final == run.copies[-1]
                tried += 1
    assert tried


@pytest.mark.parametrize(("name", "case", "level", "seed"), RUNS)
def test_the_record_replays_exactly_after_msgpack(name: str, case: int, level: str, seed: int) -> None:
    run = play(name, case, level, seed)
    assert run.record is not None
    plain = {"game": run.record.game, "config": run.record.config, "seed": run.record.seed, "moves": run.record.moves}
    data = msgpack.unpackb(msgpack.packb(plain))
    record = Record(data["game"], data["config"], data["seed"], [(seat, move) for seat, move in data["moves"]])
    assert run.game.load_config(record.config) == run.config
    assert replay(record) == run.final
    assert replay(Record.from_json(record.to_json())) == run.final
    run.assert_untouched()


@pytest.mark.parametrize(("name", "case", "level", "seed"), RUNS)
def test_someone_owes_a_decision_until_the_result(name: str, case: int, level: str, seed: int) -> None:
    run = play(name, case, level, seed)
    game = run.game
    for index, state in enumerate(run.states):
        owing = game.to_act(state)
        assert len(set(owing)) == len(owing) and set(owing) <= set(run.seats)
        if game.result(state) is None:
            assert owing, f"nobody owes a decision after move {index} and there is no result"
        else:
            assert index == len(run.states) - 1 and not owing, "moves owed after the result"
        for seat in run.seats:
            mover = index < len(run.steps) and run.steps[index].seat == seat
            legal = run.steps[index].view.legal if mover else game.legal(state, seat)  # the mover's: computed once
            assert bool(legal) == (seat in owing), f"seat {seat} owes {seat in owing} but has {len(legal)} moves"
    run.assert_untouched()


@pytest.mark.parametrize(("name", "case", "level", "seed"), RUNS)
def test_views_show_no_other_seats_cards_and_nothing_of_the_deck(name: str, case: int, level: str, seed: int) -> None:
    run = play(name, case, level, seed)
    game, rng, shuffled = run.game, random.Random(seed), 0
    for state, views in run.sampled_views:
        if game.result(state) is not None:
            continue  # every hand is face up at the end
        for viewer, view in views.items():
            assert game.view(reseeded(state), viewer) == view, "a view depends on the RNG: it predicts the draws"
            other = secrets_shuffled(state, viewer, rng)
            if other is not None:
                assert game.view(other, viewer) == view, f"seat {viewer}'s view shows cards it may not see"
                assert to_plain(game.view(other, viewer)) == to_plain(view)
                shuffled += 1
    run.assert_untouched()
    if not hidden_zones(run.states[0]):
        pytest.skip(f"{name} has no face-down cards (checked: no view depends on the RNG)")
    assert shuffled


@pytest.mark.parametrize(("name", "case", "level", "seed"), RUNS)
def test_events_show_a_seat_only_cards_it_may_know(name: str, case: int, level: str, seed: int) -> None:
    """A seat sees in events only its own cards, what its views show it, and (in a public event) cards the mover
    held and showed everyone (Embezzlement's proof shows the whole hand)."""
    run = play(name, case, level, seed)
    game = run.game
    for index, step in enumerate(run.steps):
        after = run.states[index + 1]
        if game.result(after) is not None:
            continue  # every hand is face up at the end
        for viewer in (None, *run.seats):
            shown = [(event, set(getattr(event, "cards", ()))) for event in step.events if game.sees(event, viewer)]
            if not any(cards for _, cards in shown):
                continue
            known = knows(game, step.state, viewer) | knows(game, after, viewer)
            for event, cards in shown:
                public = cards_of(step.state, step.seat) if game.sees(event, None) else set()
                assert cards <= known | public, f"move {index} shows seat {viewer} {sorted(cards - known)} in {event}"
    run.assert_untouched()


@pytest.mark.parametrize(("name", "case", "level", "seed"), RUNS)
def test_views_and_events_cross_the_wire_unchanged(name: str, case: int, level: str, seed: int) -> None:
    """Views as the wire carries them (without what a client derives) come back whole, naming the players."""
    run = play(name, case, level, seed)
    game = run.game
    for state, views in run.sampled_views:
        for viewer, view in views.items():
            wire = msgpack.unpackb(msgpack.packb(view_to_plain(name, state, viewer)))
            assert view_from_plain(name, wire) == view
            assert game.names(view) == game.names(state)
    for step in run.steps:
        wire = msgpack.unpackb(msgpack.packb(to_plain(step.events)))
        assert events_from_plain(name, wire) == step.events
        assert game.load_move(msgpack.unpackb(msgpack.packb(to_plain(step.move)))) == step.move
    run.assert_untouched()


SIM_SCRIPT = """
import hashlib, json, sys
from core.registry import game_spec
from core.sim import derive_seeds, play_game

digests = []
for name, options, bots, games, seed in json.loads(sys.argv[1]):
    spec = game_spec(name)
    config = spec.engine.load_config({**options, "players": len(bots)})
    for game_seed in derive_seeds(seed, games):
        players = [spec.make_bot(level, s) for level, s in zip(bots, derive_seeds(game_seed, len(bots)))]
        record = play_game(spec.engine, config, game_seed, players).record
        digests.append(hashlib.sha256(record.to_json().encode()).hexdigest()[:16])
print(json.dumps(digests))
"""


def sim_in_process(sims: list[Any], hash_seed: int) -> subprocess.Popen[str]:
    """A fresh Python process playing sims (each game's record hashed) under PYTHONHASHSEED=hash_seed."""
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    command = [sys.executable, "-c", SIM_SCRIPT, json.dumps(sims)]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_same_seed_plays_the_same_games_under_other_hash_seeds(name: str) -> None:
    contract = CONTRACTS.get(name)
    if contract is None:
        pytest.fail(f"{name} has no contract")
    sims = [[name, dict(s.options), list(s.bots), s.games, s.seed] for s in contract.sims]
    processes = [sim_in_process(sims, hash_seed) for hash_seed in (1, 3)]
    results = []
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        results.append(json.loads(out))
    first, second = results
    differ = [i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b]
    assert not differ, f"{len(differ)} of {len(first)} games differ between PYTHONHASHSEED=1 and 3 (first: {differ[0]})"
