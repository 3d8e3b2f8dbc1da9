// The assertions of the JavaScript embedding tests; JavaScriptTest reports each test() as a JUnit test.
globalThis.__tests = [];

globalThis.test = (name, fn) => { __tests.push([name, fn]); };

globalThis.assertEquals = (expected, actual, message) => {
  if (!Object.is(expected, actual)) {
    throw new Error(`${message ?? "assertEquals"}: expected ${String(expected)} (${typeof expected}) but got ${String(actual)} (${typeof actual})`);
  }
};

globalThis.assertTrue = (condition, message) => {
  if (condition !== true) {
    throw new Error(message ?? "assertTrue");
  }
};

// Calls fn, which must throw an error whose message contains every fragment; returns the error.
globalThis.assertThrows = (fn, ...fragments) => {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  if (error === undefined) {
    throw new Error(`expected an error containing ${JSON.stringify(fragments)} but none was thrown`);
  }
  for (const fragment of fragments) {
    if (!String(error.message).includes(fragment)) {
      throw new Error(`expected an error containing "${fragment}" but got: ${error.message}`);
    }
  }
  return error;
};
