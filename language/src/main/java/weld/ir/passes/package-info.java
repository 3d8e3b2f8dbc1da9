/**
 * Optimization passes on the typed IR (loop fusion, inlining, size inference, constant folding, CSE, predication)
 * and the {@link weld.ir.passes.PassManager} that runs them in Weld's order.
 */
package weld.ir.passes;
