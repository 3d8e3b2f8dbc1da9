/** The for loop: iterators, element loading and the repeating body. */
package weld.nodes.loop;
