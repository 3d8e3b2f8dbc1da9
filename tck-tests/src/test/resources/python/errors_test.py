# Wrong arguments from Python are Weld errors (polyglot.ForeignException) naming the parameter, type and value.
import polyglot

f = weld("|small: u8, points: vec[{f64, f64}]| f64(small) + sum(map(points, |p| p.$0 * p.$1))")


@test
def well_formed_arguments():
    assert_equal(15.0, f(1, [(1, 2), (3, 4)]))


@test
def wrong_type():
    assert_raises(lambda: f("one", []), "argument 'small': expected u8 but got one")
    assert_raises(lambda: f(1, 2.5), "argument 'points': expected vec[{f64,f64}] but got 2.5")
    assert_raises(lambda: f(None, []), "argument 'small': expected u8")


@test
def wrong_arity():
    assert_raises(lambda: f(1), "takes 2 arguments but got 1")


@test
def out_of_range():
    assert_raises(lambda: f(256, []), "argument 'small': expected u8 but got 256 (out of range)")


@test
def ragged_nested_lists():
    assert_raises(lambda: f(1, [[1, 2], [3]]), "argument 'points': expected vec[{f64,f64}] but got [[1, 2], [3]]", "element 1")
    assert_raises(lambda: weld("|m: vec[vec[i32]]| len(m)")([[1], 2]), "argument 'm': expected vec[vec[i32]]", "element 1")


@test
def errors_are_foreign_exceptions_and_the_context_stays_usable():
    e = assert_raises(lambda: f(300, []), "out of range")
    assert_equal(True, isinstance(e, polyglot.ForeignException))
    assert_equal(15.0, f(1, [(1, 2), (3, 4)]))
