"""Plain data to and from the engines' dataclasses (views, events, moves), for the wire.

Converters are built once per type from its type hints, so decoding a view is a few dict and
tuple comprehensions rather than reflection on every value."""

from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin, get_type_hints

from core.frozen import DERIVE
from core.registry import game_spec

SCALARS = (str, int, float, bool, type(None))
Converter = Callable[[Any], Any]


def to_plain(value: Any) -> Any:
    """Dataclasses as maps and tuples as lists, recursively."""
    if isinstance(value, SCALARS):
        return value
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    names, kind = _shape(type(value))  # type: ignore[arg-type]  # mypy: a class is Hashable, not type[Any]
    plain = {name: to_plain(getattr(value, name)) for name in names}
    if kind is not None:
        plain["kind"] = kind
    return plain


@functools.cache
def _shape(cls: type) -> tuple[tuple[str, ...], str | None]:
    """The fields of dataclass cls that go on the wire: those its constructor takes and those it works out from them
    (a seat's alive: clients read it; the other side works it out again); and its kind when that is a class constant
    rather than a field (the wargame's moves: one class per kind, told apart on the wire by it)."""
    names = tuple(f.name for f in dataclasses.fields(cls) if f.init or DERIVE in f.metadata)
    kind = getattr(cls, "kind", None)
    return names, kind if isinstance(kind, str) and "kind" not in names else None


def from_plain(cls: type, data: Any) -> Any:
    """Rebuild dataclass cls from plain data; ValueError if data does not fit."""
    return _converter(cls)(data)


@functools.cache
def _converter(hint: Any) -> Converter:
    """A function turning plain data into a value of type hint."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        inner = _converter(options[0]) if len(options) == 1 else (lambda v: v)
        return lambda value: None if value is None else inner(value)
    if origin is tuple:
        item = _converter(get_args(hint)[0])

        def to_tuple(value: Any) -> tuple[Any, ...]:
            if not isinstance(value, (list, tuple)):
                raise ValueError("expected a list")
            return tuple(item(v) for v in value)

        return to_tuple
    if isinstance(hint, type) and (kinds := _kinds(hint)):  # a base of moves told apart by their kind
        return _kind_converter(hint, kinds)
    if dataclasses.is_dataclass(hint):
        return _dataclass_converter(hint)  # type: ignore[arg-type]  # is_dataclass narrows to class-or-instance
    return lambda value: value


def _dataclass_converter(cls: type) -> Converter:
    hints = get_type_hints(cls)
    fields = [
        (
            f.name,
            _converter(hints[f.name]),
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
        if f.init
    ]

    def build(data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"{cls.__name__} expects a map")
        values = {}
        for name, convert, required in fields:
            if name in data:
                values[name] = convert(data[name])
            elif required:
                raise ValueError(f"{cls.__name__} lacks {name!r}")
        return cls(**values)

    return build


def _kinds(base: type) -> dict[str, type]:
    """The dataclasses derived from base by their class constant kind (see _shape); {} for any other class."""
    found: dict[str, type] = {}
    subclasses: list[type] = base.__subclasses__()
    for subclass in subclasses:
        kind = _shape(subclass)[1] if dataclasses.is_dataclass(subclass) else None
        if kind is not None:
            found[kind] = subclass
        found.update(_kinds(subclass))
    return found


def _kind_converter(base: type, kinds: dict[str, type]) -> Converter:
    """Plain data to the subclass of base its kind names."""
    converters = {kind: _dataclass_converter(cls) for kind, cls in kinds.items()}

    def build(data: Any) -> Any:
        convert = converters.get(str(data.get("kind"))) if isinstance(data, dict) else None
        if convert is None:
            raise ValueError(f"{base.__name__} expects a map with a kind among {', '.join(converters)}")
        return convert(data)

    return build


def view_to_plain(game: str, state: Any, seat: int | None) -> Any:
    """seat's view of a state of game as an update carries it: plain data, without what a client derives from the
    rest (the game's GameSpec.wire_view), which the host then never works out."""
    spec = game_spec(game)
    return to_plain(spec.engine.view(state, seat) if spec.wire_view is None else spec.wire_view(state, seat))


def view_from_plain(game: str, data: Any) -> Any:
    """A view of game (as the host names it) from the wire, with what the wire left out rebuilt (the game's
    GameSpec.restore_view); ValueError for an unknown game or a malformed view."""
    spec = game_spec(game)
    return spec.restore_view(from_plain(spec.view_type, data))


def events_from_plain(game: str, data: Any) -> list[Any]:
    """Events of game from the wire."""
    if not isinstance(data, list):
        raise ValueError("events are a list")
    event_type = game_spec(game).event_type
    return [from_plain(event_type, e) for e in data]
