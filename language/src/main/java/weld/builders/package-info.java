/**
 * The builders of Weld, one file each. Builders are linear: a {@code merge} consumes its builder, so the mutable
 * builders here are updated in place and returned. A dictmerger from integer keys (or structs of integers packed
 * into a {@code long}) to scalar values is a {@link weld.builders.ScalarDictMerger} over primitive arrays, to
 * structs of numbers a {@link weld.builders.StructDictMerger} with the values in columns; one with other keys
 * (text, vectors, structs holding one) is an {@link weld.builders.ObjectKeyDictMerger}, a table of the keys
 * ({@link weld.runtime.KeyIndex}) and the values in columns. A groupmerger with scalar or struct-of-scalar values
 * is a {@link weld.builders.ColumnGroupMerger}, others a boxed {@link weld.builders.GroupMerger}. A {@code merger}
 * over a scalar needs no object at all: its value is the accumulator (see {@code weld.runtime}), and a merger over
 * a struct of scalars is a struct combined field by field with {@link weld.runtime.ScalarOps}.
 */
package weld.builders;
