/**
 * Parallel loops: a {@code for} whose trip count is large enough is split into tasks run on the context's
 * ForkJoin pool; each task fills its own builder partial, and the partials are combined in iteration order.
 */
package weld.parallel;
