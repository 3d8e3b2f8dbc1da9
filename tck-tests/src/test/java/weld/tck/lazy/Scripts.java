package weld.tck.lazy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.graalvm.polyglot.Source;

/** The scripts of the lazy API tests and benchmark: resources under {@code lazy/}. */
final class Scripts {
    private Scripts() {
    }

    static String text(String name) {
        try (InputStream in = Scripts.class.getResourceAsStream("/lazy/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource lazy/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Source source(String language, String name) {
        return Source.newBuilder(language, text(name), name).buildLiteral();
    }
}
