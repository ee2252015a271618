#!/usr/bin/env python3
"""unwind-seeds.py - writes the unwind fuzz target's seed corpus.

Usage: unwind-seeds.py DIRECTORY

Small .eh_frame_hdr and .eh_frame tables in the input form of
tests/fuzz/unwind-fuzz.c, each with probes at the pcs worth asking: the
shapes of frame GCC and clang write (frame pointer, DRAP realignment,
signal trampoline, a thread's first frame, factored offsets, remembered
state), and tables cut short or pointing outside their buffers.  Hand-made
rather than copied from an object, so that the inputs stay small and each
says what it holds; the fuzzer mutates them from there.  Run it again
after changing the input form, and commit the files it writes.
"""
import os
import struct
import sys

# The .eh_frame lies this far after the header (the target's frame_delta),
# the code this far before it.
FRAME_DELTA = 0x100
CODE_DELTA = -0x1000
FUNCTION_BYTES = 0x40


def uleb(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def sleb(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if (value == 0 and not byte & 0x40) or (value == -1 and byte & 0x40):
            out.append(byte)
            return bytes(out)
        out.append(byte | 0x80)


def padded(body):
    """A CIE or FDE body after its length, padded with DW_CFA_nop so that
    the entry is a multiple of 8 bytes."""
    body += b"\0" * (-(len(body) + 4) % 8)
    return struct.pack("<I", len(body)) + body


# The CIE GCC writes on x86-64: code alignment 1, data alignment -8, the
# return address in register 16, FDE pointers pc-relative 4-byte, the CFA
# at %rsp + 8 and the return address at CFA - 8.
CIE_INSTRUCTIONS = b"\x0c\x07\x08" + b"\x90\x01"


def cie(augmentation=b"zR", instructions=CIE_INSTRUCTIONS):
    data = b"\x1b" if b"R" in augmentation else b""
    return padded(b"\0\0\0\0" + b"\x01" + augmentation + b"\0" + uleb(1) + sleb(-8) + b"\x10"
                  + uleb(len(data)) + data + instructions)


def tables(functions, augmentation=b"zR", cie_instructions=CIE_INSTRUCTIONS):
    """The header and .eh_frame for one CIE and one FDE per function (its
    instructions), the function i at CODE_DELTA + i * FUNCTION_BYTES."""
    frame = bytearray(cie(augmentation, cie_instructions))
    entries = []
    for i, instructions in enumerate(functions):
        at = len(frame)
        start = CODE_DELTA + i * FUNCTION_BYTES
        # pc_begin is relative to its own field: the frame's address plus
        # at + 8 bytes.
        pc_begin = start - (FRAME_DELTA + at + 8)
        frame += padded(struct.pack("<I", at + 4) + struct.pack("<iI", pc_begin, FUNCTION_BYTES)
                        + uleb(0) + instructions)
        entries.append((start, FRAME_DELTA + at))
    # Version 1; .eh_frame pointer pcrel sdata4; count udata4; entries
    # datarel sdata4 from the header.
    hdr = bytearray(b"\x01\x1b\x03\x3b")
    hdr += struct.pack("<iI", FRAME_DELTA - 4, len(entries))
    for start, fde in entries:
        hdr += struct.pack("<ii", start, fde)
    return bytes(hdr), bytes(frame)


def probe(entry, delta, exact=False, shape=0x1234):
    """A pc `delta` bytes into the function of index entry `entry`."""
    return struct.pack("<BHiH", (1 if exact else 0) | 2, entry, delta, shape)


def seed(hdr, frame, probes, hdr_size=None):
    probes = probes[:4]
    return (struct.pack("<BHi", len(probes) - 1, len(hdr) if hdr_size is None else hdr_size, FRAME_DELTA)
            + b"".join(probes) + hdr + frame)


# Function bodies: `advance n` is DW_CFA_advance_loc n.
def advance(n):
    return bytes([0x40 | n])


FRAME_POINTER = (advance(1) + b"\x0e\x10" + b"\x86\x02" + advance(3) + b"\x0d\x06"
                 + advance(16) + b"\x0c\x07\x08")
# GCC's realigned frame: the CFA at *(%rbp - 8), %rbp saved at %rbp.
DRAP = (advance(4) + b"\x0c\x0a\x00" + advance(4) + b"\x0f\x03\x76\x78\x06"
        + advance(4) + b"\x10\x06\x02\x76\x00")
OUTERMOST = b"\x07\x10"
# The CFA offset factored: 4 * -8 below a data alignment of -8, so 32.
OFFSET_SF = advance(2) + b"\x13" + sleb(-4) + advance(2) + b"\x11\x06" + sleb(2)
REMEMBERED = (advance(1) + b"\x0e\x10" + advance(1) + b"\x0a" + b"\x0e\x30" + advance(4) + b"\x0b"
              + advance(2) + b"\x0e\x08")
LARGE = advance(1) + b"\x0e" + uleb(300 << 20) + advance(1) + b"\x0e" + uleb(1 << 20)


def seeds():
    hdr, frame = tables([FRAME_POINTER, DRAP, OUTERMOST, OFFSET_SF, REMEMBERED, LARGE])
    yield "frame-pointer", seed(hdr, frame, [probe(0, 1), probe(0, 3, True), probe(0, 5), probe(0, 30)])
    yield "drap", seed(hdr, frame, [probe(1, 5), probe(1, 9), probe(1, 13, True, 0xc008), probe(1, 20)])
    yield "outermost", seed(hdr, frame, [probe(2, 1), probe(2, 0x40)])
    yield "offset-sf", seed(hdr, frame, [probe(3, 3), probe(3, 5), probe(3, 5, True)])
    yield "remembered", seed(hdr, frame, [probe(4, 2, True), probe(4, 7), probe(4, 9)])
    yield "large-frame", seed(hdr, frame, [probe(5, 2), probe(5, 3)])
    yield "no-fde", seed(hdr, frame, [probe(0, -1, True), probe(5, 0x40, True)])

    hdr, frame = tables([FRAME_POINTER], augmentation=b"zRS")
    yield "signal", seed(hdr, frame, [probe(0, 1), probe(0, 5, True)])
    hdr, frame = tables([FRAME_POINTER], augmentation=b"")
    yield "no-augmentation", seed(hdr, frame, [probe(0, 5)])

    # Cut short: the header's count past its entries, the .eh_frame inside
    # the FDE, the CIE's instructions.
    hdr, frame = tables([FRAME_POINTER, DRAP])
    yield "hdr-cut", seed(hdr, frame, [probe(0, 5), probe(1, 9)], hdr_size=len(hdr) - 3)
    yield "frame-cut", seed(hdr, frame[:len(frame) - 9], [probe(0, 5), probe(1, 9)])
    yield "cie-cut", seed(hdr, frame[:12], [probe(0, 5)])
    # Pointers outside: an FDE offset past the .eh_frame, a CIE pointer
    # before it.
    far = hdr[:16] + struct.pack("<i", 0x7FFF0000) + hdr[20:]
    yield "fde-outside", seed(far, frame, [probe(0, 5)])
    bad_cie = bytearray(frame)
    fde_at = len(cie())
    bad_cie[fde_at + 4:fde_at + 8] = struct.pack("<I", fde_at + 1000)
    yield "cie-outside", seed(hdr, bytes(bad_cie), [probe(0, 5)])


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    for name, data in seeds():
        with open(os.path.join(directory, name), "wb") as out:
            out.write(data)


if __name__ == "__main__":
    main()
