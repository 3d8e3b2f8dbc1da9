# The Python example of docs/embedding.md.
import array
import polyglot


@test
def quickstart():
    total = polyglot.eval(language="weld", string="|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))")
    assert_equal(8.0, total(array.array("d", [1.5, 2.5, 4.0])))  # the array is read in place
    assert_equal(8.0, total(memoryview(array.array("d", [1.5, 2.5, 4.0]))))

    squares = polyglot.eval(language="weld", string="|v: vec[i64]| map(v, |x| x * x)")([1, 2, 3])
    assert_equal([1, 4, 9], list(squares))  # a vec is a read-only sequence

    histogram = polyglot.eval(language="weld",
                              string="|v: vec[i32]| result(for(v, dictmerger[i32,i64,+], |b, i, x| merge(b, {x, 1L})))")
    assert_equal({7: 2, 8: 1}, dict(histogram([7, 7, 8])))  # a dict is a mapping

    message = "no error"
    try:
        polyglot.eval(language="weld", string="|x: u8| x")(300)
    except polyglot.ForeignException as e:  # Weld errors are foreign exceptions, not Python Exceptions
        message = str(e)  # runtime error: argument 'x': expected u8 but got 300 (out of range)
    assert_equal(True, message.endswith("argument 'x': expected u8 but got 300 (out of range)"), message)
