package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.Node;

import weld.builders.AtomicMerges;
import weld.builders.EntryColumns;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;

/**
 * The fields of a merged struct literal of numbers, one expression per column (nested structs' fields in their
 * place), evaluated by their typed execute methods and combined into a row of {@link StructColumns} with an operator
 * fixed when the node is built: the merge of a struct value into a builder that keeps its values in columns, without
 * making the struct.
 */
public final class StructValueFields extends Node {
    private final StructLayout layout;
    private final BinOp op;
    @Children private final WeldExpressionNode[] fields;

    public StructValueFields(StructLayout layout, BinOp op, WeldExpressionNode[] fields) {
        this.layout = layout;
        this.op = op;
        this.fields = fields;
    }

    /** The fields' values, in column order, as raw bits (floats as their IEEE bits). */
    @ExplodeLoop
    public long[] evaluate(VirtualFrame frame) {
        long[] bits = new long[fields.length];
        for (int j = 0; j < fields.length; j++) {
            bits[j] = switch (Carrier.of(layout.kind(j))) {
                case INT -> fields[j].executeInt(frame);
                case LONG -> fields[j].executeLong(frame);
                case FLOAT -> Float.floatToRawIntBits(fields[j].executeFloat(frame));
                case DOUBLE -> Double.doubleToRawLongBits(fields[j].executeDouble(frame));
                default -> throw CompilerDirectives.shouldNotReachHere("a boolean column");
            };
        }
        return bits;
    }

    /**
     * Combines row {@code row} of {@code c}, columns shared by the tasks of a parallel loop ({@code int}, {@code long},
     * {@code float} or {@code double} arrays), with {@code bits}, each field atomically.
     */
    @ExplodeLoop
    public void storeAtomically(StructColumns c, int row, long[] bits) {
        for (int j = 0; j < bits.length; j++) {
            ScalarKind k = layout.kind(j);
            Object column = c.column(j);
            switch (Carrier.of(k)) {
                case INT -> AtomicMerges.mergeInt(k, op, CompilerDirectives.castExact(column, int[].class), row,
                        (int) bits[j]);
                case LONG -> AtomicMerges.mergeLong(k, op, CompilerDirectives.castExact(column, long[].class), row,
                        bits[j]);
                case FLOAT -> AtomicMerges.mergeFloat(op, CompilerDirectives.castExact(column, float[].class), row,
                        Float.intBitsToFloat((int) bits[j]));
                case DOUBLE -> AtomicMerges.mergeDouble(op, CompilerDirectives.castExact(column, double[].class), row,
                        Double.longBitsToDouble(bits[j]));
                default -> throw CompilerDirectives.shouldNotReachHere("a boolean column");
            }
        }
    }

    /** Sets (where {@code first}) or combines row {@code row} of {@code c} with {@code bits}. */
    @ExplodeLoop
    public void store(StructColumns c, int row, long[] bits, boolean first) {
        for (int j = 0; j < bits.length; j++) {
            ScalarKind k = layout.kind(j);
            Object column = c.column(j);
            switch (Carrier.of(k)) {
                case INT -> EntryColumns.mergeInt(k, op, column, row, (int) bits[j], first);
                case LONG -> EntryColumns.mergeLong(k, op, column, row, bits[j], first);
                case FLOAT -> EntryColumns.mergeFloat(op, column, row, Float.intBitsToFloat((int) bits[j]), first);
                case DOUBLE -> EntryColumns.mergeDouble(op, column, row, Double.longBitsToDouble(bits[j]), first);
                default -> throw CompilerDirectives.shouldNotReachHere("a boolean column");
            }
        }
    }
}
