"""Frozen dataclasses built fast: the views and events the engines make for every decision."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
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
    A field the constructor does not take (init=False) must have a default and be left out of comparison: it is a memo,
    something worked out from the other fields once and kept (see remember); the new instance starts it at its default.
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
        plain = not field.kw_only and field.default_factory is dataclasses.MISSING
        memo = not field.init and not field.compare and field.default is not dataclasses.MISSING
        if not (plain and (field.init or memo)) or field.name == "self" or field.name.startswith(("set_", "default_")):
            raise TypeError(f"{cls.__name__}.{field.name}: only plain fields, with or without a default, are supported")
        if not field.init:
            namespace[f"default_{field.name}"] = field.default
            field_value = f"default_{field.name}"
        elif field.default is dataclasses.MISSING:
            parameters.append(field.name)
            field_value = field.name
        else:
            namespace[f"default_{field.name}"] = field.default
            parameters.append(f"{field.name}=default_{field.name}")
            field_value = field.name
        namespace[f"set_{field.name}"] = getattr(cls, field.name).__set__
        stores.append(f"    set_{field.name}(self, {field_value})\n")
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


def remember(instance: Any, name: str, value: T) -> T:
    """Keep value in the memo field name of a frozen dataclass instance (a field with init=False and compare=False,
    worked out from its other fields, which never change), and return it."""
    object.__setattr__(instance, name, value)
    return value


def replacer(cls: type[T]) -> Callable[..., T]:
    """A fast dataclasses.replace for frozen dataclass cls, written out once for its fields: for fields a and b,

        def replace(value, a=KEEP, b=KEEP):
            return cls(value.a if a is KEEP else a, value.b if b is KEEP else b)

    (dataclasses.replace works out the fields at every call, at four times the cost). Memo fields start afresh."""
    names = [field.name for field in dataclasses.fields(cls) if field.init]  # type: ignore[arg-type]  # a dataclass
    namespace: dict[str, Any] = {"cls": cls, "KEEP": _KEEP}
    arguments = ", ".join(f"value.{name} if {name} is KEEP else {name}" for name in names)
    keywords = "".join(f", {name}=KEEP" for name in names)
    exec(f"def replace(value, *{keywords}):\n    return cls({arguments})\n", namespace)
    replace: Callable[..., T] = namespace["replace"]
    return replace


_KEEP: Any = object()
