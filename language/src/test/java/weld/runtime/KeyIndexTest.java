package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** {@link KeyIndex}: entries in the order of first insertion through growth and rehashing, and colliding hashes. */
class KeyIndexTest {
    @Test
    void entriesFollowTheOrderOfFirstInsertionThroughGrowth() {
        Random rnd = new Random(3);
        KeyIndex index = new KeyIndex(0);
        Map<String, Integer> reference = new LinkedHashMap<>();
        for (int i = 0; i < 100_000; i++) {
            String key = Integer.toString(rnd.nextInt(40_000));
            Integer expected = reference.computeIfAbsent(key, k -> reference.size());
            assertEquals(expected, index.entry(key), key);
        }
        assertEquals(reference.size(), index.size());
        List<String> keys = new ArrayList<>(reference.keySet());
        for (int e = 0; e < keys.size(); e++) {
            assertEquals(keys.get(e), index.keyOf(e));
            assertEquals(e, index.entryOf(new String(keys.get(e))), "an equal key, not the same object");
        }
        assertEquals(-1, index.entryOf("40000"));
        assertEquals(-1, index.entryOf("-1"));
    }

    @Test
    void keysWithEqualHashCodesKeepTheirOwnEntries() {
        // "Aa" and "BB" have the same hash code, and so does every string made of such pairs.
        List<String> same = new ArrayList<>();
        for (int bits = 0; bits < 256; bits++) {
            StringBuilder sb = new StringBuilder();
            for (int j = 0; j < 8; j++) {
                sb.append((bits >> j & 1) == 0 ? "Aa" : "BB");
            }
            same.add(sb.toString());
        }
        KeyIndex index = new KeyIndex(4);
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < same.size(); i++) {
                assertEquals(i, index.entry(same.get(i)));
            }
        }
        assertEquals(256, index.size());
        assertEquals(-1, index.entryOf("AaAaAaAaAaAaAaBc"));
    }
}
