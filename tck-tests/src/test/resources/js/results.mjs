// Weld results in JavaScript: vectors as read-only arrays and buffers, structs, dicts as Map-like, unsigned numbers.
const weld = (program) => Polyglot.eval("weld", program);

test("vectors are read-only arrays", () => {
  const v = weld("|n: i64| result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, x| merge(b, x * x)))")(4);
  assertEquals(4, v.length);
  assertEquals(9, v[3]);
  assertEquals("0,1,4,9", Array.from(v).join(","));
  assertThrows(() => { "use strict"; v[0] = 5; }, "");
  assertEquals(0, v[0], "the write was refused");
});

test("a vector of scalars is a buffer that typed arrays can view", () => {
  const v = weld("|| [1.5, -2.0, 4.0]")();
  const f64 = new Float64Array(v);
  assertEquals(3, f64.length);
  assertEquals(-2, f64[1]);
  assertEquals(-2, new DataView(v).getFloat64(8, true));
});

test("structs are arrays with $-members", () => {
  const s = weld("|a: i32, b: f64| {a, b}")(3, 0.5);
  assertEquals(3, s[0]);
  assertEquals(0.5, s.$1);
  assertEquals("0,1,$0,$1", Object.keys(s).join(","));
});

test("dicts work like Maps", () => {
  const d = weld("|v: vec[i64]| result(for(v, dictmerger[i64,i64,+], |b, i, x| merge(b, {x, 1L})))")([5, 5, 7]);
  assertEquals(2, d.size);
  assertEquals(2, d.get(5));
  assertTrue(d.has(7));
  assertEquals(false, d.has(9));
  assertEquals("5:2,7:1", Array.from(d).map(([k, v]) => `${k}:${v}`).sort().join(","));
});

test("unsigned values keep their unsigned value", () => {
  assertEquals(200, weld("|| u8(200)")());
  assertEquals(4294967295, weld("|| u32(-1)")());
  assertEquals(18446744073709551615n, BigInt(weld("|| u64(-1L)")()));
  assertEquals(255, weld("|| [u8(255)]")()[0]);
});
