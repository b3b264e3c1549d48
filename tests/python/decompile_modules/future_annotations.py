"""Module-level round trip under `from __future__ import annotations`: every
annotation is stored as its source text and must be written back as source."""
from __future__ import annotations

import typing

counter: int = 0
names: typing.List[str]


class Point:
    x: float
    y: float = 0.0
    label: "str | None" = None

    def moved(self, dx: float, *, scale: typing.Optional[float] = None) -> Point:
        return Point()


def distance(a: Point, b: Point, /) -> float:
    return abs(a.x - b.x)
