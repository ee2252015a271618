"""workload.py - an allocation-heavy Python program for bench/walltime.sh.

Builds and drops dicts, lists and strings of mixed sizes, like a program
parsing records.  Many objects are larger than pymalloc's 512-byte limit
(dict key tables, list item arrays, long strings), so they reach malloc.
"""
import sys


def main(rounds):
    total = 0
    for r in range(rounds):
        records = []
        for i in range(2000):
            width = 1 + (i * 7 + r) % 60
            rec = {"k%d" % j: "v" * (j * 13 % 900) for j in range(width)}
            rec["items"] = [j * i for j in range(i % 300)]
            records.append(rec)
        index = {}
        for rec in records:
            index.setdefault(len(rec), []).append(rec)
        total += sum(len(v) for v in index.values())
    print(total)


main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
