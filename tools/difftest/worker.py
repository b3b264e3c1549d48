"""Compile, decompile, recompile and run one generated program after another.

Started by tools/difftest/runner.py under one reference interpreter, with
depyf importable. Reads JSON lines {"id", "source", "inputs"} from stdin and
writes one JSON line per program:

  {"id", "status", "functions": {name: status}, "detail", "decompiled"}

Program status: "same" (every call behaves the same), "differ" (a call's
record differs: detail says which), "syntax" (the decompiled source does
not compile), "error" (depyf raised something other than
DecompilationError, or the recompiled source lacks a function), "refused"
(depyf refused every function, nothing to compare) or "invalid" (the
original does not compile or hangs: a generator bug, not the decompiler's).
Function status: "equal" / "differ" (normalised bytecode, as
tools/roundtrip.py compares), "kept" (a nested function kept its bytecode)
or "refused" (DecompilationError; the original runs in its place).

Python 3.8 compatible.
"""

import json
import os
import sys
import types
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from bytecode_compare import first_difference, normalise  # noqa: E402
from driver import run_call  # noqa: E402

import depyf  # noqa: E402
from depyf.decompiler import functions_kept_as_bytecode  # noqa: E402

# 3.14 warns about return/break/continue in finally (PEP 765), every
# version about some literals; the programs mean them.
warnings.simplefilter("ignore")


def top_level_functions(module_code):
    return [c for c in module_code.co_consts if isinstance(c, types.CodeType)]


def first_record_difference(calls, expected, actual):
    """Which call's record first differs, and in which field, or None."""
    for call, left, right in zip(calls, expected, actual):
        if left != right:
            # A hang first: the rest of a hanging call's record is missing, not different.
            for field in sorted(set(left) | set(right), key=lambda name: (name != "timeout", name)):
                if left.get(field) != right.get(field):
                    return "call %s: %s: original %s, decompiled %s" % (
                        call,
                        field,
                        json.dumps(left.get(field))[:600],
                        json.dumps(right.get(field))[:600],
                    )
    return None


def check_program(source, inputs, seconds):
    try:
        module_code = compile(source, "<program>", "exec", dont_inherit=True)
    except SyntaxError as error:
        return {"status": "invalid", "detail": "original does not compile: %s (line %s)" % (error.msg, error.lineno)}
    originals = top_level_functions(module_code)
    functions = {}
    pieces = []
    replacements = {}
    for code in originals:
        try:
            text = depyf.decompile(code)
        except depyf.DecompilationError as error:
            functions[code.co_name] = "refused"
            replacements[code.co_name] = code
            pieces.append("# %s refused: %s\n" % (code.co_name, str(error).splitlines()[0] if str(error) else ""))
            continue
        except Exception as error:  # noqa: BLE001 - a crash of the decompiler is a finding
            return {"status": "error", "detail": "decompile %s: %s: %s" % (code.co_name, type(error).__name__, error)}
        functions[code.co_name] = "kept" if functions_kept_as_bytecode(text) else "pending"
        pieces.append(text)
    decompiled = "\n".join(pieces)
    result = {"functions": functions, "decompiled": decompiled}
    if all(status == "refused" for status in functions.values()):
        result["status"] = "refused"
        return result
    try:
        recompiled = compile(decompiled, "<decompiled>", "exec", dont_inherit=True)
    except SyntaxError as error:
        result.update(status="syntax", detail="%s (line %s)" % (error.msg, error.lineno))
        return result
    by_name = dict((c.co_name, c) for c in top_level_functions(recompiled))
    for code in originals:
        if functions[code.co_name] == "refused":
            continue
        if code.co_name not in by_name:
            result.update(status="error", detail="the decompiled source defines no %s" % code.co_name)
            return result
        if functions[code.co_name] == "pending":
            difference = first_difference(normalise(code), normalise(by_name[code.co_name]))
            functions[code.co_name] = "differ" if difference else "equal"
    expected, actual, calls = [], [], []
    for code in originals:
        for arguments in inputs:
            calls.append("%s%r" % (code.co_name, tuple(arguments)))
            original_record = run_call(module_code, code.co_name, arguments, None, seconds)
            if original_record.get("timeout"):
                result.update(status="invalid", detail="the original %s%r hangs" % (code.co_name, tuple(arguments)))
                return result
            expected.append(original_record)
            actual.append(run_call(recompiled, code.co_name, arguments, replacements, seconds))
    difference = first_record_difference(calls, expected, actual)
    if difference:
        result.update(status="differ", detail=difference)
    else:
        result["status"] = "same"
    return result


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            result = check_program(request["source"], request["inputs"], seconds)
        except BaseException as error:  # noqa: BLE001 - reported, and the worker goes on
            result = {"status": "error", "detail": "worker: %s: %s" % (type(error).__name__, error)}
        result["id"] = request["id"]
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
