package weld.programs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One test program file: a Weld program whose leading comment block says what to pass and what to expect.
 *
 * <pre>
 * # What the program checks (free text).
 * # ==
 * # input { [1, 2, 3], 4L }        (Weld expressions, one per parameter; omit for no parameters)
 * # output { 10L }                 (a Weld expression for the expected result)
 * # error: type: cannot apply      (instead of output: the error kind, then a regex found in the message)
 * # tolerance { 1e-9 }             (optional: relative tolerance for floats)
 * # tags { disable }               (optional: a known gap)
 * </pre>
 *
 * Inputs and outputs are written in Weld literal syntax and evaluated by Weld itself, so a test never depends on a
 * second value notation.
 */
record TestProgram(Path file, String source, String input, String output, String errorKind, String errorRegex,
                   double tolerance, boolean disabled) {

    private static final Pattern BLOCK = Pattern.compile("^#\\s*(input|output|tolerance|tags)\\s*\\{(.*)\\}\\s*$");
    private static final Pattern ERROR = Pattern.compile("^#\\s*error:\\s*(parse|type|runtime)\\s*(?::\\s*(.*))?$");

    static TestProgram load(Path file) throws IOException {
        String text = Files.readString(file);
        String input = null;
        String output = null;
        String kind = null;
        String regex = null;
        double tol = 1e-9;
        boolean disabled = false;
        for (String line : text.split("\n")) {
            if (!line.startsWith("#")) {
                break;
            }
            Matcher m = BLOCK.matcher(line.trim());
            if (m.matches()) {
                String body = m.group(2).trim();
                switch (m.group(1)) {
                    case "input" -> input = body;
                    case "output" -> output = body;
                    case "tolerance" -> tol = Double.parseDouble(body);
                    case "tags" -> disabled = body.contains("disable");
                    default -> {
                    }
                }
                continue;
            }
            Matcher e = ERROR.matcher(line.trim());
            if (e.matches()) {
                kind = e.group(1);
                regex = e.group(2) == null || e.group(2).isBlank() ? null : e.group(2).trim();
            }
        }
        if ((output == null) == (kind == null)) {
            throw new IllegalArgumentException(file + ": needs exactly one of '# output { ... }' and '# error: ...'");
        }
        return new TestProgram(file, text, input, output, kind, regex, tol, disabled);
    }

    static List<Path> all(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        try (var s = Files.walk(root)) {
            s.filter(p -> p.toString().endsWith(".weld")).sorted().forEach(files::add);
        }
        return files;
    }
}
