"""Frozen dataclasses built fast: the views and events the engines make for every decision."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, Literal, ParamSpec, TypeVar, dataclass_transform

T = TypeVar("T")
P = ParamSpec("P")
DERIVE = "derive"
BUILD = "_frozen_builder"  # the class attribute that keeps a class's builder (not a dunder: those are Python's)


def derived(compute: Callable[[Any], Any], *, init: Literal[False] = False, default: Any = None) -> Any:
    """A field of a frozen_dataclass worked out as each instance is built, by compute(instance) once the other fields
    are in (they never change, so it never goes stale): never passed to the constructor, compared or shown, and read
    as fast as any field (a property is a call at every read)."""
    return dataclasses.field(init=init, default=default, compare=False, repr=False, metadata={DERIVE: compute})


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, derived))
def frozen_dataclass(cls: type[T]) -> type[T]:
    """cls as @dataclass(frozen=True, slots=True) makes it (equal, hashable, refusing assignment, its fields in slots),
    built for a half to a third of the cost. A frozen class refuses assignment through a __setattr__ of its own, so its
    constructor cannot store a field the plain way; dataclasses' stores each through object.__setattr__ (4 µs for a
    view of 23 fields, more than all the rest of a decision's view), and even calling each slot's descriptor costs
    twice what a plain store does. So the instance is made as a twin class that adds nothing but the plain
    __setattr__ (the same slots, so the same layout), its fields stored the plain way, and then given its own class,
    frozen from then on. For fields a and b = 0, cls.__new__ is

        def __new__(cls, a, b=default_b):
            self = new(Unfrozen)
            self.a = a
            self.b = b
            self.__class__ = cls
            return self

    with Unfrozen the twin, new = object.__new__ and default_b = 0, and cls.__init__ is object's (nothing left to do);
    the same function without the cls parameter builds the class itself, for who calls it often (see builder).
    (Writing into the instance's __dict__ instead would make every later read of a field slower, and bots read views
    far more than the engines build them.) The only field the constructor does not take is one made by derived, which
    the new instance works out once the others are in. A class this cannot build the same way (__post_init__, default
    factories, other fields left out of the constructor, init-only or keyword-only fields) is a TypeError."""
    cls = dataclasses.dataclass(frozen=True, slots=True)(cls)
    expected = _parameters(cls.__init__, skip_first=True)  # the dataclass's own __init__, read before it goes
    cls.__new__, build = _constructors(cls)  # type: ignore[method-assign]  # replacing how it is built is the point
    setattr(cls, BUILD, build)  # for builder
    cls.__init__ = object.__init__  # type: ignore[method-assign]  # __new__ leaves it nothing to do
    cls.__reduce__ = _reduce  # type: ignore[method-assign,assignment]  # copies and pickles rebuild it through __new__
    if _parameters(cls.__new__, skip_first=True) != expected:
        raise TypeError(f"{cls.__name__}: the fast constructor {inspect.signature(cls)} is not the dataclass's")
    cls.__replace__ = replacer(cls)  # type: ignore[attr-defined]  # value.__replace__(a=1): copy.replace's protocol
    return cls


def builder(cls: Callable[P, T]) -> Callable[P, T]:
    """A function that builds frozen dataclass cls as cls(...) does, given the same arguments, for about two thirds of
    the cost: Python (3.11) calls a class's own __new__ by a generic path, which packs the arguments (keywords into
    a dict) and unpacks them again, where a function is called straight. For the records the engines make at every
    step (their events)."""
    build: Callable[P, T] | None = vars(cls).get(BUILD)  # its own: a subclass not made a frozen_dataclass has none
    if build is None:
        raise TypeError(f"{getattr(cls, '__name__', cls)} is not a frozen_dataclass: it has no builder of its own")
    return build


def packing_builder(cls: type[T], leading: int) -> Callable[..., T]:
    """A builder of frozen dataclass cls (see builder) that takes its first `leading` fields one by one and the others
    packed in one tuple, in their order: for a caller handed those as a tuple (a card game's own fields of its view,
    after those every game's view has), where spreading them over the call would cost more than the builder saves.
    For fields a, b and c, and leading 1,

        def build(a, packed):
            self = new(Unfrozen)
            self.a = a
            self.b, self.c = packed
            self.__class__ = cls
            return self

    with the names of cls's own builder. A class with derived fields, or none left to pack, is a TypeError."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]  # a dataclass
    names = [field.name for field in fields]
    first, rest = names[:leading], names[leading:]
    if any(not field.init for field in fields) or "packed" in names or not rest:
        raise TypeError(f"{cls.__name__}: a packing builder takes every field, some packed, none named 'packed'")
    stores = "".join(f"    self.{name} = {name}\n" for name in first)
    code = f"def build({', '.join([*first, 'packed'])}):\n    self = new(Unfrozen)\n{stores}"
    code += f"    {''.join(f'self.{name}, ' for name in rest)}= packed\n    self.__class__ = cls\n    return self\n"
    namespace = {**builder(cls).__globals__}  # Unfrozen, new and cls, as the class's own builder has them
    exec(code, namespace)
    build: Callable[..., T] = namespace["build"]
    build.__qualname__ = f"{cls.__qualname__}.build"
    return build


def _constructors(cls: type) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """A __new__ for frozen dataclass cls, taking what the dataclass's __init__ took, built as its unfrozen twin; and
    the same without its first parameter, building cls (see builder)."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: a frozen dataclass with __post_init__ is built by its own __init__")
    unfrozen = type(cls)(
        f"Unfrozen{cls.__name__}",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )
    namespace: dict[str, Any] = {"Unfrozen": unfrozen, "new": object.__new__}
    parameters, lines, derivations = ["cls"], ["    self = new(Unfrozen)\n"], []
    for field in dataclasses.fields(cls):
        plain = not field.kw_only and field.default_factory is dataclasses.MISSING
        clashes = field.name in namespace or field.name in ("cls", "self") or field.name.startswith("default_")
        if not (plain and (field.init or DERIVE in field.metadata)) or clashes:
            raise TypeError(f"{cls.__name__}.{field.name}: only plain fields, with or without a default, are supported")
        if field.default is not dataclasses.MISSING:
            namespace[f"default_{field.name}"] = field.default
        if DERIVE in field.metadata:
            namespace[f"derive_{field.name}"] = field.metadata[DERIVE]
            derivations.append(f"    self.{field.name} = derive_{field.name}(self)\n")
            continue
        has_default = field.default is not dataclasses.MISSING
        parameters.append(f"{field.name}=default_{field.name}" if has_default else field.name)
        lines.append(f"    self.{field.name} = {field.name}\n")
    lines.extend(derivations)  # once every other field is in
    lines.append("    self.__class__ = cls\n    return self\n")
    body = "".join(lines)
    exec(f"def __new__({', '.join(parameters)}):\n{body}", namespace)
    own = {**namespace, "cls": cls}  # the class itself, where __new__ takes it as cls
    exec(f"def build({', '.join(parameters[1:])}):\n{body}", own)
    new, build = namespace["__new__"], own["build"]
    new.__qualname__, build.__qualname__ = f"{cls.__qualname__}.__new__", f"{cls.__qualname__}.build"
    new.__doc__ = build.__doc__ = f"A new {cls.__name__} (see core.frozen.frozen_dataclass)."
    return new, build


def _reduce(value: Any) -> tuple[type, tuple[Any, ...]]:
    """How copy and pickle rebuild a fast frozen dataclass: its class called with its fields (derived ones worked out
    again)."""
    cls = type(value)
    return cls, tuple([getattr(value, field.name) for field in dataclasses.fields(cls) if field.init])


def _parameters(function: Callable[..., Any], skip_first: bool = False) -> list[tuple[str, Any, Any]]:
    """The name, kind and default of each parameter of function (but the first, with skip_first: a __new__'s cls)."""
    parameters = list(inspect.signature(function).parameters.values())[1 if skip_first else 0 :]
    return [(p.name, p.kind, p.default) for p in parameters]


def replacer(cls: type[T]) -> Callable[..., T]:
    """A fast dataclasses.replace for frozen dataclass cls, written out once for its fields: for fields a and b,

        def replace(value, *, a=KEEP, b=KEEP):
            return build(value.a if a is KEEP else a, value.b if b is KEEP else b)

    with build = builder(cls), the class's constructor called straight (dataclasses.replace works out the fields at
    every call, at four times the cost). Derived fields are worked out again. frozen_dataclass gives every class its
    own, as __replace__ (so value.__replace__(a=1) is a method call)."""
    names = [field.name for field in dataclasses.fields(cls) if field.init]  # type: ignore[arg-type]  # a dataclass
    namespace: dict[str, Any] = {"KEEP": _KEEP, "build": builder(cls)}
    arguments = ", ".join(f"value.{name} if {name} is KEEP else {name}" for name in names)
    keywords = "".join(f", {name}=KEEP" for name in names)
    exec(f"def replace(value, *{keywords}):\n    return build({arguments})\n", namespace)
    replace: Callable[..., T] = namespace["replace"]
    return replace


_KEEP: Any = object()
