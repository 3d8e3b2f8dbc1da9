/** Structs, vectors, dictionaries, sort and serialization. */
package weld.nodes.collection;
