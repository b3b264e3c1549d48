"""Constructs that need CPython 3.10 or newer (structural pattern matching,
parenthesised context managers). examples/pyc/ holds its .pyc for 3.10-3.13."""

import contextlib
from dataclasses import dataclass


@dataclass
class Point:
    x: int
    y: int


def describe(value):
    match value:
        case None:
            return "nothing"
        case 0 | 1 as small:
            return f"small {small}"
        case int(n) if n < 0:
            return "negative"
        case str() | bytes():
            return "text"
        case [first, *rest]:
            return f"sequence starting {first} with {len(rest)} more"
        case {"kind": kind, **others}:
            return f"mapping of {kind} ({len(others)} others)"
        case Point(x=0, y=y):
            return f"on the y axis at {y}"
        case Point(x, y) if x == y:
            return "diagonal"
        case (1, 2) | (3, 4):
            return "pair"
        case float(f) | complex(f):
            return str(f)
        case _:
            return "something else"


def nested_match(command):
    match command.split():
        case ["go", ("north" | "south" | "east" | "west") as direction]:
            return direction
        case ["drop", *objects]:
            for obj in objects:
                match obj:
                    case "all":
                        return "everything"
                    case _:
                        continue
            return objects
        case []:
            return None
    return "unknown"


def parenthesised_with(a, b):
    with (
        contextlib.nullcontext(a) as first,
        contextlib.nullcontext(b) as second,
    ):
        return first, second
