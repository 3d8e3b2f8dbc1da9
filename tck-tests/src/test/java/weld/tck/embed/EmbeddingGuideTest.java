package weld.tck.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The code blocks of {@code docs/embedding.md} are the tests' own programs: each block preceded by
 * {@code <!-- from PATH#REGION -->} must equal that file, or its lines between {@code doc:REGION} and {@code doc:end}
 * markers with the common indentation removed.
 */
class EmbeddingGuideTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Pattern BLOCK = Pattern.compile("<!-- from (\\S+?)(?:#(\\S+))? -->\\n```\\w*\\n(.*?)```", Pattern.DOTALL);

    @Test
    void examplesAreTheTestsOwnPrograms() throws IOException {
        Matcher m = BLOCK.matcher(Files.readString(ROOT.resolve("docs/embedding.md")));
        int blocks = 0;
        while (m.find()) {
            blocks++;
            String source = Files.readString(ROOT.resolve(m.group(1)));
            String expected = m.group(2) == null ? source : region(source, m.group(2));
            assertEquals(expected, m.group(3), "the block from " + m.group(1) + (m.group(2) == null ? "" : "#" + m.group(2)));
        }
        assertTrue(blocks >= 6, "code blocks checked: " + blocks);
    }

    private static String region(String source, String name) {
        List<String> lines = new ArrayList<>();
        boolean inside = false;
        for (String line : source.split("\n", -1)) {
            String marker = line.strip().replaceFirst("^(//|#) ", "");
            if (marker.equals("doc:" + name)) {
                inside = true;
            } else if (inside && marker.equals("doc:end")) {
                return dedent(lines);
            } else if (inside) {
                lines.add(line);
            }
        }
        throw new AssertionError("no region doc:" + name);
    }

    private static String dedent(List<String> lines) {
        int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        StringBuilder sb = new StringBuilder();
        for (String line : lines) {
            sb.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
        }
        return sb.toString();
    }
}
