#!/usr/bin/env python3
"""Writes a 1-D little-endian float64 .npy file of N pseudo-random values in [0, 1) (deterministic seed).

usage: make_data.py OUT.npy [N]   (N defaults to 10,000,000)
"""
import array
import random
import sys


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
    rng = random.Random(42)
    values = array.array("d", (rng.random() for _ in range(n)))
    if sys.byteorder != "little":
        values.byteswap()
    header = "{'descr': '<f8', 'fortran_order': False, 'shape': (%d,), }" % n
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(out, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode("latin1"))
        values.tofile(f)


if __name__ == "__main__":
    main()
