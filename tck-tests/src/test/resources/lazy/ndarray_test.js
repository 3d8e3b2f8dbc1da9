// Tests of ndarray.js, run by weld.tck.lazy.LazyJavaScriptTest: each member of `tests` is one test; `gaps` names
// the tests of known gaps, with the reason, which the runner reports as skipped.
(function (ndarray) {
    const nd = ndarray;
    const weld = nd.weld;
    const a = nd.array(new Float64Array([1, 2, 3]));
    const b = nd.array(new Float64Array([4, 5, 6]));
    const c = nd.array(new Float64Array([7, 8, 9]));
    const loops = ir => (ir.match(/for\(/g) || []).length;

    function assertEq(expected, actual, what) {
        if (expected !== actual) {
            throw new Error(`${what || "value"}: expected ${expected} but got ${actual}`);
        }
    }

    const tests = {
        multiplyAddSum() {
            // doc:lazy-js
            const nd = ndarray;   // the library object that ndarray.js evaluates to
            const a = nd.array(new Float64Array([1, 2, 3]));
            const b = nd.array(new Float64Array([4, 5, 6]));
            const c = nd.array(new Float64Array([7, 8, 9]));
            const total = a.mul(b).add(c).sum();   // builds fragments, runs nothing
            assertEq(56, total.value());           // one Weld program
            // doc:end
        },
        composingRunsNothing() {
            const before = weld.compilations();
            const s = a.sub(b).div(c).scale(3).sum();
            assertEq(before, weld.compilations(), "compilations before value()");
            assertEq(true, Math.abs(s.value() - 3 * (-3 / 7 - 3 / 8 - 3 / 9)) < 1e-12, "value");
            assertEq(before + 1, weld.compilations(), "compilations after value()");
        },
        sameExpressionOverNewDataCompilesNothing() {
            const x = nd.array(new Float64Array([1, 1, 1]));
            x.mul(x).add(x).sum().value();
            const before = weld.compilations();
            const y = nd.array(new Float64Array([2, 2, 2, 2]));
            assertEq(24, y.mul(y).add(y).sum().value());
            assertEq(before, weld.compilations());
        },
        elementwiseResultIsAnArray() {
            const r = a.mul(b).toArray();
            assertEq(3, r.length);
            assertEq(18, r[2]);
        },
        plainArraysWork() {
            assertEq(6, nd.array([1, 2, 3]).sum().value());
        },
        sharedOperandIsComputedOnce() {
            const d = a.mul(b);
            const s = d.add(d).sum();
            assertEq(1, (s.obj.program().match(/e\.\$0 \* e\.\$1/g) || []).length, "mul fragments in the program");
            assertEq(64, s.value());
        },
        mapThenSumIsOneLoop() {
            assertEq(1, loops(a.mul(b).sum().obj.optimized()));
        },
        multiplyAddSumIsOneLoop() {
            assertEq(1, loops(a.mul(b).add(c).sum().obj.optimized()));
        },
        eagerGivesTheSameResultWithOneCallPerOperation() {
            const x = nd.array(new Float64Array([1, 2, 3]), {eager: true});
            const y = nd.array(new Float64Array([4, 5, 6]), {eager: true});
            const m = x.mul(y);
            assertEq(true, m.obj.evaluated);
            assertEq(32, m.sum().value());
        },
        fragmentErrorsNameTheFragment() {
            try {
                weld.fragment("len(v) + 1.0", {v: a.obj}, "count");
            } catch (e) {
                assertEq(true, e.message.includes("type error in fragment 'count' at 1:8"), e.message);
                return;
            }
            throw new Error("no error");
        },
    };

    const gaps = {};

    return {tests, gaps};
})
