"""The readability benchmark (benchmarks/readability.py): its counting, and a CI slice of it.

The slice runs a few small programs with the eager and aot_eager backends inside
prepare_debug, asserts their results equal the eager run, and asserts that no
readability count of the dump grows past the values measured with the readable
rendering of issue 19. The full set is the benchmark's job.
"""

from __future__ import annotations

import os
import sys
import textwrap

import pytest

BENCHMARKS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "benchmarks")
if BENCHMARKS not in sys.path:
    sys.path.insert(0, BENCHMARKS)

import readability_metrics  # noqa: E402

# The most a program's dump may show, measured with the readable rendering of
# issue 19 (torch 2.13, identical for eager and aot_eager; the values at commit
# c375b97, before it, in brackets): statements of all transformed code files
# (toy_example 21 [49], break_in_nested_call 25 [64], closures 44 [98]) and
# nothing else: no temporaries, dead blocks, slice shuffles or uuid names.
_NOTHING_ELSE = {
    "temporaries": 0,
    "dead_blocks": 0,
    "slice_shuffles": 0,
    "uuid_names": 0,
    "uuid_names_in_dump": 0,
    "uuid_file_names": 0,
    "undecompiled": 0,
    "not_running_from_file": 0,
    "undecompiled_in_full_code": 0,
}
MOST_ALLOWED = {
    "toy_example": {"statements": 21, **_NOTHING_ELSE},
    "break_in_nested_call": {"statements": 25, **_NOTHING_ELSE},
    "closures": {"statements": 44, **_NOTHING_ELSE},
}
# Transformed code files each program must produce, so that low counts cannot come from an empty dump:
# toy_example's function and its two resume functions; project, normalise and a resume function of each;
# affine, its resume function, gated, and the recompiles of both.
FEWEST_TRANSFORMED_FILES = {"toy_example": 3, "break_in_nested_call": 4, "closures": 5}

# The example of today's transformed code of toy_example (uuid shortened to a real-looking one).
TOY_EXAMPLE_TODAY = textwrap.dedent(
    """\
    # Dynamo's transformed code for toy_example (%(path)s:3), decompiled by depyf.
    # This file's code is what runs: breakpoints set here are hit.
    def __transformed_code_0_for_toy_example(a, b):
        if 0:
            x = 0
            (0).torch
        tmp_2 = (tmp_1 := __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_enter)()
        (tmp_3 := __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_exit)(tmp_2)
        del tmp_1
        graph_out_0 = __compiled_fn_1_11199ad5_60d5_4034_9570_cac4459997c9(a, b)
        __temp_2 = graph_out_0[0]
        __temp_1 = [graph_out_0[1]][0:1]
        __temp_1.extend([b])
        if __temp_2:
            __temp_3 = [__temp_1]
            __temp_3[0][0:0] = []
            __temp_4 = [[()][0]]
            __temp_5 = [__temp_3[0]]
            __temp_5[0][0:] = [__temp_5[0][1], __temp_5[0][0]]
            __temp_6 = __temp_5
            __temp_7 = __temp_6[-1]
            del __temp_6[-1]
            return __resume_at_94_2(*[[], __temp_6, *__temp_7])
        return __resume_at_94_3(b, graph_out_0)
    """
)

USER_SOURCE = textwrap.dedent(
    """\
    import torch

    @torch.compile
    def toy_example(a, b):
        x = a / (torch.abs(a) + 1)
        if b.sum() < 0:
            b = b * -1
        return x * b
    """
)


def write(path, text: str) -> str:
    path.write_text(text)
    return str(path)


def test_counts_of_todays_toy_example(tmp_path):
    user = write(tmp_path / "user.py", USER_SOURCE)
    dumped = write(tmp_path / "__transformed_code_0_for_toy_example.py", TOY_EXAMPLE_TODAY % {"path": user})
    measured = readability_metrics.measure_transformed_file(dumped)
    # 3 in the dead block, 8 before the branch, 1 + 9 in it, the last return; shuffles: the list display
    # sliced, two slice assignments, the display indexed, the del of a stack list's item.
    assert measured.counts == readability_metrics.CodeCounts(
        statements=21, temporaries=10, dead_blocks=1, slice_shuffles=5, uuid_names=1
    )
    assert measured.original_location == "%s:3" % user
    assert measured.original_statements == 4  # x = ..., if, b = ..., return
    assert measured.runs_from_file and not measured.undecompiled


def test_readable_code_counts_nothing_but_statements(tmp_path):
    user = write(tmp_path / "user.py", USER_SOURCE)
    readable = textwrap.dedent(
        """\
        # Dynamo's transformed code for toy_example (%s:3), decompiled by depyf.
        def __transformed_code_0_for_toy_example(a, b):
            x, is_negative = __compiled_fn_1(a, b)
            if is_negative:
                return __resume_at_94_2(b, x)
            return __resume_at_94_3(b, x)
        """
        % user
    )
    measured = readability_metrics.measure_transformed_file(
        write(tmp_path / "__transformed_code_0_for_toy_example.py", readable)
    )
    assert measured.counts == readability_metrics.CodeCounts(statements=4)


def test_resume_function_original_is_the_rest_of_the_function(tmp_path):
    user = write(
        tmp_path / "loop.py",
        textwrap.dedent(
            """\
            def accumulate(x):
                total = x
                for step in range(3):
                    total = total + step
                    print(step)
                    total = total.relu()
                return total
            """
        ),
    )
    # A resume at line 5 runs the print, the rest of the loop body, the loop itself and the return.
    assert readability_metrics.original_statements(user, 5) == 4
    assert readability_metrics.original_statements(user, 1) == 6
    assert readability_metrics.original_statements(user, 99) is None


def test_closure_scaffolding_dead_tail_and_undecompiled_files(tmp_path):
    closure = textwrap.dedent(
        """\
        # Dynamo's transformed code for make.<locals>.f (nowhere.py:1), decompiled by depyf.
        def __depyf_closure_of___transformed_code_0_for_f():
            scale = None
            def __transformed_code_0_for_f(x):
                ___stack0 = x * scale
                return ___stack0
                if False:
                    (scale,)
            return __transformed_code_0_for_f
        """
    )
    measured = readability_metrics.measure_transformed_file(write(tmp_path / "__transformed_code_0_for_f.py", closure))
    assert measured.counts == readability_metrics.CodeCounts(statements=4, temporaries=1, dead_blocks=1)
    assert measured.original_statements is None  # no such source file

    failed = "# Dynamo's transformed code for f (nowhere.py:1), decompiled by depyf.\n# depyf could not decompile it (x); Dynamo's own bytecode runs.\n#   0 RESUME\n"
    measured = readability_metrics.measure_transformed_file(write(tmp_path / "__transformed_code_1_for_f.py", failed))
    assert measured.undecompiled and not measured.runs_from_file


def test_uuids_in_file_names_and_sources_of_a_dump(tmp_path):
    (tmp_path / "__compiled_fn_1_3f539130_a9e4_478f_a971_d25604be4587.Captured_Graph.0.py").write_text("x = 1\n")
    (tmp_path / "full_code_for_f_0.py").write_text(
        "def __compiled_fn_1_3f539130_a9e4_478f_a971_d25604be4587(*args):\n    pass\n"
        "# depyf could not decompile torch_dynamo_resume_in_f_at_3: with body leaving by an exit\n"
    )
    counts = readability_metrics.measure_dump(str(tmp_path)).totals()
    assert counts["uuid_file_names"] == 1
    assert counts["uuid_names_in_dump"] == 1
    assert counts["undecompiled_in_full_code"] == 1
    assert counts["transformed_files"] == 0


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
@pytest.mark.parametrize("program", sorted(MOST_ALLOWED))
def test_ci_slice_results_equal_eager_and_counts_do_not_regress(tmp_path, program, backend):
    pytest.importorskip("torch")
    import readability

    dump = str(tmp_path / "dump")
    outcome = readability.run_program(program, backend, dump)
    assert outcome["status"] == "equal", outcome
    totals = readability.measure(dump)["totals"]
    assert totals["transformed_files"] >= FEWEST_TRANSFORMED_FILES[program], totals
    allowed = dict(MOST_ALLOWED[program])
    import torch

    if tuple(int(part) for part in torch.__version__.split("+")[0].split(".")[:2]) >= (2, 15):
        # torch 2.15+ enter the profiler range only while the profiler runs: one more
        # statement per transformed file, `if profiler_range is not None:` around the exit.
        allowed["statements"] += totals["transformed_files"]
    worse = {key: (totals[key], most) for key, most in allowed.items() if totals[key] > most}
    assert not worse, "counts above today's values (measured, allowed): %s" % worse
    if program == "toy_example":
        # The bar: the README's example reads like the original depyf's, in at most 10 statements.
        main_file = os.path.join(dump, "__transformed_code_0_for_toy_example.py")
        assert readability_metrics.measure_transformed_file(main_file).counts.statements <= 10
