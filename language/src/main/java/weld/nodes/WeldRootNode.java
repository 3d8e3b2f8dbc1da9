package weld.nodes;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.FrameDescriptor;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.RootNode;

import weld.WeldLanguage;
import weld.runtime.Carrier;
import weld.runtime.Exporter;
import weld.types.WeldType;

/**
 * The root of a Weld program's function: its arguments (already converted to their carriers) go into the
 * parameter slots, the body runs in the one frame of the program, and the result is exported for other languages.
 */
public final class WeldRootNode extends RootNode {
    @CompilationFinal(dimensions = 1) private final int[] paramSlots;
    @CompilationFinal(dimensions = 1) private final Carrier[] paramCarriers;
    private final WeldType resultType;
    @Child private WeldExpressionNode body;

    WeldRootNode(WeldLanguage language, FrameDescriptor descriptor, int[] paramSlots, Carrier[] paramCarriers,
                 WeldExpressionNode body, WeldType resultType) {
        super(language, descriptor);
        this.paramSlots = paramSlots;
        this.paramCarriers = paramCarriers;
        this.body = body;
        this.resultType = resultType;
    }

    @Override
    @ExplodeLoop
    public Object execute(VirtualFrame frame) {
        Object[] args = frame.getArguments();
        for (int i = 0; i < paramSlots.length; i++) {
            paramCarriers[i].write(frame, paramSlots[i], args[i]);
        }
        return Exporter.export(resultType, body.executeGeneric(frame));
    }

    @Override
    public String getName() {
        return "weld program";
    }
}
