# Tests of ndarray.py, run by weld.tck.lazy.LazyPythonTest: each function test_* is one test; GAPS names the tests of
# known gaps, with the reason, which the runner reports as skipped.
import array
import re

import polyglot

import ndarray as nd

a = nd.array(array.array("d", [1, 2, 3]))
b = nd.array(array.array("d", [4, 5, 6]))
c = nd.array(array.array("d", [7, 8, 9]))

GAPS = {}


def loops(ir):
    return len(re.findall(r"for\(", ir))


def test_multiply_add_sum():
    # doc:lazy-python
    x = nd.array(array.array("d", [1, 2, 3]))
    y = nd.array(array.array("d", [4, 5, 6]))
    z = nd.array(array.array("d", [7, 8, 9]))
    total = (x * y + z).sum()    # builds fragments, runs nothing
    assert float(total) == 56.0  # one Weld program
    # doc:end


def test_composing_runs_nothing():
    before = nd.weld.compilations()
    s = ((a - b) / c * 3).sum()
    assert nd.weld.compilations() == before
    assert abs(float(s) - 3 * (-3 / 7 - 3 / 8 - 3 / 9)) < 1e-12
    assert nd.weld.compilations() == before + 1


def test_elementwise_result_is_a_sequence():
    assert (a * b).to_list() == [4.0, 10.0, 18.0]


def test_lists_and_memoryviews_work():
    assert float(nd.array([1.0, 2.0, 3.0]).sum()) == 6.0
    assert float(nd.array(memoryview(array.array("d", [0.5, 0.25]))).sum()) == 0.75


def test_shared_operand_is_computed_once():
    d = a * b
    s = (d + d).sum()
    assert s.obj.program().count("e.$0 * e.$1") == 1
    assert float(s) == 64.0


def test_map_then_sum_is_one_loop():
    assert loops((a * b).sum().obj.optimized()) == 1


def test_multiply_add_sum_is_one_loop():
    assert loops((a * b + c).sum().obj.optimized()) == 1


def test_eager_gives_the_same_result():
    x = nd.array(array.array("d", [1, 2, 3]), eager=True)
    y = nd.array(array.array("d", [4, 5, 6]), eager=True)
    m = x * y
    assert m.obj.evaluated
    assert float(m.sum()) == 32.0


def test_fragment_errors_name_the_fragment():
    try:
        nd.weld.fragment("len(v) + 1.0", {"v": a.obj}, "count")
    except polyglot.ForeignException as e:
        assert "type error in fragment 'count' at 1:8" in str(e), str(e)
        return
    raise AssertionError("no error")
