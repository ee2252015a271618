"""workload.py [ROUNDS] - a threaded standard-library workload with deterministic output, for compat/python.sh:
each of its threads does ROUNDS rounds (40 by default), and waits halfway until the standard input has ended
(tests/lib/compat.sh, compat_gate)."""
import hashlib
import json
import re
import sys
import threading
import zlib

THREADS = 8
ROUNDS = 40
WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")
NUMBER = re.compile(r"(\d+)\.(\d+)")


def make_text(seed, words):
    """A deterministic pseudo-text: a linear congruential generator picks syllables."""
    syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "-", "7.5", " "]
    state = seed
    out = []
    for _ in range(words):
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        out.append(syllables[(state >> 33) % len(syllables)])
        if (state >> 40) % 5 == 0:
            out.append(" ")
    return "".join(out)


def work(index, rounds, halfway, results):
    """Dicts, lists, JSON and regular expressions; the digest of it all goes to results[index]."""
    digest = hashlib.sha256()
    for round_ in range(rounds):
        if round_ == rounds // 2:
            halfway.wait()
        text = make_text(index * 1000 + round_, 4000)
        counts = {}
        for word in WORD.findall(text):
            counts[word] = counts.get(word, 0) + 1
        numbers = [int(a) * 10 + int(b) for a, b in NUMBER.findall(text)]
        table = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:50]
        document = {
            "thread": index,
            "round": round_,
            "top": table,
            "numbers": sum(numbers),
            "squares": [n * n for n in range(len(numbers) % 300)],
            "nested": {str(k): list(range(k % 17)) for k in range(200)},
        }
        encoded = json.dumps(document, sort_keys=True)
        decoded = json.loads(encoded)
        assert decoded["top"] == [list(pair) for pair in table]
        digest.update(zlib.compress(encoded.encode()))
    results[index] = digest.hexdigest()


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    results = [None] * THREADS
    halfway = threading.Event()
    threads = [threading.Thread(target=work, args=(i, rounds, halfway, results)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    sys.stdin.buffer.read()
    halfway.set()
    for thread in threads:
        thread.join()
    for index, result in enumerate(results):
        print(index, result)
    sys.stderr.write("done %d threads\n" % THREADS)
    return 3


if __name__ == "__main__":
    sys.exit(main())
