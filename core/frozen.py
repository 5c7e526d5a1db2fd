"""Frozen dataclasses built as fast as plain ones: the views and events the engines make for every decision."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def frozen_dataclass(cls: type[T]) -> type[T]:
    """cls as @dataclass(frozen=True) makes it (equal, hashable, refusing assignment), with a faster __init__ of the
    very same signature. The frozen class's own __init__ sets each field through object.__setattr__ (plain assignment is
    refused), which makes a view of 23 fields cost 4 µs, more than the rest of a decision's view; this one writes the
    fields into the new instance's __dict__, as object.__setattr__ does in the end, for a quarter of that. For a class
    with fields a and b = 0 it is

        def __init__(self, a, b=default_b):
            fields = self.__dict__
            fields["a"] = a
            fields["b"] = b

    A class this cannot build the same way (__post_init__, default factories, init-only or keyword-only fields, slots)
    is a TypeError."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    cls.__init__ = _fast_init(cls)  # type: ignore[method-assign]  # replacing the dataclass's own is the point
    return cls


def _fast_init(cls: type) -> Callable[..., None]:
    """An __init__ for frozen dataclass cls with the signature of the one dataclass wrote, storing into __dict__."""
    expected = _parameters(cls.__init__)  # type: ignore[misc]  # the dataclass's own __init__, read before it goes
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: a frozen dataclass with __post_init__ or slots is built by its own __init__")
    if {"self", "fields"} & {field.name for field in fields}:
        raise TypeError(f"{cls.__name__}: a field named self or fields would hide the names __init__ uses")
    namespace: dict[str, Any] = {}
    parameters, stores = ["self"], ["    fields = self.__dict__"]
    for field in fields:
        if field.default_factory is not dataclasses.MISSING or not field.init or field.kw_only:
            raise TypeError(f"{cls.__name__}.{field.name}: only plain fields, with or without a default, are supported")
        if field.default is dataclasses.MISSING:
            parameters.append(field.name)
        else:
            namespace[f"default_{field.name}"] = field.default
            parameters.append(f"{field.name}=default_{field.name}")
        stores.append(f"    fields[{field.name!r}] = {field.name}")
    exec(f"def __init__({', '.join(parameters)}):\n" + "\n".join(stores) + "\n", namespace)
    init: Callable[..., None] = namespace["__init__"]
    if _parameters(init) != expected:
        raise TypeError(f"{cls.__name__}: the fast __init__ {inspect.signature(init)} is not the dataclass's")
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = f"A new {cls.__name__} (see core.frozen.frozen_dataclass)."
    return init


def _parameters(function: Callable[..., None]) -> list[tuple[str, Any, Any]]:
    """The name, kind and default of each parameter of function."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]
