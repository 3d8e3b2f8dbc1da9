package weld.tck.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/** The Java example of {@code docs/embedding.md}. */
class QuickstartTest {
    @Test
    void quickstart() {
        try (Context context = Embedding.newContext()) {
            // doc:java-quickstart
            Value sum = context.eval("weld", "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))");
            double total = sum.execute((Object) new double[] {1.5, 2.5, 4.0}).asDouble();  // read in place

            ByteBuffer direct = ByteBuffer.allocateDirect(3 * Double.BYTES).order(ByteOrder.nativeOrder());
            direct.asDoubleBuffer().put(new double[] {1.5, 2.5, 4.0});
            double fromNative = sum.execute(direct).asDouble();                             // read in place

            Value squares = context.eval("weld", "|v: vec[i64]| map(v, |x| x * x)").execute((Object) new long[] {1, 2, 3});
            long last = squares.getArrayElement(squares.getArraySize() - 1).asLong();        // 9

            String error;
            try {
                context.eval("weld", "|x: u8| x").execute(300);
                error = "none";
            } catch (PolyglotException e) {
                error = e.getMessage();  // runtime error: argument 'x': expected u8 but got 300 (out of range)
            }
            // doc:end
            assertEquals(8.0, total);
            assertEquals(8.0, fromNative);
            assertEquals(9L, last);
            assertTrue(error.endsWith("argument 'x': expected u8 but got 300 (out of range)"), error);
        }
    }
}
