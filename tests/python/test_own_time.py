"""depyf's own-time count (depyf.explain.own_time), which the overhead benchmark
reports beside whole-run wall times."""

import threading
import time

from depyf.explain import own_time


class FakeClock:
    """Stands in for own_time's clock: time moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def perf_counter(self) -> float:
        return self.now


def test_nested_blocks_count_once(monkeypatch) -> None:
    clock = FakeClock()
    monkeypatch.setattr(own_time, "time", clock)
    before = own_time.seconds()
    with own_time.counted():
        clock.now += 1.0
        with own_time.counted():  # a hook called from inside another: not counted again
            clock.now += 2.0
        clock.now += 4.0
    assert own_time.seconds() - before == 7.0


def test_threads_count_separately() -> None:
    before = own_time.seconds()

    def work() -> None:
        with own_time.counted():
            time.sleep(0.05)

    threads = [threading.Thread(target=work) for _ in range(3)]
    with own_time.counted():  # this thread's block does not swallow the others'
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    counted = own_time.seconds() - before
    assert counted >= 0.2  # three workers' 0.05 s each plus this thread's wait


def test_an_exception_leaves_the_count_consistent(monkeypatch) -> None:
    clock = FakeClock()
    monkeypatch.setattr(own_time, "time", clock)
    before = own_time.seconds()
    try:
        with own_time.counted():
            clock.now += 1.0
            raise ValueError("a hook failed")
    except ValueError:
        pass
    with own_time.counted():  # the depth went back to 0: this block counts too
        clock.now += 2.0
    assert own_time.seconds() - before == 3.0


def test_prepare_debug_counts_its_hooks(tmp_path) -> None:
    import pytest

    torch = pytest.importorskip("torch")
    import depyf

    def f(a, b):
        return torch.sin(a) + b * 2

    compiled = torch.compile(f, backend="eager")
    before = own_time.seconds()
    start = time.perf_counter()
    with depyf.prepare_debug(str(tmp_path)):
        compiled(torch.ones(3), torch.ones(3))
    block = time.perf_counter() - start
    counted = own_time.seconds() - before
    # The hooks wrote the transformed code and the graph: some of the block, not all of it.
    assert 0 < counted < block
    assert any(path.name.startswith("__transformed_code_") for path in tmp_path.iterdir())
    torch._dynamo.reset()
