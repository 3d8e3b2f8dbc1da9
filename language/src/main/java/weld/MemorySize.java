package weld;

/** Parses a size in bytes as options take it: digits with an optional {@code k}, {@code m} or {@code g} suffix. */
final class MemorySize {
    private MemorySize() {
    }

    static long parse(String text) {
        String s = text.trim().toLowerCase(java.util.Locale.ROOT);
        int shift = switch (s.isEmpty() ? ' ' : s.charAt(s.length() - 1)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            default -> 0;
        };
        String digits = shift == 0 ? s : s.substring(0, s.length() - 1);
        try {
            long n = Long.parseLong(digits);
            if (n < 0 || n > Long.MAX_VALUE >> shift) {
                throw new IllegalArgumentException("a size must be between 0 and 2^63 bytes, not '" + text + "'");
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a size in bytes (e.g. 500000, 64k, 512m, 2g): '" + text + "'");
        }
    }
}
