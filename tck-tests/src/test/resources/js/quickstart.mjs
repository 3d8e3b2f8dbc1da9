// The JavaScript example of docs/embedding.md.
test("quickstart", () => {
  const sum = Polyglot.eval("weld", "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))");
  const data = new Float64Array([1.5, 2.5, 4.0]);
  assertEquals(8, sum(data));                            // the typed array is read in place

  const squares = Polyglot.eval("weld", "|v: vec[i64]| map(v, |x| x * x)")([1, 2, 3]);
  assertEquals(9, squares[2]);                           // a vec is a read-only array...
  assertEquals(4, new Float64Array(Polyglot.eval("weld", "|| [4.0]")())[0]);  // ...and a buffer

  const histogram = Polyglot.eval("weld",
      "|v: vec[i32]| result(for(v, dictmerger[i32,i64,+], |b, i, x| merge(b, {x, 1L})))")([7, 7, 8]);
  assertEquals(2, histogram.get(7));                     // a dict works like a Map

  let message = "no error";
  try {
    Polyglot.eval("weld", "|x: u8| x")(300);
  } catch (e) {
    message = e.message;  // runtime error: argument 'x': expected u8 but got 300 (out of range)
  }
  assertTrue(message.endsWith("argument 'x': expected u8 but got 300 (out of range)"), message);
});
