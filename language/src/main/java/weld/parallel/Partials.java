package weld.parallel;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.builders.Appender;
import weld.builders.ColumnGroupMerger;
import weld.builders.GroupMerger;
import weld.builders.ObjectKeyDictMerger;
import weld.builders.ScalarDictMerger;
import weld.builders.StructDictMerger;
import weld.builders.VecMerger;
import weld.runtime.ScalarOps;
import weld.runtime.WeldStruct;
import weld.syntax.BuilderKind;
import weld.types.WeldType;

/**
 * Per-task builder partials: a fresh partial for a builder type (identity-initialized for mergers, empty for the
 * others), and the combination of a partial into the running result, applied in task order so that appenders and
 * groupmergers keep the sequential order of their values.
 */
public final class Partials {
    private Partials() {
    }

    /** Whether every builder in {@code t} (a builder or a struct of builders) can be split into partials. */
    public static boolean supports(WeldType t) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            return s.fields().stream().allMatch(Partials::supports);
        }
        return t instanceof WeldType.Builder;
    }

    /** Whether {@code t} holds a dictmerger or a vecmerger, whose partials grow with the key space. */
    public static boolean keyed(WeldType t) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            return s.fields().stream().anyMatch(Partials::keyed);
        }
        return t instanceof WeldType.Builder b && (b.kind() == BuilderKind.DICTMERGER || b.kind() == BuilderKind.VECMERGER);
    }

    /**
     * Elements of the keyed builders (see {@link #keyed}) in a partial of {@code initial}, a builder of type
     * {@code t}: the lengths of its vecmergers, or {@link Long#MAX_VALUE} if it holds a dictmerger, whose size is
     * only known once the tasks have run.
     */
    public static long keyedElements(WeldType t, Object initial) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            Object[] fields = ((WeldStruct) initial).fields;
            long sum = 0;
            for (int i = 0; i < fields.length; i++) {
                long e = keyedElements(s.fields().get(i), fields[i]);
                sum = e == Long.MAX_VALUE ? e : sum + e;
                if (sum == Long.MAX_VALUE) {
                    return sum;
                }
            }
            return sum;
        }
        if (t instanceof WeldType.Builder b && b.kind() == BuilderKind.DICTMERGER) {
            return Long.MAX_VALUE;
        }
        return initial instanceof VecMerger v ? v.length() : 0;
    }

    /**
     * Whether the partials of {@code initial}, a builder of type {@code t}, can be made by the tasks themselves, in
     * parallel (a large presized dictmerger table or vecmerger array takes milliseconds to allocate and clear): all
     * but a vecmerger of at least {@code sharedVecMergerLength} elements, which must be switched to shared atomic
     * updates before any task starts.
     */
    public static boolean madeInTasks(WeldType t, Object initial, int sharedVecMergerLength) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            Object[] fields = ((WeldStruct) initial).fields;
            for (int i = 0; i < fields.length; i++) {
                if (!madeInTasks(s.fields().get(i), fields[i], sharedVecMergerLength)) {
                    return false;
                }
            }
            return true;
        }
        return !(initial instanceof VecMerger v && v.length() >= sharedVecMergerLength && v.canShare());
    }

    /**
     * A fresh, empty partial of the builder {@code initial} of type {@code t}; a vecmerger of at least
     * {@code sharedVecMergerLength} elements is shared instead (the same object for every task, updated atomically).
     */
    @TruffleBoundary
    public static Object fresh(WeldType t, Object initial, int sharedVecMergerLength) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            WeldStruct init = (WeldStruct) initial;
            Object[] f = new Object[init.fields.length];
            for (int i = 0; i < f.length; i++) {
                f[i] = fresh(s.fields().get(i), init.fields[i], sharedVecMergerLength);
            }
            return new WeldStruct(init.type, f);
        }
        WeldType.Builder b = (WeldType.Builder) t;
        return switch (b.kind()) {
            case MERGER -> ScalarOps.identity(b.elem(), b.op());
            case APPENDER -> new Appender(b.elem(), 0);
            case DICTMERGER -> switch (initial) {
                case ScalarDictMerger d -> d.emptyPartial();
                case StructDictMerger d -> d.emptyPartial();
                default -> ((ObjectKeyDictMerger) initial).emptyPartial();
            };
            case GROUPMERGER -> initial instanceof ColumnGroupMerger g ? g.emptyPartial()
                    : new GroupMerger(b.params().get(0), b.params().get(1));
            case VECMERGER -> {
                VecMerger v = (VecMerger) initial;
                yield v.length() >= sharedVecMergerLength && v.canShare() ? v.share() : v.emptyCopy();
            }
        };
    }

    /**
     * The builder a task merges into, given its partial: for a typed dictmerger a copy made in the task's compiled
     * code ({@link ScalarDictMerger#taskCopy}), any other partial itself.
     */
    public static Object forTask(Object partial) {
        return partial instanceof ScalarDictMerger d ? d.taskCopy() : partial;
    }

    /**
     * Makes room in {@code acc}'s appenders (it, or its fields) for the elements of the appenders of
     * {@code partials[1..]}, so that combining them in turn copies each element once instead of growing the first
     * partial at every step (a filter's 8 tasks at 2 threads copied it 8 times).
     */
    @TruffleBoundary
    public static void reserveForAll(WeldType t, Object acc, Object[] partials) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            WeldStruct a = (WeldStruct) acc;
            for (int i = 0; i < a.fields.length; i++) {
                Object[] fields = new Object[partials.length];
                for (int c = 1; c < partials.length; c++) {
                    fields[c] = ((WeldStruct) partials[c]).fields[i];
                }
                reserveForAll(s.fields().get(i), a.fields[i], fields);
            }
        } else if (t instanceof WeldType.Builder b && b.kind() == BuilderKind.APPENDER) {
            long total = 0;
            for (int c = 1; c < partials.length; c++) {
                total += ((Appender) partials[c]).size();
            }
            ((Appender) acc).reserve(total);
        }
    }

    /** {@code acc} with {@code partial} merged in after it; may update {@code acc} in place. */
    @TruffleBoundary
    public static Object combine(WeldType t, Object acc, Object partial) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            WeldStruct a = (WeldStruct) acc;
            WeldStruct p = (WeldStruct) partial;
            Object[] f = new Object[a.fields.length];
            for (int i = 0; i < f.length; i++) {
                f[i] = combine(s.fields().get(i), a.fields[i], p.fields[i]);
            }
            return new WeldStruct(a.type, f);
        }
        WeldType.Builder b = (WeldType.Builder) t;
        switch (b.kind()) {
            case MERGER -> {
                return ScalarOps.combine(b.elem(), b.op(), acc, partial);
            }
            case APPENDER -> ((Appender) acc).appendAll((Appender) partial);
            case DICTMERGER -> {
                if (acc instanceof ScalarDictMerger d) {
                    d.mergeAll((ScalarDictMerger) partial);
                    return acc;
                }
                if (acc instanceof StructDictMerger d) {
                    d.mergeAll((StructDictMerger) partial);
                    return acc;
                }
                ((ObjectKeyDictMerger) acc).mergeAll((ObjectKeyDictMerger) partial);
            }
            case GROUPMERGER -> {
                if (acc instanceof ColumnGroupMerger g) {
                    g.appendAll((ColumnGroupMerger) partial);
                } else {
                    ((GroupMerger) acc).appendAll((GroupMerger) partial);
                }
            }
            case VECMERGER -> {
                if (acc != partial) {
                    ((VecMerger) acc).mergeAll((VecMerger) partial);
                }
            }
        }
        return acc;
    }
}
