"""Constructs that need CPython 3.14 or newer: template strings (PEP 750),
deferred annotations (PEP 649/749), `except A, B:` without parentheses
(PEP 758), and code that shows the instructions 3.14 added or changed
(LOAD_SMALL_INT, LOAD_FAST_BORROW, LOAD_SPECIAL, LOAD_COMMON_CONSTANT,
subscripts as BINARY_OP, NOT_TAKEN, POP_ITER). examples/pyc/ holds its .pyc
for 3.14 and 3.15."""

from string.templatelib import Interpolation, Template


class Account:
    owner: str
    balance: "Decimal"  # deferred: never evaluated unless asked for
    history: list[tuple[str, int]] = []

    def deposit(self, amount: int) -> "Account":
        self.balance += amount
        return self


def greeting(name: str, width: int = 10) -> Template:
    return t"Hello {name!r:>{width}}, you owe {width * 2:.2f}"


def render(template: Template) -> str:
    parts = []
    for item in template:
        if isinstance(item, Interpolation):
            parts.append(str(item.value))
        else:
            parts.append(item)
    return "".join(parts)


def parse_number(text):
    try:
        return int(text)
    except ValueError, TypeError:
        return None
    finally:
        text = None


def small_numbers(values):
    total = 0
    for i, value in enumerate(values):
        if value is None or value in (255, 256):
            continue
        total += values[i] * 3 - 1
    assert total >= -1, "negative total"
    return total, values[1:-1], all(v for v in values)


async def copy_lines(source, sink):
    async with source as lines:
        async for line in lines:
            if line not in ("", "\n"):
                await sink.write(line)
    with open(sink.name) as handle:
        return handle.read()


def not_implemented():
    raise NotImplementedError
