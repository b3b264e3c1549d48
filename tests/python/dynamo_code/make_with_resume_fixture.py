"""Capture the code Dynamo generates for graph breaks inside `with` blocks, as a marshal fixture.

    PYTHONPATH=CHECKOUT python3.11 make_with_resume_fixture.py OUT.marshal

Needs torch (written with 2.13 on CPython 3.11). Each function below is
compiled with the eager backend and run once; the bytecode hook hands over
every (code, new_code) pair Dynamo makes: the function's transformed code,
each resume function Dynamo generated (`code`: its prologue re-enters the
with blocks active at the break and jumps into the middle of the body) and
that resume function's own transformed code. The resume functions Dynamo
installs as `__resume_at_*` globals are the same code objects as the hooks'
`code`; they are added where not already there. The note stored with each
code object is what the depyf on the path made of it when the fixture was
written (the error, or "decompiled").

Graph breaks inside a loop or a try block are not resumed by Dynamo 2.13: it
runs the whole function eagerly ("Failed to handle graph break gracefully"),
so there is no generated code for them; loops and try statements after the
break, inside the re-entered with, are covered instead.
"""

from __future__ import annotations

import contextlib
import io
import marshal
import sys
import types

import torch

import depyf


def no_grad_print(x):
    with torch.no_grad():
        y = x * 2
        print("no_grad")
        y = y + 1
    return y


def enable_grad_in_no_grad(x):
    with torch.no_grad():
        with torch.enable_grad():
            y = x * 2
            torch._dynamo.graph_break()
            y = y + 1
    return y


def set_grad_enabled_break(x):
    with torch.set_grad_enabled(False):
        y = x * 2
        torch._dynamo.graph_break()
        y = y.sin()
    return y + 1


def autocast_break(x):
    with torch.autocast("cpu"):
        y = x * 2
        torch._dynamo.graph_break()
        y = y + 1
    return y


def code_after_inner_with(x):
    with torch.no_grad():
        a = x + 1
        with torch.enable_grad():
            b = a * 2
            print("inner")
            b = b + 1
        c = b * 3
    return c + 1


def three_nested(x):
    with torch.no_grad():
        with torch.enable_grad():
            with torch.set_grad_enabled(False):
                y = x * 2
                print("deep")
                y = y + 1
            y = y * 2
        y = y - 1
    return y


def two_breaks(x):
    with torch.no_grad():
        y = x * 2
        print("first")
        y = y + 1
        print("second")
        y = y * 3
    return y


def return_in_with(x):
    with torch.no_grad():
        y = x * 2
        print("break")
        return y + 1


def return_in_nested(x):
    with torch.no_grad():
        with torch.enable_grad():
            y = x * 2
            print("break")
            return y + 1


def return_after_inner_with(x):
    with torch.no_grad():
        with torch.enable_grad():
            y = x * 2
            print("break")
            y = y + 1
        return y * 2


def with_as_target(x):
    with torch.no_grad() as g:
        y = x * 2
        print("as")
        y = y + 1
    return y, g is None


def break_holding_stack(x):
    with torch.no_grad():
        y = x + len(str(print("on stack")))
    return y


def two_withs_in_sequence(x):
    with torch.no_grad():
        y = x * 2
        print("one")
    with torch.enable_grad():
        z = y + x
        print("two")
        z = z * 2
    return z


def loop_after_break(x):
    with torch.no_grad():
        y = x * 2
        print("break")
        for i in range(3):
            y = y + i
    return y


def try_after_break(x):
    with torch.no_grad():
        y = x * 2
        print("break")
        try:
            y = y + 1
        except ZeroDivisionError:
            y = y - 1
    return y


def if_after_break(x):
    with torch.no_grad():
        y = x * 2
        print("break")
        if y.sum() > 0:
            y = y + 1
        else:
            y = y - 1
    return y


def breaks_in_callee(x):
    y = x * 2
    print("nested break")
    return y + 1


def call_under_with(x):
    with torch.no_grad():
        y = breaks_in_callee(x)
        y = y * 3
    return y


def if_around_with(x, flag=True):
    if flag:
        with torch.no_grad():
            y = x * 2
            print("break")
            y = y + 1
        y = y * 3
    else:
        y = x
    return y


def two_items(x):
    with torch.no_grad(), torch.autocast("cpu"):
        y = x * 2
        print("break")
        y = y + 1
    return y


def break_after_inner_ended(x):
    with torch.no_grad():
        with torch.enable_grad():
            y = x * 2
        print("break")
        y = y + 1
    return y


class WithModule(torch.nn.Module):
    def forward(self, x):
        with torch.no_grad():
            y = x * 2
            print("method")
            z = y + 1
        return z * x


def second_with_breaks_again(x):
    with torch.no_grad():
        y = x * 2
        print("first")
        with torch.enable_grad():
            y = y + 1
            print("second")
            y = y * 2
        y = y - 1
    return y


def while_after_break(x):
    with torch.no_grad():
        y = x * 2
        print("break")
        n = 0
        while n < 3:
            y = y + n
            n += 1
    return y


def keyword_call_held(x):
    with torch.no_grad():
        y = x + 1
        z = dict(a=y, b=str(print("in call")))
    return z["a"]


def enable_grad_in_callee(x):
    with torch.enable_grad():
        y = x * 2
        print("callee")
        y = y + 1
    return y


def withs_in_caller_and_callee(x):
    with torch.no_grad():
        y = enable_grad_in_callee(x)
        y = y * 3
    return y


def make_with_cell():
    scale = torch.tensor(2.0)

    def with_cell(x):
        with torch.no_grad():
            y = x * scale
            print("cell")
            y = y + scale
        return y

    return with_cell


def break_then_tensor_methods(x):
    with torch.no_grad():
        y = x.sin()
        torch._dynamo.graph_break()
        y = y.cos().sum()
    return y


def break_in_else_branch(x, flag=False):
    with torch.no_grad():
        if flag:
            y = x
        else:
            y = x * 2
            print("else")
            y = y - 1
    return y


def return_with_value_held(x):
    with torch.no_grad():
        return x + len(str(print("held")))


SHAPES = [
    no_grad_print,
    enable_grad_in_no_grad,
    set_grad_enabled_break,
    autocast_break,
    code_after_inner_with,
    three_nested,
    two_breaks,
    return_in_with,
    return_in_nested,
    return_after_inner_with,
    with_as_target,
    break_holding_stack,
    two_withs_in_sequence,
    loop_after_break,
    try_after_break,
    if_after_break,
    call_under_with,
    if_around_with,
    two_items,
    break_after_inner_ended,
    WithModule(),
    second_with_breaks_again,
    while_after_break,
    keyword_call_held,
    withs_in_caller_and_callee,
    make_with_cell(),
    break_then_tensor_methods,
    break_in_else_branch,
    return_with_value_held,
]


def note_for(code: types.CodeType) -> str:
    try:
        depyf.decompile(code)
    except Exception as error:  # noqa: BLE001 - recorded
        return "%s: %s" % (type(error).__name__, error)
    return "decompiled"


def main() -> int:
    captured: list = []
    torch._dynamo.convert_frame.register_bytecode_hook(lambda code, new_code: captured.append((code, new_code)))
    codes: list = []
    for shape in SHAPES:
        torch._dynamo.reset()
        with contextlib.redirect_stdout(io.StringIO()):
            torch.compile(shape, backend="eager")(torch.randn(4, requires_grad=True))
        codes.extend(code for pair in captured for code in pair)
        captured.clear()
    for name, value in sorted(globals().items()):
        if name.startswith("__resume_at_") and all(value.__code__ is not code for code in codes):
            codes.append(value.__code__)
    unique = []
    for code in codes:
        if all(code is not seen for seen in unique):
            unique.append(code)
    entries = [(code, note_for(code)) for code in unique]
    with open(sys.argv[1], "wb") as out:
        out.write(marshal.dumps(entries))
    for code, note in entries:
        print("%s: %s" % (code.co_name, note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
