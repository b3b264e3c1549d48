"""Capture the transformed code torch 2.15 generates, with its profiler guard, as a marshal fixture.

    PYTHONPATH=CHECKOUT python3.14 make_profiler_guard_fixture.py OUT.marshal

Needs torch 2.15 (written with 2.15.0 on CPython 3.14 and 3.15: the envs
tools/torch_envs.py makes; 3.14/3.15 run through the debian-run wrapper).
torch 2.15 wraps every call of a compiled graph in
`if _is_profiler_enabled: tmp_1 = record_pregraph_bytecode_enter()` and the
matching exit, written as conditional expressions whose None is dropped while
the graph's callable waits on the stack. Each function below is compiled with
the eager backend and run once; every code object the bytecode hook hands
over (transformed code, resume functions and their transformed code) is
written with what the depyf on the path made of it (the error, or
"decompiled").
"""

from __future__ import annotations

import marshal
import sys

import torch

import depyf


def print_between(x):
    y = x.sin()
    print("hi")
    return y + 1


def no_break(x, y):
    return (x * y).cos()


def two_graphs(x):
    a = x + 1
    torch._dynamo.graph_break()
    return a * 2


def under_no_grad(x):
    with torch.no_grad():
        y = x * 2
        print("no_grad")
        y = y + 1
    return y


def note_for(code):
    try:
        source = depyf.decompile(code)
    except depyf.DecompilationError as error:
        return str(error)
    return "kept its original bytecode" if "could not be decompiled" in source else "decompiled"


def main():
    caught = []
    torch._dynamo.convert_frame.register_bytecode_hook(lambda code, new_code: caught.append((code, new_code)))
    for function, arguments in [
        (print_between, (torch.randn(3),)),
        (no_break, (torch.randn(3), torch.randn(3))),
        (two_graphs, (torch.randn(3),)),
        (under_no_grad, (torch.randn(3),)),
    ]:
        torch._dynamo.reset()
        torch.compile(function, backend="eager")(*arguments)
    pairs = []
    seen = set()
    for code, new_code in caught:
        for item in (code, new_code):
            # (The user's own functions are no generated code; resume functions are.)
            user_function = item is code and item.co_name in {
                "print_between",
                "no_break",
                "two_graphs",
                "under_no_grad",
            }
            if item in seen or user_function:
                continue
            seen.add(item)
            pairs.append((item, note_for(item)))
    for item, note in pairs:
        print(f"{item.co_name}: {note}")
    with open(sys.argv[1], "wb") as out:
        out.write(marshal.dumps(pairs))


if __name__ == "__main__":
    main()
