package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cudf}: calls into a C library built with gcc during the test (skipped when no C compiler is present). */
class CudfTest {
    @TempDir
    static Path dir;
    static Path library;

    @BeforeAll
    static void buildLibrary() throws Exception {
        Path src = dir.resolve("udfs.c");
        Files.writeString(src, """
                #include <stdint.h>
                #include <stdlib.h>
                typedef struct { double *data; int64_t length; } f64_vec;
                void add_five(int64_t *x, int64_t *result) { *result = *x + 5; }
                void scale(f64_vec *v, double *k, f64_vec *result) {
                    result->data = malloc(sizeof(double) * v->length);
                    result->length = v->length;
                    for (int64_t i = 0; i < v->length; i++) result->data[i] = v->data[i] * *k;
                }
                """);
        library = dir.resolve("libudfs.so");
        Process p;
        try {
            p = new ProcessBuilder("gcc", "-shared", "-fPIC", "-O2", "-o", library.toString(), src.toString())
                    .inheritIO().start();
        } catch (java.io.IOException e) {
            library = null;
            return;
        }
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            library = null;
        }
    }

    private static void run(String program, java.util.function.Consumer<Value> check, Object... args) {
        assumeTrue(library != null, "no C compiler (gcc) available: cudf test skipped");
        try (Context c = Context.newBuilder("weld").allowAllAccess(true).option("weld.UdfLibraries", library.toString()).build()) {
            check.accept(c.eval("weld", program).execute(args));
        }
    }

    @Test
    void scalarUdf() {
        run("|x: i64| cudf[add_five, i64](x) + 1L", r -> assertEquals(48L, r.asLong()), 42L);
    }

    @Test
    void vectorUdf() {
        run("|v: vec[f64]| cudf[scale, vec[f64]](v, 2.0)", v -> {
            assertEquals(2, v.getArraySize());
            assertEquals(3.0, v.getArrayElement(0).asDouble());
            assertEquals(-4.0, v.getArrayElement(1).asDouble());
        }, (Object) new double[] {1.5, -2.0});
    }
}
