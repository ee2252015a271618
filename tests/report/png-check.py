#!/usr/bin/env python3
"""png-check.py PNG - prints "WIDTH HEIGHT COLOURS NONWHITE_PERCENT" for an
8-bit RGB or RGBA PNG (what Chromium writes), with the standard library only:
the tests of the HTML pages use it (tests/report/lib.sh, report_render;
tests/lib/chromium.sh) to tell a drawn page from a blank one."""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def main(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("png-check: %s is not a PNG" % path)
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit("png-check: only 8-bit RGB or RGBA, not interlaced")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    # Filter "Up" (2), most of Chromium's lines, adds the line above byte by
    # byte: on the whole line at once as one integer, each byte's carry
    # kept out of the next (the low seven bits added, the high bit by xor).
    low7 = int.from_bytes(b"\x7f" * stride, "big")
    high = int.from_bytes(b"\x80" * stride, "big")
    white = (255, 255, 255)
    prev = bytearray(stride)
    colours, nonwhite, pos = set(), 0, 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if kind == 2:
            x, y = int.from_bytes(line, "big"), int.from_bytes(prev, "big")
            line = bytearray((((x & low7) + (y & low7)) ^ ((x ^ y) & high)).to_bytes(stride, "big"))
        elif kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 3:
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 0xFF
        elif kind == 4:
            for i in range(stride):
                b = prev[i]
                if i >= bpp:
                    line[i] = (line[i] + paeth(line[i - bpp], b, prev[i - bpp])) & 0xFF
                else:
                    line[i] = (line[i] + b) & 0xFF
        pixels = list(zip(line[0::bpp], line[1::bpp], line[2::bpp]))
        colours.update(pixels)
        nonwhite += len(pixels) - pixels.count(white)
        prev = line
    print(width, height, len(colours), "%.2f" % (100.0 * nonwhite / (width * height)))


if __name__ == "__main__":
    main(sys.argv[1])
