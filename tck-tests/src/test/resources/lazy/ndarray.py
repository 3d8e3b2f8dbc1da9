"""A small NumPy-like array library for Python on top of Weld's lazy API.

Operators on arrays build Weld fragments and run nothing; asking for a value (float(), to_list()) evaluates the whole
expression as one Weld program, which the optimizer fuses. With eager=True every operation is evaluated at once (one
Weld call each), as a library without the lazy API would run.
"""
import polyglot

weld = polyglot.eval(language="weld", string="lazy")

_SCALE = "result(for(a, appender[f64], |out, i, e| merge(out, e * k)))"
_SUM = "result(for(a, merger[f64, +], |s, i, e| merge(s, e)))"


def _elementwise(op):
    return "result(for(zip(a, b), appender[f64], |out, i, e| merge(out, e.$0 %s e.$1)))" % op


class ndarray:
    def __init__(self, obj, eager=False):
        self.obj = obj
        self.eager = eager
        if eager:
            obj.evaluate()

    def _binary(self, other, op, name):
        if not isinstance(other, ndarray):
            return self._scale(other) if op == "*" else NotImplemented
        return ndarray(weld.fragment(_elementwise(op), {"a": self.obj, "b": other.obj}, name), self.eager)

    def _scale(self, k):
        factor = weld.data(float(k), "f64")
        return ndarray(weld.fragment(_SCALE, {"a": self.obj, "k": factor}, "scale"), self.eager)

    def __mul__(self, other):
        return self._binary(other, "*", "mul")

    def __add__(self, other):
        return self._binary(other, "+", "add")

    def __sub__(self, other):
        return self._binary(other, "-", "sub")

    def __truediv__(self, other):
        return self._binary(other, "/", "div")

    def sum(self):
        return scalar(weld.fragment(_SUM, {"a": self.obj}, "sum"), self.eager)

    def to_list(self):
        return list(self.obj.evaluate())


class scalar:
    def __init__(self, obj, eager=False):
        self.obj = obj
        if eager:
            obj.evaluate()

    def __float__(self):
        return float(self.obj.evaluate())


def array(values, eager=False):
    """An array over an array.array('d') or memoryview (read by Weld in place) or a list of numbers."""
    return ndarray(weld.data(values, "vec[f64]"), eager)
