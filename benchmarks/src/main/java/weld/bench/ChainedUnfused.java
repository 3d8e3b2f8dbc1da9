package weld.bench;

import java.util.Map;

/** {@link Chained} with weld.Passes=none: three loops, two materialized vectors (the runner skips its java()). */
public class ChainedUnfused extends Chained {
    @Override
    public Map<String, String> options() {
        return Map.of("weld.Passes", "none");
    }
}
