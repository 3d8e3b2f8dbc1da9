package weld.tck.embed;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.HostAccess;

/** The context the Java embedding tests use: Weld alone, with host access limited to what argument conversion reads. */
final class Embedding {
    private Embedding() {
    }

    // doc:java-context
    static Context newContext() {
        HostAccess data = HostAccess.newBuilder(HostAccess.EXPLICIT)
                .allowArrayAccess(true)   // Java arrays of other widths, Object[], arrays of arrays
                .allowListAccess(true)    // java.util.List as a vector
                .allowMapAccess(true)     // java.util.Map as a dict
                .allowPublicAccess(true)  // public fields of an object passed for a struct
                .build();
        return Context.newBuilder("weld").allowHostAccess(data).build();
    }
    // doc:end
}
