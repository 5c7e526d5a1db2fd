"""The wire: msgpack messages in frames of a 4-byte big-endian length and a bounded payload."""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack

PROTOCOL_VERSION = 3  # 3: a card view's seats hold no cards; its hands (G54: asides) are its own fields
MAX_FRAME = 64 * 1024
HEADER = struct.Struct(">I")
NAME_LIMIT = 64  # characters of a message's type, and of a string id


class WireError(Exception):
    """A frame that cannot be read; code names the fault for the error reply."""

    code = "malformed"


class FrameTooLarge(WireError):
    """A frame longer than the limit: the stream cannot be trusted after it."""

    code = "too_large"


class MalformedFrame(WireError):
    """A frame whose payload is not a msgpack map with a string 'type'."""


def encode(message: dict[str, Any], max_frame: int = MAX_FRAME) -> bytes:
    """One frame holding message."""
    payload: bytes = msgpack.packb(message, use_bin_type=True)  # type: ignore[no-untyped-call]  # msgpack ships no hints for packb
    if len(payload) > max_frame:
        raise FrameTooLarge(f"message of {len(payload)} bytes exceeds the {max_frame}-byte frame limit")
    return HEADER.pack(len(payload)) + payload


def decode(payload: bytes) -> dict[str, Any]:
    """The message in payload; MalformedFrame if it is not a map with a string 'type'."""
    try:
        message = msgpack.unpackb(payload, raw=False, strict_map_key=True)  # type: ignore[attr-defined,no-untyped-call]  # msgpack's stub does not list unpackb
    except Exception as error:  # msgpack raises several unrelated types on garbage
        raise MalformedFrame(f"payload is not msgpack: {type(error).__name__}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise MalformedFrame("a message is a map with a string 'type'")
    if len(message["type"]) > NAME_LIMIT:
        raise MalformedFrame(f"a message's type is at most {NAME_LIMIT} characters")
    ref = message.get("id")
    if ref is not None and not (type(ref) is int or (isinstance(ref, str) and len(ref) <= NAME_LIMIT)):
        raise MalformedFrame(f"an id is an integer or a string of at most {NAME_LIMIT} characters")
    return message


async def read_frame(reader: asyncio.StreamReader, max_frame: int = MAX_FRAME) -> dict[str, Any]:
    """The next message; IncompleteReadError at the end of the stream, WireError on a bad frame."""
    (length,) = HEADER.unpack(await reader.readexactly(HEADER.size))
    if length > max_frame:
        raise FrameTooLarge(f"frame of {length} bytes exceeds the {max_frame}-byte limit")
    return decode(await reader.readexactly(length))
