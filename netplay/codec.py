"""Plain data to and from the engines' dataclasses (views, events, moves), for the wire."""

from __future__ import annotations

import dataclasses
import functools
import types
from typing import Any, Union, get_args, get_origin, get_type_hints

from core.cards.events import Event
from core.cards.views import CoupView

VIEW_TYPES: dict[str, type] = {"coup": CoupView}


def to_plain(value: Any) -> Any:
    """Dataclasses as maps and tuples as lists, recursively."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    return value


def from_plain(cls: type, data: Any) -> Any:
    """Rebuild dataclass cls from plain data; ValueError if data does not fit."""
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__} expects a map")
    hints = _hints(cls)
    values = {}
    for field in _fields(cls):
        if field.name in data:
            values[field.name] = _convert(hints[field.name], data[field.name])
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise ValueError(f"{cls.__name__} lacks {field.name!r}")
    return cls(**values)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


@functools.cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


def _convert(hint: Any, value: Any) -> Any:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        if value is None:
            return None
        options = [a for a in get_args(hint) if a is not type(None)]
        return _convert(options[0], value) if len(options) == 1 else value
    if dataclasses.is_dataclass(hint):
        return from_plain(hint, value)  # type: ignore[arg-type]
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise ValueError("expected a list")
        return tuple(_convert(get_args(hint)[0], v) for v in value)
    return value


def view_from_plain(game: str, data: Any) -> Any:
    """A view of game from the wire."""
    return from_plain(VIEW_TYPES[game], data)


def events_from_plain(data: Any) -> list[Event]:
    """Events from the wire."""
    if not isinstance(data, list):
        raise ValueError("events are a list")
    return [from_plain(Event, e) for e in data]
