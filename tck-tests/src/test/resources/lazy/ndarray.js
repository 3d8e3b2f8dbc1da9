// A small NumPy-like array library for JavaScript on top of Weld's lazy API. Operations on arrays build Weld
// fragments and run nothing; asking for a value (toArray, value) evaluates the whole expression as one Weld program,
// which the optimizer fuses. With {eager: true} every operation is evaluated at once (one Weld call each), as a
// library without the lazy API would run.
(function () {
    const weld = Polyglot.eval("weld", "lazy");
    const elementwise = op => `result(for(zip(a, b), appender[f64], |out, i, e| merge(out, e.$0 ${op} e.$1)))`;
    const SCALE = "result(for(a, appender[f64], |out, i, e| merge(out, e * k)))";
    const SUM = "result(for(a, merger[f64, +], |s, i, e| merge(s, e)))";

    class NDArray {
        constructor(obj, eager) {
            this.obj = obj;
            this.eager = eager;
            if (eager) {
                obj.evaluate();
            }
        }

        /** An array over a Float64Array (read by Weld in place) or any array of numbers. */
        static of(values, {eager = false} = {}) {
            return new NDArray(weld.data(values, "vec[f64]"), eager);
        }

        mul(other) { return this.#binary(other, "*", "mul"); }
        add(other) { return this.#binary(other, "+", "add"); }
        sub(other) { return this.#binary(other, "-", "sub"); }
        div(other) { return this.#binary(other, "/", "div"); }

        scale(k) {
            const factor = weld.data(k, "f64");
            return new NDArray(weld.fragment(SCALE, {a: this.obj, k: factor}, "scale"), this.eager);
        }

        sum() { return new Scalar(weld.fragment(SUM, {a: this.obj}, "sum"), this.eager); }

        /** The elements, as a Weld vector (an array with buffer access). */
        toArray() { return this.obj.evaluate(); }

        #binary(other, op, name) {
            return new NDArray(weld.fragment(elementwise(op), {a: this.obj, b: other.obj}, name), this.eager);
        }
    }

    class Scalar {
        constructor(obj, eager) {
            this.obj = obj;
            if (eager) {
                obj.evaluate();
            }
        }

        value() { return this.obj.evaluate(); }
    }

    return {array: NDArray.of, weld};
})();
