"""Decompiling from several threads at once.

The extension releases the GIL while it decompiles and gives each thread its
own cache of freed blocks (cpp/bindings/pooled_operator_new.cpp): results
must not depend on which thread ran, and a thread's cache must go back to
the system when the thread ends.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import difflib
import email.message
import inspect
import os
import sys
import threading
import types
from typing import List

import pytest

import depyf

MODULES = (difflib, argparse, email.message)


def function_code_objects() -> List[types.CodeType]:
    """Functions, methods and class bodies of MODULES (no lambdas or comprehensions)."""
    codes = []
    pending = [compile(inspect.getsource(module), module.__file__, "exec") for module in MODULES]
    while pending:
        for const in pending.pop().co_consts:
            if isinstance(const, types.CodeType) and not const.co_name.startswith("<"):
                codes.append(const)
                pending.append(const)
    return codes


def decompile_or_error(code: types.CodeType) -> str:
    try:
        return depyf.decompile(code)
    except depyf.DecompilationError as error:
        return "error: %s" % error


def test_concurrent_decompiles_match_serial_ones() -> None:
    codes = function_code_objects()
    assert len(codes) > 100
    serial = [decompile_or_error(code) for code in codes]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        # Each worker takes every code object, in its own order, so that the
        # threads overlap on every kind of function.
        def all_of_them(shift: int) -> List[str]:
            order = list(range(shift, len(codes))) + list(range(shift))
            results = [""] * len(codes)
            for index in order:
                results[index] = decompile_or_error(codes[index])
            return results

        for results in pool.map(all_of_them, range(0, len(codes), max(1, len(codes) // 8))):
            assert results == serial


def resident_kib() -> int:
    with open("/proc/self/statm") as stream:
        return int(stream.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_ended_threads_give_their_cache_back() -> None:
    codes = [compile(inspect.getsource(module), module.__file__, "exec") for module in MODULES]

    def work() -> None:
        for code in codes:
            depyf.decompile(code)

    def forty_threads() -> None:
        for _ in range(40):
            thread = threading.Thread(target=work)
            thread.start()
            thread.join()

    work()
    forty_threads()
    settled = resident_kib()
    forty_threads()
    forty_threads()
    # Each of these threads fills a cache of about 1.5 MiB; kept after the
    # thread ends, eighty of them would add over 100 MiB.
    assert resident_kib() - settled < 16 * 1024
