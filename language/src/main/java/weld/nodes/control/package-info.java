/** if, select, iterate and assert. */
package weld.nodes.control;
