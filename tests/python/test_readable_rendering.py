"""The readable rendering of generated code (depyf.explain.readable) keeps behaviour.

The bar is behaviour, not bytecode: the exact decompilation and its readable
rendering are run side by side with stand-ins for Dynamo's globals that log
every call (arguments, list identities, mutations) and must give the same
results, logs and exceptions. Random programs in the shape of Dynamo's stack
list code exercise the abstract list following; hand-written cases pin the
rewrites that must happen and those that must not.
"""

from __future__ import annotations

import ast
import sys
import textwrap

import pytest

from readable_programs import ProgramGenerator, run

pytestmark = pytest.mark.skipif(sys.version_info < (3, 9), reason="the readable rendering needs ast.unparse")

if sys.version_info >= (3, 9):
    from depyf.explain.readable import Hints, render_generated


def rendered(source: str, hints=None) -> str:  # type: ignore[no-untyped-def]
    result = render_generated(textwrap.dedent(source), hints)
    assert result.rewritten, result.problem
    return result.source


def statements(source: str) -> int:
    function = ast.parse(source).body[0]
    return sum(isinstance(node, ast.stmt) for node in ast.walk(function)) - 1


# The exact decompilation of Dynamo's code for the README's toy_example (torch 2.13).
TOY = """
def f(a, b):
    if None:
        x = None
        None.torch
    tmp_2 = (tmp_1 := __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_enter)()
    (tmp_3 := __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_exit)(tmp_2)
    del tmp_1
    del tmp_3
    graph_out_0 = __compiled_fn_1(a, b)
    __temp_2 = graph_out_0[0]
    __temp_1 = [graph_out_0[1]][0:1]
    __temp_1.extend([b])
    del graph_out_0
    if __temp_2:
        __temp_3 = [__temp_1]
        __temp_3[0][0:0] = []
        __temp_4 = [[()][0]]
        __temp_5 = [__temp_3[0]]
        __temp_5[0][0:] = [__temp_5[0][1], __temp_5[0][0]]
        __temp_6 = __temp_5
        __temp_7 = __temp_6[-1]
        del __temp_6[-1]
        return __resume_at_102_2(*[[], __temp_6, *__temp_7])
    __temp_8 = [__temp_1]
    __temp_8[0][0:0] = []
    __temp_9 = [[()][0]]
    __temp_10 = [__temp_8[0]]
    __temp_10[0][0:] = [__temp_10[0][1], __temp_10[0][0]]
    __temp_11 = __temp_10
    __temp_12 = __temp_11[-1]
    del __temp_11[-1]
    return __resume_at_112_3(*[[], __temp_11, *__temp_12])
"""


class DynamoStandIns:
    def __init__(self, condition: bool) -> None:
        self.log: list = []
        self.condition = condition

    def namespace(self) -> dict:
        log = self.log
        condition = self.condition

        class Utils:
            @staticmethod
            def record_pregraph_bytecode_enter():
                log.append("enter")
                return "range"

            @staticmethod
            def record_pregraph_bytecode_exit(token):
                log.append(("exit", token))

        def graph(*args):
            log.append(("graph", args))
            return (condition, "x-value")

        def resume(name):
            def call(*args):
                log.append((name, args))
                return name

            return call

        return {
            "__import_torch_dot__dynamo_dot_utils": Utils,
            "__compiled_fn_1": graph,
            "__resume_at_102_2": resume("true-branch"),
            "__resume_at_112_3": resume("false-branch"),
        }


def behaviour(source: str, condition: bool) -> tuple:
    stand_ins = DynamoStandIns(condition)
    namespace = stand_ins.namespace()
    exec(compile(source, "<test>", "exec"), namespace)
    return namespace["f"]("a-value", "b-value"), stand_ins.log


def test_toy_example_reads_like_its_meaning():
    hints = Hints(
        parameters=lambda name: (
            ("__nested_resume_fns", "__nested_frame_values", "b", "x") if name.startswith("__resume_at") else None
        ),
        outputs=lambda name: ("lt", "x") if name == "__compiled_fn_1" else None,
    )
    text = rendered(TOY, hints)
    assert statements(text) <= 10, text
    assert "__temp_" not in text and "tmp_1" not in text and "if None" not in text, text
    assert "[0:0]" not in text and "[0:] =" not in text, text
    assert "__resume_at_102_2([], [], b, x)" in text, text
    assert "x = graph_out_0[1]" in text and "if lt:" in text, text
    for condition in (True, False):
        assert behaviour(text, condition) == behaviour(TOY, condition)


@pytest.mark.parametrize("seed", range(400))
def test_random_stack_list_programs_keep_behaviour(seed):
    source = ProgramGenerator(seed).program()
    result = render_generated(source)
    if not result.rewritten:
        pytest.skip("not rewritten: %s" % result.problem)  # the exact source is kept: nothing to compare
    for arguments in ((1, 2, 3), ([], "x", None)):
        assert run(result.source, arguments) == run(source, arguments), "%s\n----\n%s" % (source, result.source)


def test_most_random_programs_are_rewritten():
    rewritten = sum(render_generated(ProgramGenerator(seed).program()).rewritten for seed in range(200))
    assert rewritten >= 190, rewritten


def test_a_list_passed_twice_in_one_call_stays_one_object():
    source = """
    def f(a):
        __temp_1 = [a]
        return keep(__temp_1, __temp_1)
    """
    text = rendered(source)
    assert behaviour_of_calls(text) == behaviour_of_calls(textwrap.dedent(source))
    assert "__temp_1 = [a]" in text


def test_a_list_a_callee_may_change_is_read_after_the_call():
    source = """
    def f(a):
        __temp_1 = [a]
        grow(__temp_1)
        return keep(*__temp_1)
    """
    text = rendered(source)
    assert behaviour_of_calls(text) == behaviour_of_calls(textwrap.dedent(source))


def behaviour_of_calls(source: str) -> tuple:
    return run(source, ("a-value",)) if "def f(a):" in source else run(source, (1, 2, 3))


def test_cached_reads_are_uncached_only_among_reads():
    source = """
    def f(self, x):
        tmp_2 = (tmp_1 := u.record_pregraph_bytecode_enter)()
        __temp_1 = (tmp_4 := (tmp_3 := self._modules)['m']._parameters)['w']
        __temp_2 = tmp_4['b']
        (tmp_5 := u.record_pregraph_bytecode_exit)(tmp_2)
        del tmp_4
        del tmp_3
        del tmp_1
        del tmp_5
        return __compiled_fn_1(__temp_1, __temp_2, x)
    """
    text = rendered(source)
    assert "self_m_w = self._modules['m']._parameters['w']" in text, text
    assert "tmp_" not in text, text
    # A call between the cache and its reads: the cache stays (the call could change what it reads).
    kept = rendered(
        """
    def f(self):
        __temp_1 = (tmp_3 := self._modules)['m']
        keep()
        __temp_2 = tmp_3['n']
        del tmp_3
        return keep(__temp_1, __temp_2)
    """
    )
    assert "self._modules['n']" not in kept, kept


def test_a_dead_block_binding_a_name_read_elsewhere_is_kept():
    source = """
    def f(a):
        if None:
            x = None
        return keep(x)
    """
    text = rendered(source)
    assert "if None:" in text or "if False:" in text or "if 0:" in text, text


def test_nonlocal_code_renders_and_compiles():
    source = """
    def f(x):
        nonlocal count
        __temp_3 = (count := 1)
        []
        __temp_4 = [[*[x]]]
        __temp_4[0][0:0] = [keep('step', __temp_3)]
        return keep(*__temp_4[0])
    """
    text = rendered(source)
    assert "count = 1" in text and "__temp_" not in text, text


def test_a_cached_parameter_and_a_dynamic_size_read_as_themselves():
    source = """
    def f(x):
        tmp_2 = (tmp_1 := u.record_pregraph_bytecode_enter)()
        __temp_1 = __import_torch_dot__dynamo_dot_utils.call_size((tmp_4 := x), 0)
        (tmp_3 := u.record_pregraph_bytecode_exit)(tmp_2)
        del tmp_1
        del tmp_3
        __temp_2 = __compiled_fn_7(__temp_1, tmp_4)
        del tmp_4
        graph_out_0 = __temp_2
        __temp_3 = graph_out_0[0]
        del graph_out_0
        return __temp_3
    """
    text = rendered(source, Hints(outputs=lambda name: ["softmax"] if name == "__compiled_fn_7" else None))
    assert "x_size_0 = __import_torch_dot__dynamo_dot_utils.call_size(x, 0)" in text, text
    assert "graph_out_0 = __compiled_fn_7(x_size_0, x)" in text and "return softmax" in text, text
    assert "tmp_" not in text and "__temp_" not in text, text


def test_the_exact_decompilers_comments_are_kept_and_strings_untouched():
    source = '''
    def f(a):
        """doc
        # not a comment
        """
        # Dynamo's resume prologue re-entered this with
        __temp_1 = [a]
        with g():
            # inside the with
            x = 1
        return keep(*__temp_1)
    '''
    text = rendered(source)
    assert "    # Dynamo's resume prologue re-entered this with\n" in text, text
    assert "        # inside the with\n" in text and "# not a comment" in text, text
    assert "keep(a)" in text, text


def test_a_cache_filled_after_a_call_is_not_filled_before_it():
    """`g()` runs before `a.b` is read: hoisting the walrus to its own statement
    before the call would read `a.b` before g changes it."""
    source = textwrap.dedent(
        """\
        def f(a, g):
            r = g() + (tmp_1 := a.b)
            return r + tmp_1
        """
    )

    class Box:
        b = 1

    def result(text: str) -> int:
        namespace: dict = {}
        exec(text, namespace)
        box = Box()

        def g() -> int:
            box.b = 10
            return 100

        return namespace["f"](box, g)

    readable = render_generated(source).source
    assert result(readable) == result(source) == 120, readable


def test_a_value_passed_to_one_call_is_named_after_the_call_only_as_a_last_resort():
    text = rendered(
        """
    def f(self, kwargs):
        __temp_1 = kwargs.update
        __temp_2 = {'use_cache': self.use_cache}
        __temp_3 = C.__new__(C)
        __temp_4 = __temp_3
        __temp_5 = type(__temp_4)
        keep(__temp_5, __temp_4, __temp_3)
        __temp_1(__temp_2)
    """
    )
    assert "kwargs_update_argument = {'use_cache': self.use_cache}" in text, text
    # A copy of an object waits for the object's name rather than taking `type_argument`.
    assert "new_C_ = new_C" in text and "type_argument" not in text, text


def test_a_constant_written_as_its_folding_expression_reads_as_the_literal():
    # 3.14+: Dynamo's constants stand in any co_consts order, which the exact decompiler reads
    # as CFG-folded constants and spells as expressions that fold again ('pr' + 'int').
    source = """
    def f(v):
        graph_out_0 = __compiled_fn_6(v)
        __temp_2 = __builtins_dict___5['pr' + 'int']
        norm = graph_out_0[0]
        del graph_out_0
        __temp_12 = __temp_2('norm computed', 1024 * 256)
        return __resume_at_56_7([], [], __temp_12, v, norm)
    """
    text = rendered(source)
    assert "builtin_print = __builtins_dict___5['print']" in text, text
    assert "__temp_" not in text and "'pr' + 'int'" not in text and "262144" in text, text

    def behaviour_of(code: str) -> list:
        log: list = []
        namespace = {
            "__compiled_fn_6": lambda v: (v * 2,),
            "__builtins_dict___5": {"print": lambda *args: log.append(args) or "printed"},
            "__resume_at_56_7": lambda *args: log.append(args) or "resumed",
        }
        exec(compile(code, "<test>", "exec"), namespace)
        return [namespace["f"](3), log]

    assert behaviour_of(text) == behaviour_of(textwrap.dedent(source))


@pytest.mark.parametrize(
    "expression",
    [
        "1024 * 256",
        "(1 << 8 | 3) * 2",
        "(1 << 63) - 1",
        "'ab' * 3",
        "b'x' + b'yz'",
        "7 / 3",
        "-3 * 2",
        "2 ** 10",
        "1.5 * 4",
    ],
)
def test_folding_expressions_become_their_values(expression):
    text = rendered("def f():\n    return keep(%s)\n" % expression)
    assert "keep(%r)" % eval(expression) in text, text


@pytest.mark.parametrize(
    "expression", ["'a' * 100000", "1 << 200", "2 ** 1000", "1 / 0", "'a' - 'b'", "x + 1", "1e308 * 10"]
)
def test_expressions_the_compiler_would_not_fold_stay(expression):
    text = rendered("def f(x):\n    return keep(%s)\n" % expression)
    assert "keep(%s)" % ast.unparse(ast.parse(expression)) in text, text
