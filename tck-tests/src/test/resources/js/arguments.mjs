// JavaScript values as Weld arguments: typed arrays, ArrayBuffers, plain and nested arrays, objects, Maps, numbers.
const weld = (program) => Polyglot.eval("weld", program);
const sumAsI64 = (elem) => weld(`|v: vec[${elem}]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x))))`);

test("typed arrays of every element type", () => {
  assertEquals(1, sumAsI64("i8")(new Int8Array([-1, 2])));
  assertEquals(257, sumAsI64("u8")(new Uint8Array([255, 2])));
  assertEquals(257, sumAsI64("u8")(new Uint8ClampedArray([255, 2])));
  assertEquals(1, sumAsI64("i16")(new Int16Array([-1, 2])));
  assertEquals(65537, sumAsI64("u16")(new Uint16Array([65535, 2])));
  assertEquals(1, sumAsI64("i32")(new Int32Array([-1, 2])));
  assertEquals(4294967297, sumAsI64("u32")(new Uint32Array([4294967295, 2])));
  assertEquals(1, sumAsI64("i64")(new BigInt64Array([-1n, 2n])));
  assertEquals(3, sumAsI64("f32")(new Float32Array([1.5, 2.25])));
  assertEquals(3, sumAsI64("f64")(new Float64Array([1.5, 2.75])));
  assertEquals(18446744073709551615n, BigInt(weld("|v: vec[u64]| lookup(v, 0L)")(new BigUint64Array([2n ** 64n - 1n]))));
});

test("a typed array is read in place, from its byte offset", () => {
  const identity = weld("|v: vec[f64]| v");
  const data = new Float64Array([1, 2, 3, 4]);
  const view = identity(data.subarray(1));
  assertEquals(3, view.length);
  data[2] = 7;
  assertEquals(7, view[1], "a write after the call shows through");
});

test("an ArrayBuffer holds packed elements of the vector's type", () => {
  const buffer = new ArrayBuffer(16);
  new Int32Array(buffer).set([1, 2, 3, 4]);
  assertEquals(10, sumAsI64("i32")(buffer));
  assertEquals(4, weld("|v: vec[i64]| len(v)")(new ArrayBuffer(32)));
});

test("a typed array of another element type is converted element by element", () => {
  assertEquals(3, sumAsI64("i64")(new Int32Array([1, 2])));
  assertEquals(2.5, weld("|v: vec[f64]| lookup(v, 0L)")(new Float32Array([2.5])));
});

test("plain arrays", () => {
  assertEquals(6, sumAsI64("i32")([1, 2, 3]));
  assertEquals(4, weld("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))")([1.5, 2.5]));
  assertEquals(2, weld("|v: vec[bool]| len(filter(v, |x| x))")([true, false, true]));
});

test("nested vectors from arrays of arrays and of typed arrays", () => {
  const total = weld("|m: vec[vec[i64]]| sum(flatten(m))");
  assertEquals(6, total([[1], [2, 3]]));
  assertEquals(6, total([new BigInt64Array([1n, 2n]), [3]]));
});

test("structs from arrays and from objects with members in order", () => {
  const f = weld("|s: {i64, f64}| f64(s.$0) + s.$1");
  assertEquals(3.5, f([1, 2.5]));
  assertEquals(3.5, f({count: 1, mean: 2.5}));
  assertEquals(14, weld("|p: vec[{f64, f64}]| result(for(p, merger[f64,+], |b, i, x| merge(b, x.$0 * x.$1)))")([[1, 2], [3, 4]]));
});

test("dicts from Maps", () => {
  const lookup = weld("|d: dict[i64, f64], k: i64| lookup(d, k)");
  assertEquals(9.5, lookup(new Map([[2, 9.5], [3, 1]]), 2));
  assertEquals(0.5, weld("|d: dict[i32, f64]| lookup(d, 7)")(new Map([[7, 0.5]])));
});

test("numbers and BigInts are range-checked", () => {
  assertEquals(255, weld("|x: u8| x")(255));
  assertEquals(9007199254740993n, BigInt(weld("|x: i64| x")(9007199254740993n)));
  assertEquals(18446744073709551615n, BigInt(weld("|x: u64| x")(18446744073709551615n)));
  assertThrows(() => weld("|x: u8| x")(300), "argument 'x': expected u8 but got 300 (out of range)");
  assertThrows(() => weld("|x: u64| x")(-1), "argument 'x': expected u64 but got -1");
  assertThrows(() => weld("|x: i32| x")(2 ** 31), "argument 'x': expected i32 but got 2147483648");
  assertThrows(() => weld("|x: i64| x")(1.5), "argument 'x': expected i64 but got 1.5");
});
