"""Whole copies of the engines' mutable dataclasses, planned once per class from its declared field types."""

from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Callable
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

T = TypeVar("T")
Copier = Callable[[Any], Any]
IMMUTABLE_TYPES = (int, str, bool, float, type(None))


def deep_copy(value: T) -> T:
    """A copy of value (an unfrozen dataclass) sharing nothing mutable with it; fast, as every field's way of being
    copied was worked out once for its class. A field of a type it cannot copy is a TypeError, never left shared."""
    cls: type = type(value)
    copy: T = dataclass_copier(cls)(value)
    return copy


@functools.cache
def dataclass_copier(cls: type) -> Copier:
    """How deep_copy copies an instance of dataclass cls (a state's clone calls it straight, one call less a move):
    immutable fields are shared, every other field is copied by its declared type. The copy is made in one function
    written out for cls: for a dataclass with slots (the engines' states), a new instance whose slots are stored one by
    one, as dataclasses' __init__ would (a third cheaper than calling it); for a plain one, a call of its constructor
    (never through __dict__, which would slow every later attribute access). For a state with fields rng and deck, say,

        def copy(value):
            self = new(cls)
            self.rng = value.rng
            self.deck = copy_1(value.deck)
            return self

    with copy_1 = list (a loop over the fields would cost three times as much, and the engines copy a whole state for
    every move)."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: a dataclass with __post_init__ cannot be copied field by field")
    values = []
    namespace: dict[str, Any] = {"cls": cls, "new": object.__new__}
    for index, (name, copy_field) in enumerate(_field_copiers(cls)):
        if copy_field is None:
            values.append((name, f"value.{name}"))
        else:
            namespace[f"copy_{index}"] = copy_field
            values.append((name, f"copy_{index}(value.{name})"))
    if all(name in getattr(cls, "__slots__", ()) for name, _ in values):
        stores = "".join(f"    self.{name} = {value}\n" for name, value in values)
        body = f"    self = new(cls)\n{stores}    return self\n"
    else:
        body = f"    return cls({', '.join(value for _, value in values)})\n"
    exec(f"def copy(value):\n{body}", namespace)
    copy: Copier = namespace["copy"]
    return copy


def _field_copiers(cls: type) -> list[tuple[str, Copier | None]]:
    """Each field of dataclass cls, with how to copy it."""
    hints = get_type_hints(cls)
    fields = dataclasses.fields(cls)
    if not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__}: a field its constructor does not take cannot be copied")
    return [(f.name, _copier(hints[f.name], f"{cls.__name__}.{f.name}")) for f in fields]


def _immutable(cls: type) -> bool:
    """Whether every field of frozen dataclass cls is immutable, memos aside (fields its constructor does not take and
    comparison leaves out, worked out from the others, which never change: see core.frozen.remember)."""
    hints = get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init or f.compare]
    return all(_copier(hints[f.name], f"{cls.__name__}.{f.name}") is None for f in fields)


def _copier(hint: Any, where: str) -> Copier | None:
    """How to copy a value of type hint: None when it is immutable (shared as it is); TypeError when unknown."""
    origin, args = get_origin(hint), get_args(hint)
    if hint in IMMUTABLE_TYPES:
        return None
    if origin in (Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        inner = [_copier(option, where) for option in options]
        if all(copier is None for copier in inner):
            return None
        if len(options) == 1 and inner[0] is not None:
            copy_one = inner[0]
            return lambda value: None if value is None else copy_one(value)
    elif origin is tuple:
        if all(_copier(item, where) is None for item in args if item is not Ellipsis):
            return None
    elif origin is list:
        item = _copier(args[0], where)
        if item is None:
            return list
        copy_item = item
        return lambda value: [copy_item(v) for v in value]
    elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not hint.__dataclass_params__.frozen:  # type: ignore[attr-defined]  # set on every dataclass, untyped
            return dataclass_copier(hint)
        if _immutable(hint):
            return None
    raise TypeError(f"{where}: no way to copy a {hint!r} (only immutable values, lists and dataclasses)")
