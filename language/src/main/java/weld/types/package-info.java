/** Weld types and type inference: parse tree to typed IR, by unification over {@link weld.types.TypeVar}s. */
package weld.types;
