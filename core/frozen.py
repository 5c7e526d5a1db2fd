"""Frozen dataclasses built fast: the views and events the engines make for every decision."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def frozen_dataclass(cls: type[T]) -> type[T]:
    """cls as @dataclass(frozen=True, slots=True) makes it (equal, hashable, refusing assignment, its fields in slots),
    with a faster __init__ of the very same signature. A frozen class's own __init__ sets each field through
    object.__setattr__ (plain assignment is refused), which made a view of 23 fields cost 4 µs, more than all the rest
    of a decision's view; this one sets each slot through its descriptor, for a fifth of that. For fields a and b = 0:

        def __init__(self, a, b=default_b):
            set_a(self, a)
            set_b(self, b)

    with set_a = cls.a.__set__ and default_b = 0. (Writing into the instance's __dict__ instead is a little faster to
    build, but every later read of a field is slower, and bots read views far more than the engine builds them.)
    A class this cannot build the same way (__post_init__, default factories, init-only or keyword-only fields) is a
    TypeError."""
    cls = dataclasses.dataclass(frozen=True, slots=True)(cls)
    cls.__init__ = _fast_init(cls)  # type: ignore[method-assign]  # replacing the dataclass's own is the point
    return cls


def _fast_init(cls: type) -> Callable[..., None]:
    """An __init__ for frozen dataclass cls with the signature of the one dataclass wrote, setting its slots."""
    expected = _parameters(cls.__init__)  # type: ignore[misc]  # the dataclass's own __init__, read before it goes
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: a frozen dataclass with __post_init__ is built by its own __init__")
    namespace: dict[str, Any] = {}
    parameters, stores = ["self"], []
    for field in dataclasses.fields(cls):
        plain = field.init and not field.kw_only and field.default_factory is dataclasses.MISSING
        if not plain or field.name == "self" or field.name.startswith(("set_", "default_")):
            raise TypeError(f"{cls.__name__}.{field.name}: only plain fields, with or without a default, are supported")
        if field.default is dataclasses.MISSING:
            parameters.append(field.name)
        else:
            namespace[f"default_{field.name}"] = field.default
            parameters.append(f"{field.name}=default_{field.name}")
        namespace[f"set_{field.name}"] = getattr(cls, field.name).__set__
        stores.append(f"    set_{field.name}(self, {field.name})\n")
    body = "".join(stores) or "    pass\n"
    exec(f"def __init__({', '.join(parameters)}):\n{body}", namespace)
    init: Callable[..., None] = namespace["__init__"]
    if _parameters(init) != expected:
        raise TypeError(f"{cls.__name__}: the fast __init__ {inspect.signature(init)} is not the dataclass's")
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = f"A new {cls.__name__} (see core.frozen.frozen_dataclass)."
    return init


def _parameters(function: Callable[..., None]) -> list[tuple[str, Any, Any]]:
    """The name, kind and default of each parameter of function."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]
