// Wrong arguments from JavaScript are Weld errors naming the parameter, its type and what was passed.
const weld = (program) => Polyglot.eval("weld", program);
const f = weld("|small: u8, points: vec[{f64, f64}]| f64(small) + sum(map(points, |p| p.$0 * p.$1))");

test("well-formed arguments", () => {
  assertEquals(15, f(1, [[1, 2], [3, 4]]));
});

test("wrong type", () => {
  assertThrows(() => f("one", []), "argument 'small': expected u8 but got one");
  assertThrows(() => f(1, 2.5), "argument 'points': expected vec[{f64,f64}] but got 2.5");
  assertThrows(() => f(undefined, []), "argument 'small': expected u8");
});

test("wrong arity", () => {
  assertThrows(() => f(1), "takes 2 arguments but got 1");
});

test("out of range", () => {
  assertThrows(() => f(256, []), "argument 'small': expected u8 but got 256 (out of range)");
});

test("ragged nested arrays", () => {
  assertThrows(() => f(1, [[1, 2], [3]]), "argument 'points': expected vec[{f64,f64}]", "element 1");
  assertThrows(() => weld("|m: vec[vec[i32]]| len(m)")([[1], 2]), "argument 'm': expected vec[vec[i32]]", "element 1");
});

test("typed arrays that do not hold whole elements", () => {
  assertThrows(() => weld("|v: vec[f64]| len(v)")(new ArrayBuffer(12)), "argument 'v': expected vec[f64]", "12 bytes");
});

test("errors are catchable JavaScript exceptions", () => {
  const e = assertThrows(() => f(300, []), "out of range");
  assertTrue(e instanceof Error, "an Error");
  assertEquals(15, f(1, [[1, 2], [3, 4]]), "the context stays usable");
});
