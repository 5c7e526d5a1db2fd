"""Hex coordinates: odd-r offset hexes with labels, cube/axial conversion, neighbours, distance, lines, rings."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import NamedTuple

DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")
# Axial (q, r) steps in DIRECTIONS order; pointy-top, r grows downwards.
_AXIAL_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_LABEL = re.compile(r"^([A-Za-z]+)([0-9]+)$")


def column_letters(col: int) -> str:
    """Column letters for a 0-based column: A..Z, then AA, AB, ..."""
    letters = ""
    number = col + 1
    while number > 0:
        number, digit = divmod(number - 1, 26)
        letters = chr(ord("A") + digit) + letters
    return letters


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number - 1


class Hex(NamedTuple):
    """A hex in odd-r offset coordinates (0-based; odd rows shifted half a hex right). A named tuple, so it hashes and
    compares as fast as a tuple: the wargame's movement search looks hexes up in dicts a million times a game."""

    col: int
    row: int

    @property
    def label(self) -> str:
        """Map label: column letters (A..Z, AA..) then 1-based row number; "A1" is Hex(0, 0)."""
        if self.col < 0 or self.row < 0:
            raise ValueError(f"{self} has no label (negative coordinate)")
        return f"{column_letters(self.col)}{self.row + 1}"

    @classmethod
    def parse(cls, label: str) -> Hex:
        """The hex a label names (case-insensitive); ValueError on anything else."""
        match = _LABEL.match(label.strip()) if isinstance(label, str) else None
        if match is None or int(match.group(2)) < 1:
            raise ValueError(f"not a hex label: {label!r}")
        return cls(_column_number(match.group(1)), int(match.group(2)) - 1)


@dataclass(frozen=True)
class Cube:
    """Cube coordinates (q + r + s == 0)."""

    q: int
    r: int
    s: int


def to_axial(h: Hex) -> tuple[int, int]:
    return h.col - (h.row - (h.row & 1)) // 2, h.row


def from_axial(q: int, r: int) -> Hex:
    return Hex(q + (r - (r & 1)) // 2, r)


def to_cube(h: Hex) -> Cube:
    q, r = to_axial(h)
    return Cube(q, r, -q - r)


def from_cube(c: Cube) -> Hex:
    return from_axial(c.q, c.r)


def neighbor(h: Hex, direction: int) -> Hex:
    """The adjacent hex in DIRECTIONS[direction]."""
    q, r = to_axial(h)
    dq, dr = _AXIAL_STEPS[direction]
    return from_axial(q + dq, r + dr)


@functools.cache
def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six adjacent hexes in DIRECTIONS order (not clipped to any map); worked out once per hex."""
    return tuple(neighbor(h, direction) for direction in range(len(DIRECTIONS)))


def distance(a: Hex, b: Hex) -> int:
    ca, cb = to_cube(a), to_cube(b)
    return max(abs(ca.q - cb.q), abs(ca.r - cb.r), abs(ca.s - cb.s))


def _cube_round(q: float, r: float, s: float) -> Cube:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Cube(rq, rr, rs)


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from a to b, both included (cube lerp nudged off hex edges)."""
    steps = distance(a, b)
    if steps == 0:
        return [a]
    ca, cb = to_cube(a), to_cube(b)
    start = (ca.q + 1e-6, ca.r + 2e-6, ca.s - 3e-6)
    end = (cb.q + 1e-6, cb.r + 2e-6, cb.s - 3e-6)
    result = []
    for i in range(steps + 1):
        t = i / steps
        result.append(from_cube(_cube_round(*(p + (e - p) * t for p, e in zip(start, end, strict=True)))))
    return result


def ring(center: Hex, radius: int) -> list[Hex]:
    """The 6 * radius hexes at exactly `radius` from center ([center] for radius 0), walking E, NE, ... from SW."""
    if radius < 0:
        raise ValueError(f"negative radius {radius}")
    if radius == 0:
        return [center]
    q, r = to_axial(center)
    dq, dr = _AXIAL_STEPS[4]
    q, r = q + dq * radius, r + dr * radius
    result = []
    for step_q, step_r in _AXIAL_STEPS:
        for _ in range(radius):
            result.append(from_axial(q, r))
            q, r = q + step_q, r + step_r
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within `radius` of center: center first, then ring 1, ring 2, ..."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def hexside(a: Hex, b: Hex) -> frozenset[Hex]:
    """The side between two adjacent hexes, as the unordered pair; ValueError if they are not adjacent."""
    if distance(a, b) != 1:
        raise ValueError(f"{a} and {b} are not adjacent")
    return frozenset((a, b))
