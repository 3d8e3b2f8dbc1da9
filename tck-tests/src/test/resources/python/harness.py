# The assertions of the Python embedding tests; PythonTest reports each @test function as a JUnit test.
import polyglot

_tests = []


def weld(program):
    return polyglot.eval(language="weld", string=program)


def test(fn):
    _tests.append((fn.__name__, fn))
    return fn


def assert_equal(expected, actual, message="assert_equal"):
    if type(expected) is not type(actual) or expected != actual:
        raise AssertionError(f"{message}: expected {expected!r} ({type(expected).__name__}) but got {actual!r} ({type(actual).__name__})")


def assert_raises(fn, *fragments):
    """Calls fn, which must raise a Weld error whose message contains every fragment; returns the error."""
    try:
        fn()
    except polyglot.ForeignException as e:
        for fragment in fragments:
            if fragment not in str(e):
                raise AssertionError(f"expected an error containing {fragment!r} but got: {e}")
        return e
    raise AssertionError(f"expected an error containing {fragments!r} but none was raised")


def load(name, text):
    """Runs the test file `text` in a namespace of its own; returns its tests as (name, function) pairs."""
    _tests.clear()
    namespace = {"__name__": name[:-3], "weld": weld, "test": test,
                 "assert_equal": assert_equal, "assert_raises": assert_raises}
    exec(compile(text, name, "exec"), namespace)
    return list(_tests)
