"""The Python API of the disassembler on live objects of the running interpreter."""

from __future__ import annotations

import dis
import json
import sys

import pytest

import depyf
from depyf import _core


def sample_function(a, *args, key=None, **kwargs):
    total = 0
    for item in args:
        try:
            total += item
        except TypeError:
            continue
    return total if key is None else key(total)


def make_closure():
    counter = 0

    def bump(step=1):
        nonlocal counter
        counter += step
        return counter

    return bump


def generator(n):
    for i in range(n):
        yield i * i


class Example:
    def method(self, x):
        return [x + y for y in range(3)]


def instructions_of(listing: str) -> list:
    return [[i["offset"], i["opname"], i["arg"]] for i in json.loads(listing.splitlines()[0])["instructions"]]


def expected_instructions(code) -> list:
    return [[i.offset, i.opname, i.arg] for i in dis.get_instructions(code)]


@pytest.mark.parametrize("obj", [sample_function, make_closure(), generator, Example.method, Example().method])
def test_json_listing_matches_dis(obj) -> None:
    code = depyf.disassembler.code_of(obj)
    assert instructions_of(depyf.disassemble_json(obj)) == expected_instructions(code)


def test_generator_and_code_objects_are_accepted() -> None:
    gen = generator(3)
    assert depyf.disassemble(gen) == depyf.disassemble(generator.__code__)


def test_text_listing_names_things() -> None:
    text = depyf.disassemble(sample_function)
    assert "TypeError" in text
    assert "total" in text


def test_nested_code_objects_are_listed() -> None:
    lines = depyf.disassemble_json(make_closure).splitlines()
    names = [json.loads(line)["name"] for line in lines]
    assert names == ["make_closure", "bump"]


def test_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        depyf.disassemble(42)


def test_non_literal_constants_survive() -> None:
    marker = object()
    code = sample_function.__code__
    code = code.replace(co_consts=code.co_consts + (marker, int, (1, marker)))
    text = depyf.disassemble(code)
    assert text  # the listing works although marshal.dumps(code) would fail
    with pytest.raises(ValueError):
        import marshal

        marshal.dumps(code)


def test_decompilation_error_has_message() -> None:
    with pytest.raises(depyf.DecompilationError) as info:
        _core.disassemble_pyc(b"\x00\x01", False)
    assert info.value.message
    assert str(info.value) == info.value.message


def test_running_version_is_supported() -> None:
    assert (3, 8) <= sys.version_info[:2] <= (3, 13)
