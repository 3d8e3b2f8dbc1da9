# Python values as Weld arguments: array.array, memoryview, bytes, lists, tuples, dicts and ints.
import array


def sum_as_i64(elem):
    return weld(f"|v: vec[{elem}]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x))))")


@test
def arrays_of_every_type_code():
    for code, elem, values, expected in [("b", "i8", [-1, 2], 1), ("B", "u8", [255, 2], 257),
                                         ("h", "i16", [-1, 2], 1), ("H", "u16", [65535, 2], 65537),
                                         ("i", "i32", [-1, 2], 1), ("I", "u32", [4294967295, 2], 4294967297),
                                         ("q", "i64", [-1, 2], 1), ("l", "i64", [-1, 2], 1),
                                         ("f", "f32", [1.5, 2.25], 3), ("d", "f64", [1.5, 2.75], 3)]:
        assert_equal(expected, sum_as_i64(elem)(array.array(code, values)), f"array('{code}') as vec[{elem}]")
    assert_equal(2**64 - 1, int(weld("|v: vec[u64]| lookup(v, 0L)")(array.array("Q", [2**64 - 1]))))


@test
def an_array_is_read_in_place():
    data = array.array("d", [1.0, 2.0, 3.0])
    view = weld("|v: vec[f64]| v")(data)
    data[1] = 7.0
    assert_equal(7.0, view[1], "a write after the call shows through")


@test
def memoryviews_and_their_slices():
    numbers = array.array("i", [1, 2, 3, 4])
    assert_equal(10, sum_as_i64("i32")(memoryview(numbers)))
    assert_equal(7, sum_as_i64("i32")(memoryview(numbers)[2:]))
    assert_equal(6, sum_as_i64("u8")(memoryview(bytes([1, 2, 3])).cast("B")))


@test
def bytes_and_bytearrays_are_sequences_of_u8():
    assert_equal(3, weld("|v: vec[u8]| len(v)")(b"abc"))
    assert_equal(255 + 1, sum_as_i64("u8")(bytearray([255, 1])))
    assert_equal(4, weld("|v: vec[i16]| len(v)")(bytes(4)))
    assert_equal(3, sum_as_i64("i32")(bytes([1, 2])))


@test
def lists_and_nested_lists():
    assert_equal(6, sum_as_i64("i32")([1, 2, 3]))
    assert_equal(4.0, weld("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))")([1.5, 2.5]))
    assert_equal(2, weld("|v: vec[bool]| len(filter(v, |x| x))")([True, False, True]))
    assert_equal(6, weld("|m: vec[vec[i64]]| sum(flatten(m))")([[1], [2, 3]]))
    assert_equal(6, weld("|m: vec[vec[i64]]| sum(flatten(m))")([array.array("q", [1, 2]), [3]]))


@test
def structs_from_tuples_and_lists():
    f = weld("|s: {i64, f64}| f64(s.$0) + s.$1")
    assert_equal(3.5, f((1, 2.5)))
    assert_equal(3.5, f([1, 2.5]))
    points = weld("|p: vec[{f64, f64}]| result(for(p, merger[f64,+], |b, i, x| merge(b, x.$0 * x.$1)))")
    assert_equal(14.0, points([(1, 2), (3, 4)]))


@test
def dicts_from_dicts():
    assert_equal(9.5, weld("|d: dict[i64, f64], k: i64| lookup(d, k)")({2: 9.5, 3: 1.0}, 2))


@test
def ints_are_range_checked():
    assert_equal(255, weld("|x: u8| x")(255))
    assert_equal(2**64 - 1, int(weld("|x: u64| x")(2**64 - 1)))
    assert_raises(lambda: weld("|x: u8| x")(300), "argument 'x': expected u8 but got 300 (out of range)")
    assert_raises(lambda: weld("|x: u64| x")(2**64), "argument 'x': expected u64 but got 18446744073709551616")
    assert_raises(lambda: weld("|x: i64| x")(1.5), "argument 'x': expected i64 but got 1.5")
    assert_raises(lambda: weld("|x: bool| x")(1), "argument 'x': expected bool but got 1")
