"""Frozen dataclasses built fast (core.frozen): the objects, signatures and guarantees of @dataclass(frozen=True)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from core.cards.events import Event
from core.cards.g54.state import Challenge as G54Challenge
from core.cards.g54.state import Claim as G54Claim
from core.cards.g54.state import G54Player
from core.cards.g54.state import Pending as G54Pending
from core.cards.g54.views import G54View
from core.cards.seats import CardChallenge
from core.cards.state import Challenge, Pending, Player
from core.cards.table_view import CardView
from core.cards.views import CoupView
from core.frozen import builder, derived, frozen_dataclass, packing_builder, replacer

FAST = [
    Event,
    CardChallenge,
    CardView,
    Player,
    Pending,
    Challenge,
    CoupView,
    G54Player,
    G54Pending,
    G54Claim,
    G54Challenge,
    G54View,
]


@frozen_dataclass
class Plain:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class Reference:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()


def test_a_fast_frozen_dataclass_is_what_dataclass_makes() -> None:
    fast, slow = Plain(1, c=(2,)), Reference(1, c=(2,))
    assert dataclasses.astuple(fast) == dataclasses.astuple(slow) == (1, "b", (2,))
    assert repr(fast) == repr(slow).replace("Reference", "Plain")
    assert fast == Plain(1, "b", (2,)) and hash(fast) == hash(Plain(1, "b", (2,))) and fast != Plain(2)
    assert dataclasses.replace(fast, b="x") == Plain(1, "x", (2,))
    assert copy.deepcopy(fast) == pickle.loads(pickle.dumps(fast)) == fast
    assert not hasattr(fast, "__dict__")  # its fields are in slots, which bots read fastest
    assert [(p.name, p.default) for p in inspect.signature(Plain).parameters.values()] == [
        (p.name, p.default) for p in inspect.signature(Reference).parameters.values()
    ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.a = 2  # type: ignore[misc]  # the point: assignment is refused
    with pytest.raises(TypeError):
        Plain()  # type: ignore[call-arg]  # a field without a default is required


@pytest.mark.parametrize("cls", FAST, ids=lambda cls: cls.__name__)
def test_views_and_events_are_frozen_dataclasses_built_fast(cls: type) -> None:
    params: Any = cls.__dataclass_params__  # type: ignore[attr-defined]  # set on every dataclass, untyped
    build = vars(cls)["__new__"]  # its own, not inherited
    assert params.frozen and build.__qualname__ == f"{cls.__qualname__}.__new__"
    names = [f.name for f in dataclasses.fields(cls) if f.init]  # the rest are worked out (derived)
    assert list(inspect.signature(cls).parameters) == names == list(inspect.signature(builder(cls)).parameters)


def test_what_it_cannot_build_alike_is_an_error() -> None:
    with pytest.raises(TypeError, match="only plain fields"):

        @frozen_dataclass
        class Factory:
            items: tuple[int, ...] = dataclasses.field(default_factory=tuple)

    with pytest.raises(TypeError, match="__post_init__"):

        @frozen_dataclass
        class Checked:
            a: int

            def __post_init__(self) -> None:
                pass


@frozen_dataclass
class WithDerived:
    a: int
    b: tuple[int, ...] = ()
    total: int = derived(lambda value: value.a + sum(value.b))


def test_a_derived_field_is_worked_out_as_each_instance_is_built_and_never_passed_compared_or_shown() -> None:
    value = WithDerived(1, (2, 3))
    assert value.total == 6 and list(inspect.signature(WithDerived).parameters) == ["a", "b"]
    assert value == WithDerived(1, (2, 3)) and repr(value) == "WithDerived(a=1, b=(2, 3))"
    assert value.__replace__(a=4).total == 9 and dataclasses.replace(value, b=()).total == 1
    assert copy.deepcopy(value).total == pickle.loads(pickle.dumps(value)).total == 6
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.total = 0  # type: ignore[misc]


def test_a_builder_makes_what_its_class_makes() -> None:
    build = builder(WithDerived)
    value = build(1, b=(2, 3))
    assert value == WithDerived(1, (2, 3)) and type(value) is WithDerived and value.total == 6
    assert build(4) == WithDerived(4) and hash(build(4)) == hash(WithDerived(4))
    assert inspect.signature(build).parameters == inspect.signature(WithDerived).parameters
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.a = 2  # type: ignore[misc]  # built by either, it refuses assignment
    with pytest.raises(TypeError):
        build()  # type: ignore[call-arg]  # a field without a default is required

    class Undecorated(WithDerived):
        pass

    with pytest.raises(TypeError, match="not a frozen_dataclass"):
        builder(Undecorated)  # its base's would build the base


def test_a_packing_builder_takes_the_last_fields_in_one_tuple() -> None:
    assert packing_builder(Plain, 1)(1, ("x", (2,))) == Plain(1, "x", (2,))
    assert type(packing_builder(Plain, 0)((1, "x", (2,)))) is Plain
    with pytest.raises(ValueError):
        packing_builder(Plain, 1)(1, ("x",))  # every field is given
    for cls, leading in ((WithDerived, 1), (Plain, 3)):
        with pytest.raises(TypeError, match="packing builder"):
            packing_builder(cls, leading)


def test_the_fast_replace_is_dataclasses_replace() -> None:
    fast = replacer(Plain)
    value = Plain(1, "x", (2,))
    for changes in ({}, {"a": 5}, {"b": "y", "c": ()}, {"a": 0, "b": "", "c": (1, 2)}):
        assert fast(value, **changes) == dataclasses.replace(value, **changes)
    with pytest.raises(TypeError):
        fast(value, d=1)
    with pytest.raises(TypeError, match="only plain fields"):

        @frozen_dataclass
        class LeftOut:
            a: int
            kept: int = dataclasses.field(default=0, init=False, compare=False)
