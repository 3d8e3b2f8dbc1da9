package weld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.graalvm.options.OptionDescriptor;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionValues;
import org.junit.jupiter.api.Test;

/**
 * Which options let two contexts of one engine share parsed programs: every option that is baked into the
 * optimized program or its nodes must differ to make them incompatible; only the memory limit, which each
 * evaluation reads from its context, may differ.
 */
class OptionsCompatibilityTest {
    /** Option values: the defaults, except the options in {@code set}. */
    private record Values(OptionDescriptors descriptors, Map<OptionKey<?>, Object> set) implements OptionValues {
        @Override
        public OptionDescriptors getDescriptors() {
            return descriptors;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get(OptionKey<T> key) {
            return set.containsKey(key) ? (T) set.get(key) : key.getDefaultValue();
        }

        @Override
        public boolean hasBeenSet(OptionKey<?> key) {
            return set.containsKey(key);
        }

        @Override
        @SuppressWarnings("deprecation")
        public <T> void set(OptionKey<T> key, T value) {
            set.put(key, value);
        }
    }

    /** A value other than the default, of the option's type. */
    private static Object other(OptionKey<?> key) {
        Object d = key.getDefaultValue();
        return switch (d) {
            case Boolean b -> !b;
            case Integer i -> i + 7;
            case Long l -> l + 7;
            case String s -> key == WeldOptions.Passes ? "none" : key == WeldOptions.DumpIr ? "cse" : s + "x";
            default -> throw new AssertionError(d);
        };
    }

    @Test
    void everyOptionButTheMemoryLimitSeparatesParsedPrograms() {
        WeldLanguage language = new WeldLanguage();
        OptionDescriptors descriptors = language.getOptionDescriptors();
        Values defaults = new Values(descriptors, Map.of());
        int checked = 0;
        for (OptionDescriptor d : descriptors) {
            Map<OptionKey<?>, Object> set = new HashMap<>();
            set.put(d.getKey(), other(d.getKey()));
            boolean compatible = language.areOptionsCompatible(defaults, new Values(descriptors, set));
            assertEquals(d.getKey() == WeldOptions.MemoryLimit, compatible, d.getName());
            checked++;
        }
        assertTrue(checked >= 10, "options checked: " + checked);
        assertTrue(language.areOptionsCompatible(defaults, new Values(descriptors, new HashMap<>())));
    }
}
