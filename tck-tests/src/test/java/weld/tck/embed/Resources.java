package weld.tck.embed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Reads the test programs under {@code src/test/resources}. */
final class Resources {
    private Resources() {
    }

    static String read(String path) {
        try (InputStream in = Resources.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The names of the files in resource folder {@code dir} that end with {@code suffix}, sorted. */
    static List<String> list(String dir, String suffix) throws IOException {
        try {
            Path folder = Path.of(Resources.class.getClassLoader().getResource(dir).toURI());
            try (Stream<Path> files = Files.list(folder)) {
                return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(suffix)).sorted().toList();
            }
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }
}
