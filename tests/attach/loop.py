"""loop.py - a Python program to attach to (tests/attach/programs.sh): rounds of dicts, lists, strings
and JSON, PAUSE seconds apart (0.01 unless given), for ROUNDS rounds at least and until standard input
ends, then the number of rounds and the digest of them all: the same, for the same number of rounds,
whoever watches and whatever the pause."""
import hashlib
import json
import sys
import threading
import time

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 500
PAUSE = float(sys.argv[2]) if len(sys.argv) > 2 else 0.01


def main():
    ended = threading.Event()

    def wait_for_end():
        sys.stdin.buffer.read()
        ended.set()

    threading.Thread(target=wait_for_end, daemon=True).start()
    digest = hashlib.sha256()
    kept = []
    round_ = 0
    while round_ < ROUNDS or not ended.is_set():
        table = {"k%d" % i: [i * round_, str(i) * (i % 7), {"r": round_}] for i in range(400)}
        text = json.dumps(table, sort_keys=True)
        kept.append(text[: 64 + round_ % 1000])
        if len(kept) > 50:
            kept.pop(0)
        digest.update(text.encode())
        round_ += 1
        time.sleep(PAUSE)
    print(round_, digest.hexdigest(), sum(len(k) for k in kept))


main()
