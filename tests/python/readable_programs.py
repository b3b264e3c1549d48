"""Random programs in the shape of Dynamo's decompiled code, and a harness that
runs a program's exact and readable renderings side by side.

Each program is a function of parameters `a, b, c` that builds lists from
displays, reads them with constant subscripts, splices them with slice
assignments, `extend`, `append` and `del`, aliases them, passes them to
calls (which record what they receive, identities included, and may mutate
it), deletes names, branches and returns: the operations the readable
rendering follows abstractly, and the ones that must make a list real.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List


class Recorder:
    """The globals the programs call. Every call is logged with a description of its
    arguments in which each distinct object gets a number (so identity is compared)."""

    def __init__(self) -> None:
        self.log: List[Any] = []
        self.ids: Dict[int, int] = {}
        self.kept: List[Any] = []  # keeps described objects alive: ids stay unique

    def describe(self, value: Any, depth: int = 0) -> Any:
        if isinstance(value, list):
            self.kept.append(value)
            number = self.ids.setdefault(id(value), len(self.ids))
            return ("list#%d" % number, [self.describe(v, depth + 1) for v in value] if depth < 3 else "...")
        if isinstance(value, tuple):
            return tuple(self.describe(v, depth + 1) for v in value)
        return value

    def call(self, name: str, mutate: bool) -> Any:
        def function(*args: Any) -> Any:
            self.log.append((name, self.describe(list(args))[1]))
            if mutate:
                for arg in args:
                    if isinstance(arg, list):
                        arg.append(name)
                        break
            return "%s-result-%d" % (name, len(self.log))

        return function

    def namespace(self) -> Dict[str, Any]:
        return {
            "__compiled_fn_1": self.call("graph", False),
            "__resume_at_1_2": self.call("resume", False),
            "keep": self.call("keep", False),
            "grow": self.call("grow", True),
        }


_ATOMS = ["a", "b", "c", "1", "'s'", "None"]


class ProgramGenerator:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.lists: List[str] = []
        self.values: List[str] = ["a", "b", "c"]
        self.counter = 0
        self.deleted: set = set()

    def fresh(self) -> str:
        self.counter += 1
        return "__temp_%d" % self.counter

    def atom(self) -> str:
        choice = self.random.random()
        live = [v for v in self.values if v not in self.deleted]
        if choice < 0.5 and live:
            return self.random.choice(live)
        if choice < 0.7 and self.lists:
            return (
                self.random.choice(self.lists) + "[0]" if self.random.random() < 0.3 else self.random.choice(self.lists)
            )
        if choice < 0.8:
            return "keep(%s)" % self.random.choice(_ATOMS)
        return self.random.choice(_ATOMS)

    def display(self) -> str:
        items = [self.atom() for _ in range(self.random.randint(0, 3))]
        if self.lists and self.random.random() < 0.3:
            items.append("*" + self.random.choice(self.lists))
        return "[%s]" % ", ".join(items)

    def statement(self, indent: str) -> List[str]:
        r = self.random.random()
        lines: List[str] = []
        if r < 0.25 or not self.lists:
            name = self.fresh()
            value = self.display()
            if self.random.random() < 0.3:
                value += "[%d:%d]" % (self.random.randint(0, 2), self.random.randint(0, 3))
            lines.append("%s = %s" % (name, value))
            self.lists.append(name)
        elif r < 0.35:
            name = self.fresh()
            lines.append("%s = %s" % (name, self.random.choice(self.lists)))
            self.lists.append(name)
        elif r < 0.45:
            name = self.fresh()
            lines.append("%s = [%s]" % (name, self.random.choice(self.lists)))
            self.lists.append(name)
        elif r < 0.55:
            target = self.random.choice(self.lists)
            lines.append(
                "%s[%d:%d] = %s" % (target, self.random.randint(0, 2), self.random.randint(0, 3), self.display())
            )
        elif r < 0.62:
            lines.append("%s.extend(%s)" % (self.random.choice(self.lists), self.display()))
        elif r < 0.68:
            lines.append("%s.append(%s)" % (self.random.choice(self.lists), self.atom()))
        elif r < 0.74:
            lines.append("del %s[%d]" % (self.random.choice(self.lists), self.random.choice([0, -1])))
        elif r < 0.80:
            lines.append("%s = %s[%d]" % (self.fresh(), self.random.choice(self.lists), self.random.choice([0, 1, -1])))
            self.values.append("__temp_%d" % self.counter)
        elif r < 0.88:
            callee = self.random.choice(["keep", "grow"])
            args = ", ".join(self.random.choice([self.atom(), self.random.choice(self.lists)]) for _ in range(2))
            lines.append("%s(%s)" % (callee, args))
        elif r < 0.92:
            value = self.fresh()
            lines.append("%s = keep(%s)" % (value, self.atom()))
            self.values.append(value)
            if self.random.random() < 0.5:
                lines.append("del %s" % value)
                self.deleted.add(value)
        elif r < 0.95:
            # Compound statements whose bodies run as written (no abstract following inside).
            target = self.random.choice(self.lists)
            if self.random.random() < 0.5:
                lines.append("for item in %s:" % target)
                lines.append(indent + "    keep(item, %s)" % self.random.choice(self.lists))
            else:
                lines.append("if keep(%s):" % self.atom())
                lines.append(indent + "    %s.append(%s)" % (target, self.atom()))
                lines.append(indent + "else:")
                lines.append(indent + "    grow(%s)" % self.random.choice(self.lists))
        else:
            lines.append("if keep(%s):" % self.atom())
            saved = (list(self.lists), list(self.values), set(self.deleted))
            lines.append(
                indent
                + "    return __resume_at_1_2(*[[], %s])"
                % ", ".join(
                    "*" + name if self.random.random() < 0.5 else name
                    for name in self.random.sample(self.lists, min(2, len(self.lists)))
                )
            )
            self.lists, self.values, self.deleted = saved
        return [indent + line if not line.startswith(indent) else line for line in lines]

    def program(self) -> str:
        lines = ["def f(a, b, c):", "    graph_out_0 = __compiled_fn_1(a, b)"]
        self.values.append("graph_out_0")
        for _ in range(self.random.randint(3, 14)):
            lines.extend(self.statement("    "))
        if self.random.random() < 0.5:
            lines.append("    del graph_out_0")
            self.deleted.add("graph_out_0")
        spread = ", ".join("*" + name for name in self.random.sample(self.lists, min(2, len(self.lists))))
        lines.append("    return __resume_at_1_2(*[[], %s])" % spread if spread else "    return keep(a)")
        return "\n".join(lines) + "\n"


def run(source: str, arguments: tuple) -> Any:
    """(result or exception type, call log) of running `f` from `source` (on a copy of the arguments)."""
    import copy

    arguments = copy.deepcopy(arguments)
    recorder = Recorder()
    namespace = recorder.namespace()
    exec(compile(source, "<program>", "exec"), namespace)
    try:
        result: Any = recorder.describe([namespace["f"](*arguments)])
    except Exception as error:  # noqa: BLE001 - the exception is the behaviour compared
        result = ("raised", type(error).__name__)
    return result, recorder.log
