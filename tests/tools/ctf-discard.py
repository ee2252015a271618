#!/usr/bin/env python3
"""ctf-discard.py - a copy of a CTF trace whose stream says the tracer lost
events (and packets): for the loss tests, which must not depend on a
consumer daemon falling behind.

Usage: ctf-discard.py SOURCE_DIR COPY_DIR EVENTS [PACKETS]

Copies the trace SOURCE_DIR (a directory holding one or more CTF traces,
each a directory with a `metadata` file) to COPY_DIR, then picks the data
stream file with the most packets (at least two) and, in every packet of
it from the second on, adds EVENTS to the packet context's
`events_discarded` and PACKETS (default 0) to its `packet_seq_num`.
babeltrace2's source.ctf.fs derives a "discarded events" message of count
EVENTS from the increase of `events_discarded` between two consecutive
packets of a stream, and a "discarded packets" message of count PACKETS
from the gap in `packet_seq_num` (a count is only known from the second
packet on: hence two packets).  The copy has no `index/` directories, so
that babeltrace2 reads the packets themselves rather than indexes that
disagree with them.

The field offsets come from the trace's own metadata
(`babeltrace2 --output-format=ctf-metadata`): the packet header and packet
context structures, their integer types' sizes and alignments, and the byte
order.  A layout this tool does not understand (a field that is not a
byte-aligned integer, a variant, a sequence...) is an error, never a guess.
Prints the stream file it changed and its packet count.
Exit status: 0 done, 1 error, 2 no stream with two packets.
"""

import os
import re
import shutil
import struct
import subprocess
import sys

CTF_MAGIC = 0xC1FC1FC1


def die(message, status=1):
    print(f"ctf-discard: {message}", file=sys.stderr)
    sys.exit(status)


def metadata_text(trace_dir):
    result = subprocess.run(["babeltrace2", "--output-format=ctf-metadata", trace_dir],
                            capture_output=True, text=True)
    if result.returncode != 0:
        die(f"babeltrace2 cannot read the metadata of {trace_dir}: {result.stderr.strip()}")
    return result.stdout


def integer_aliases(text):
    """name -> (size in bits, alignment in bits, signed) for every
    `typealias integer { ... } := NAME;`."""
    aliases = {}
    for body, name in re.findall(r"typealias\s+integer\s*\{([^}]*)\}\s*:=\s*([^;]+);", text):
        size = re.search(r"\bsize\s*=\s*(\d+)", body)
        align = re.search(r"\balign\s*=\s*(\d+)", body)
        signed = re.search(r"\bsigned\s*=\s*(\w+)", body)
        if not size:
            continue
        aliases[name.strip()] = (int(size.group(1)), int(align.group(1)) if align else 8,
                                 bool(signed) and signed.group(1) in ("true", "1"))
    return aliases


def struct_fields(body, aliases, what, start_bits):
    """[(name, offset in bytes, size in bytes)] of a structure whose members
    are all byte-aligned integers or arrays of them, laid out in a packet
    from start_bits (CTF aligns a structure as its most aligned member, and
    each member, from the packet's start), and where the structure ends."""
    members = []
    for member in [m.strip() for m in body.split(";") if m.strip()]:
        match = re.fullmatch(r"(.+?)\s+(\w+)\s*(?:\[(\d+)\])?", member, re.S)
        if not match or match.group(1).strip() not in aliases:
            die(f"{what}: cannot lay out the member `{member}`")
        size, align, _ = aliases[match.group(1).strip()]
        if size % 8 or align % 8:
            die(f"{what}: `{member}` is not byte-aligned")
        members.append((match.group(2), size, align, int(match.group(3) or 1)))
    if not members:
        die(f"{what}: no members")
    struct_align = max(align for _, _, align, _ in members)
    offset_bits = (start_bits + struct_align - 1) // struct_align * struct_align
    fields = []
    for name, size, align, count in members:
        offset_bits = (offset_bits + align - 1) // align * align
        fields.append((name, offset_bits // 8, size * count // 8))
        offset_bits += size * count
    return fields, offset_bits


def layout(trace_dir):
    """The byte order and {field: (offset, size)} of the packet header then
    the packet context, the context's offsets counted from the packet's
    start."""
    text = metadata_text(trace_dir)
    aliases = integer_aliases(text)
    order = re.search(r"trace\s*\{[^}]*?byte_order\s*=\s*(\w+)\s*;", text, re.S)
    if not order or order.group(1) not in ("le", "be"):
        die(f"{trace_dir}: no byte order in the trace block")
    header = re.search(r"packet\.header\s*:=\s*struct\s*\{([^}]*)\}", text)
    if not header:
        die(f"{trace_dir}: no packet header")
    context_name = re.search(r"packet\.context\s*:=\s*struct\s+(\w+)\s*;", text)
    if not context_name:
        die(f"{trace_dir}: no named packet context structure")
    context = re.search(r"struct\s+" + context_name.group(1) + r"\s*\{([^}]*)\}", text)
    if not context:
        die(f"{trace_dir}: no definition of struct {context_name.group(1)}")
    if len(set(re.findall(r"packet\.context\s*:=\s*struct\s+(\w+)", text))) != 1:
        die(f"{trace_dir}: several packet context structures")
    header_fields, end = struct_fields(header.group(1), aliases, "packet header", 0)
    context_fields, _ = struct_fields(context.group(1), aliases, "packet context", end)
    fields = {name: (offset, size) for name, offset, size in header_fields + context_fields}
    for name in ("magic", "packet_size", "packet_seq_num", "events_discarded"):
        if name not in fields:
            die(f"{trace_dir}: the packet header or context has no `{name}`")
    return ("<" if order.group(1) == "le" else ">"), fields


def read_uint(data, offset, size, order):
    return int.from_bytes(data[offset:offset + size], "little" if order == "<" else "big")


def write_uint(data, offset, size, order, value):
    data[offset:offset + size] = value.to_bytes(size, "little" if order == "<" else "big")


def packets(data, order, fields):
    """Offsets of the packets of a stream file."""
    offsets = []
    position = 0
    magic_offset, magic_size = fields["magic"]
    size_offset, size_size = fields["packet_size"]
    while position < len(data):
        if read_uint(data, position + magic_offset, magic_size, order) != CTF_MAGIC:
            die(f"no CTF magic number at offset {position}")
        bits = read_uint(data, position + size_offset, size_size, order)
        if bits == 0 or bits % 8:
            die(f"packet at offset {position}: packet_size {bits} bits")
        offsets.append(position)
        position += bits // 8
    return offsets


def main(argv):
    if len(argv) not in (4, 5):
        die("usage: ctf-discard.py SOURCE_DIR COPY_DIR EVENTS [PACKETS]")
    source, copy, events = argv[1], argv[2], int(argv[3])
    lost_packets = int(argv[4]) if len(argv) == 5 else 0
    if events < 0 or lost_packets < 0:
        die("EVENTS and PACKETS are counts")
    shutil.copytree(source, copy)
    candidates = []
    for directory, subdirs, files in os.walk(copy):
        if "index" in subdirs:
            shutil.rmtree(os.path.join(directory, "index"))
            subdirs.remove("index")
        if "metadata" not in files:
            continue
        order, fields = layout(directory)
        for name in sorted(files):
            if name == "metadata" or name.startswith("."):
                continue
            path = os.path.join(directory, name)
            with open(path, "rb") as f:
                data = bytearray(f.read())
            if data:
                candidates.append((len(packets(data, order, fields)), path, order, fields))
    if not candidates:
        die(f"no data stream in {source}")
    count, path, order, fields = max(candidates, key=lambda c: (c[0], c[1]))
    if count < 2:
        die(f"no stream of {source} has two packets (the most: {count})", 2)
    with open(path, "rb") as f:
        data = bytearray(f.read())
    for position in packets(data, order, fields)[1:]:
        for name, added in (("events_discarded", events), ("packet_seq_num", lost_packets)):
            offset, size = fields[name]
            value = read_uint(data, position + offset, size, order) + added
            if value >= 1 << (8 * size):
                die(f"{name} overflows in {path}")
            write_uint(data, position + offset, size, order, value)
    with open(path, "wb") as f:
        f.write(data)
    print(f"{os.path.relpath(path, copy)} {count} packets")


if __name__ == "__main__":
    main(sys.argv)
