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
    copy: T = _dataclass_copier(cls)(value)
    return copy


@functools.cache
def _dataclass_copier(cls: type) -> Copier:
    """Copy an instance of cls: immutable fields are shared, every other field is copied by its declared type. The copy
    is built by cls's own constructor (never through __dict__, which would slow every later attribute access), in one
    call written out for cls the way dataclasses writes its __init__: for a Player, say,

        def copy(value):
            return cls(value.name, value.coins, copy_2(value.hidden), copy_3(value.revealed), copy_4(value.claims))

    with copy_2 = copy_3 = copy_4 = list (a loop over the fields would cost three times as much, and the engines copy
    a whole state for every move)."""
    arguments = []
    namespace: dict[str, Any] = {"cls": cls}
    for index, (name, copier) in enumerate(_field_copiers(cls)):
        if copier is None:
            arguments.append(f"value.{name}")
        else:
            namespace[f"copy_{index}"] = copier
            arguments.append(f"copy_{index}(value.{name})")
    exec(f"def copy(value):\n    return cls({', '.join(arguments)})\n", namespace)
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
            return _dataclass_copier(hint)
        if _immutable(hint):
            return None
    raise TypeError(f"{where}: no way to copy a {hint!r} (only immutable values, lists and dataclasses)")
