/**
 * Truffle nodes and their construction from the typed IR ({@link weld.nodes.NodeBuilder}). Subpackages hold the
 * node families: expressions, control flow, locals, loops, collections and builders.
 */
package weld.nodes;
