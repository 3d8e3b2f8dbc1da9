package weld.runtime;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * The binary format of {@code serialize} / {@code deserialize[T]} (documented in docs/LANGUAGE.md): little-endian;
 * a scalar in its width (bool as one byte 0/1); a vector (and a SIMD value) as an i64 length then its elements; a
 * struct as its fields in order; a dictionary as an i64 entry count then key, value, key, value, ... Deserializing checks every length
 * against the bytes that remain, so corrupt or truncated input is an error, never a huge allocation.
 */
public final class Serializer {
    private Serializer() {
    }

    /** Corrupt or truncated serialized bytes. */
    public static final class CorruptInput extends Exception {
        private static final long serialVersionUID = 1L;

        CorruptInput(String message) {
            super(message, null, false, false);
        }
    }

    @TruffleBoundary
    public static WeldVector serialize(WeldType t, Object v) {
        Out out = new Out();
        write(out, t.resolve(), v);
        byte[] bytes = out.toByteArray();
        return new WeldVector(WeldType.Scalar.U8, bytes, 0, bytes.length);
    }

    private static final class Out extends ByteArrayOutputStream {
        private final ByteBuffer scratch = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);

        void putLong(long v) {
            scratch.clear();
            scratch.putLong(v);
            write(scratch.array(), 0, 8);
        }

        void putScalar(ScalarKind k, Object v) {
            scratch.clear();
            switch (k) {
                case BOOL -> scratch.put((byte) ((Boolean) v ? 1 : 0));
                case I8, U8 -> scratch.put((byte) (int) (Integer) v);
                case I16, U16 -> scratch.putShort((short) (int) (Integer) v);
                case I32, U32 -> scratch.putInt((Integer) v);
                case I64, U64 -> scratch.putLong((Long) v);
                case F32 -> scratch.putFloat((Float) v);
                case F64 -> scratch.putDouble((Double) v);
            }
            write(scratch.array(), 0, scratch.position());
        }
    }

    private static void write(Out out, WeldType t, Object v) {
        switch (t) {
            case WeldType.Scalar s -> out.putScalar(s.kind(), v);
            case WeldType.Vec vt -> {
                WeldVector vec = (WeldVector) v;
                out.putLong(vec.length);
                WeldType e = vt.elem().resolve();
                if (e instanceof WeldType.Scalar sc && Storage.isArrayOf(sc.kind(), vec.store)) {
                    out.writeBytes(ScalarArrays.toBytes(sc.kind(), vec.store, vec.offset, vec.length));
                    return;
                }
                for (int i = 0; i < vec.length; i++) {
                    write(out, e, vec.get(i));
                }
            }
            case WeldType.Simd sd -> {
                int n = SimdOps.length(v);
                out.putLong(n);
                for (int i = 0; i < n; i++) {
                    out.putScalar(sd.kind(), Storage.readBoxed(sd.kind(), v, i));
                }
            }
            case WeldType.Struct st -> {
                WeldStruct s = (WeldStruct) v;
                for (int i = 0; i < s.fields.length; i++) {
                    write(out, st.fields().get(i).resolve(), s.fields[i]);
                }
            }
            case WeldType.Dict dt -> {
                WeldDict d = (WeldDict) v;
                out.putLong(d.size());
                d.forEach((k, x) -> {
                    write(out, dt.key().resolve(), k);
                    write(out, dt.value().resolve(), x);
                });
            }
            default -> throw new IllegalArgumentException("cannot serialize " + t);
        }
    }

    @TruffleBoundary
    public static Object deserialize(WeldType t, WeldVector bytes) throws CorruptInput {
        ByteBuffer in;
        if (bytes.store instanceof byte[] b) {
            in = ByteBuffer.wrap(b, bytes.offset, bytes.length).slice().order(ByteOrder.LITTLE_ENDIAN);
        } else {
            byte[] copy = new byte[bytes.length];
            for (int i = 0; i < copy.length; i++) {
                copy[i] = (byte) (int) (Integer) bytes.get(i);
            }
            in = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
        }
        Object v = read(in, t.resolve());
        if (in.hasRemaining()) {
            throw new CorruptInput(in.remaining() + " trailing bytes after the serialized value");
        }
        return v;
    }

    private static void need(ByteBuffer in, long n) throws CorruptInput {
        if (n < 0 || n > in.remaining()) {
            throw new CorruptInput("truncated input: need " + n + " more bytes, " + in.remaining() + " left");
        }
    }

    /** The smallest number of bytes a serialized value of type {@code t} takes (used to bound lengths). */
    private static long minSize(WeldType t) {
        return switch (t.resolve()) {
            case WeldType.Scalar s -> Math.max(1, s.kind().bits / 8);
            case WeldType.Struct st -> Math.max(1, st.fields().stream().mapToLong(Serializer::minSize).sum());
            default -> 8;
        };
    }

    private static Object read(ByteBuffer in, WeldType t) throws CorruptInput {
        switch (t) {
            case WeldType.Scalar s -> {
                ScalarKind k = s.kind();
                need(in, Math.max(1, k.bits / 8));
                return switch (k) {
                    case BOOL -> {
                        byte b = in.get();
                        if (b != 0 && b != 1) {
                            throw new CorruptInput("invalid bool byte " + b);
                        }
                        yield b == 1;
                    }
                    case I8 -> (int) in.get();
                    case U8 -> in.get() & 0xFF;
                    case I16 -> (int) in.getShort();
                    case U16 -> in.getShort() & 0xFFFF;
                    case I32, U32 -> in.getInt();
                    case I64, U64 -> in.getLong();
                    case F32 -> in.getFloat();
                    case F64 -> in.getDouble();
                };
            }
            case WeldType.Vec vt -> {
                WeldType e = vt.elem().resolve();
                long n = length(in, e);
                ScalarKind k = Storage.kindOf(e);
                Object store = Storage.newStore(e, (int) n);
                if (e instanceof WeldType.Scalar sc) {
                    if (!ScalarArrays.fromBytes(sc.kind(), in, store, (int) n)) {
                        throw new CorruptInput("invalid bool byte in a vec[bool]");
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        Storage.writeBoxed(k, store, i, read(in, e));
                    }
                }
                return new WeldVector(e, store, 0, (int) n);
            }
            case WeldType.Simd sd -> {
                WeldType lane = WeldType.Scalar.of(sd.kind());
                long n = length(in, lane);
                if (n != SimdOps.lanes(sd.kind())) {
                    throw new CorruptInput("a simd[" + sd.kind().name + "] has " + SimdOps.lanes(sd.kind()) + " lanes, not " + n);
                }
                Object lanes = Storage.newArray(sd.kind(), (int) n);
                for (int i = 0; i < n; i++) {
                    Storage.writeBoxed(sd.kind(), lanes, i, read(in, lane));
                }
                return lanes;
            }
            case WeldType.Struct st -> {
                Object[] f = new Object[st.fields().size()];
                for (int i = 0; i < f.length; i++) {
                    f[i] = read(in, st.fields().get(i).resolve());
                }
                return new WeldStruct(st, f);
            }
            case WeldType.Dict dt -> {
                long n = length(in, WeldType.Struct.of(dt.key(), dt.value()));
                WeldDict d = WeldDict.empty(dt);
                for (long i = 0; i < n; i++) {
                    Object k = read(in, dt.key().resolve());
                    d.put(k, read(in, dt.value().resolve()));
                }
                return d;
            }
            default -> throw new CorruptInput("cannot deserialize " + t);
        }
    }

    private static long length(ByteBuffer in, WeldType elem) throws CorruptInput {
        need(in, 8);
        long n = in.getLong();
        if (n < 0 || n > in.remaining() / minSize(elem)) {
            throw new CorruptInput("invalid length " + n + " with " + in.remaining() + " bytes left");
        }
        return n;
    }
}
