"""loop.py - a Python program to attach to (tests/attach/programs.sh): ROUNDS rounds of dicts, lists,
strings and JSON, a hundredth of a second apart, then the digest of it all, the same whoever watches."""
import hashlib
import json
import sys
import time

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 500


def main():
    digest = hashlib.sha256()
    kept = []
    for round_ in range(ROUNDS):
        table = {"k%d" % i: [i * round_, str(i) * (i % 7), {"r": round_}] for i in range(400)}
        text = json.dumps(table, sort_keys=True)
        digest.update(text.encode())
        kept.append(text[: 64 + round_ % 1000])
        if len(kept) > 50:
            kept.pop(0)
        time.sleep(0.01)
    print(ROUNDS, digest.hexdigest(), sum(len(k) for k in kept))


main()
