/** Builder creation, merge and result. */
package weld.nodes.builder;
