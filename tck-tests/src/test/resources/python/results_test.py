# Weld results in Python: vectors as sequences, structs, dicts as mappings, unsigned ints.
import array


@test
def vectors_are_read_only_sequences():
    v = weld("|n: i64| result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, x| merge(b, x * x)))")(4)
    assert_equal(4, len(v))
    assert_equal(9, v[3])
    assert_equal([0, 1, 4, 9], list(v))
    try:
        v[0] = 5
    except BaseException:
        pass
    assert_equal(0, v[0], "the write was refused")
    assert_equal(array.array("q", [0, 1, 4, 9]), array.array("q", v))


@test
def structs_are_sequences_with_dollar_attributes():
    s = weld("|a: i32, b: f64| {a, b}")(3, 0.5)
    assert_equal((3, 0.5), tuple(s))
    assert_equal(0.5, getattr(s, "$1"))


@test
def dicts_are_mappings():
    d = weld("|v: vec[i64]| result(for(v, dictmerger[i64,i64,+], |b, i, x| merge(b, {x, 1L})))")([5, 5, 7])
    assert_equal(2, len(d))
    assert_equal(2, d[5])
    assert_equal(True, 7 in d)
    assert_equal(False, 9 in d)
    assert_equal({5: 2, 7: 1}, dict(d))


@test
def unsigned_values_keep_their_unsigned_value():
    assert_equal(200, weld("|| u8(200)")())
    assert_equal(4294967295, weld("|| u32(-1)")())
    assert_equal(2**64 - 1, int(weld("|| u64(-1L)")()))
    assert_equal(255, weld("|| [u8(255)]")()[0])
