/**
 * The lazy API (the paper's §4): WeldObjects, their dependency graph, and {@code evaluate}, which runs a whole graph
 * as one Weld program so that the optimizer can fuse fragments written by different libraries.
 *
 * <p>Note [Program layout]. {@link weld.lazy.LazyProgram} writes one program for a graph. Objects whose value is
 * known (data, and fragments evaluated before) are its parameters; every other fragment below the root is one
 * {@code let}, dependencies first, so a shared dependency is computed once; the root's fragment is the body. Each
 * fragment is wrapped as {@code (let input = global; ...\n<fragment text>\n)}: its own text starts a line, so an error
 * position in the program maps back to the fragment by a line offset, and binding its inputs by the names it uses
 * keeps the text as the library wrote it (names a fragment binds itself can only shadow within the fragment, and
 * global names are chosen apart from every input name). The optimizer sees {@code let x = result(for(...))}
 * chains that it inlines and fuses.
 *
 * <pre>
 * |x: vec[f64], y: vec[f64]|
 * let mul = (let a = x; let b = y;
 * result(for(zip(a, b), appender[f64], |bs, i, e| merge(bs, e.$0 * e.$1)))
 * );
 * (let v = mul;
 * result(for(v, merger[f64, +], |bs, i, e| merge(bs, e)))
 * )
 * </pre>
 */
package weld.lazy;
