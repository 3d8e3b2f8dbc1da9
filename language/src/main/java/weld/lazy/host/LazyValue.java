package weld.lazy.host;

import org.graalvm.polyglot.Value;

/**
 * A lazily evaluated Weld value (the paper's WeldObject) seen from Java: data or a fragment over other lazy values.
 * {@link #evaluate()} runs the graph below it as one Weld program and keeps the result.
 */
public final class LazyValue {
    private final Value value;

    LazyValue(Value value) {
        this.value = value;
    }

    /** Runs the graph (or returns the kept result): vectors come back as arrays, structs as arrays, numbers as numbers. */
    public Value evaluate() {
        return value.invokeMember("evaluate");
    }

    /** Like {@link #evaluate()}, with at most {@code memoryLimitBytes} of memory for this evaluation. */
    public Value evaluate(long memoryLimitBytes) {
        return value.invokeMember("evaluate", memoryLimitBytes);
    }

    /** The result as a Java type, e.g. {@code double.class} or {@code double[].class}. */
    public <T> T evaluate(Class<T> type) {
        return evaluate().as(type);
    }

    /** The Weld type of the value, in Weld syntax. */
    public String type() {
        return value.getMember("type").asString();
    }

    public String name() {
        return value.getMember("name").asString();
    }

    /** Whether the result is known (the value was evaluated before). */
    public boolean isEvaluated() {
        return value.getMember("evaluated").asBoolean();
    }

    /** The Weld program that {@link #evaluate()} would run now ("" once evaluated). */
    public String program() {
        return value.invokeMember("program").asString();
    }

    /** That program's IR after the optimization passes ("" once evaluated): shows what fusion left. */
    public String optimized() {
        return value.invokeMember("optimized").asString();
    }

    /** The underlying polyglot value, to hand to guest code. */
    public Value value() {
        return value;
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
