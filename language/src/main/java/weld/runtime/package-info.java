/**
 * Runtime values of Weld and their layout.
 *
 * <p>Scalars travel through nodes in a Java <em>carrier</em> ({@link weld.runtime.Carrier}): {@code bool} as
 * {@code boolean}; {@code i8, i16, i32, u8, u16, u32} as {@code int} (signed types sign-extended, {@code u8} and
 * {@code u16} zero-extended, {@code u32} as its 32 bits); {@code i64, u64} as {@code long} (u64 as its 64 bits);
 * {@code f32} as {@code float}; {@code f64} as {@code double}. Where a value must be an object (struct fields,
 * vectors of non-scalars, generic frame slots) the carrier is boxed ({@code Integer}, {@code Long}, ...).
 *
 * <p>A {@code vec[T]} is a {@link weld.runtime.WeldVector}: a backing array plus offset and length, so that
 * {@code slice} is a view. Scalar elements live in a primitive array of their width ({@code byte[]} for i8/u8,
 * {@code short[]} for i16/u16, {@code int[]}, {@code long[]}, {@code float[]}, {@code double[]}, {@code boolean[]});
 * structs of scalars in {@link weld.runtime.StructColumns}, one array per field; other elements in an
 * {@code Object[]}. A struct is a {@link weld.runtime.WeldStruct} over boxed fields, a
 * dictionary a {@link weld.runtime.WeldDict}: a {@link weld.runtime.ScalarTable} of primitive arrays when keys are
 * int- or long-carried scalars (or structs of scalars and floats {@link weld.runtime.PackedKey packed} into a
 * {@code long}) and values non-boolean scalars, a table of entry indexes and {@link
 * weld.runtime.StructColumns} of the values when such keys map to structs of numbers (a {@code dictmerger}'s
 * result), otherwise a map of boxed keys and values. A {@code merger} over a scalar is represented by its
 * accumulator value itself (a carrier), which lets loops keep it in a register; the other builders are mutable
 * objects in {@code weld.builders}.
 */
package weld.runtime;
