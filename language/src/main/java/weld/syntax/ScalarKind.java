package weld.syntax;

/** The scalar types of Weld, with their Java carrier: unsigned types share the carrier of the signed type of the same width. */
public enum ScalarKind {
    BOOL("bool", 1), I8("i8", 8), I16("i16", 16), I32("i32", 32), I64("i64", 64),
    U8("u8", 8), U16("u16", 16), U32("u32", 32), U64("u64", 64), F32("f32", 32), F64("f64", 64);

    public final String name;
    public final int bits;

    ScalarKind(String name, int bits) {
        this.name = name;
        this.bits = bits;
    }

    public boolean isFloat() {
        return this == F32 || this == F64;
    }

    public boolean isUnsigned() {
        return this == U8 || this == U16 || this == U32 || this == U64;
    }

    public boolean isInteger() {
        return this != BOOL && !isFloat();
    }

    public boolean isNumeric() {
        return this != BOOL;
    }

    public static ScalarKind byName(String name) {
        for (ScalarKind k : values()) {
            if (k.name.equals(name)) {
                return k;
            }
        }
        return null;
    }
}
