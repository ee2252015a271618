"""stdlib-work.py - a Python program that leans on the standard library, for
bench/peers.sh: it makes log lines, parses them with re, serialises and
reads records with json and csv, counts and groups with collections,
sorts, formats, compresses and hashes, ROUNDS times (argument, default 10).
Deterministic: a fixed seed, and it prints a digest of what it computed.
"""
import collections
import csv
import datetime
import hashlib
import heapq
import io
import json
import random
import re
import statistics
import sys
import textwrap
import zlib

LINE = re.compile(
    r'(?P<host>[\d.]+) - (?P<user>\w+) \[(?P<when>[^\]]+)\] '
    r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/1\.[01]" (?P<status>\d{3}) (?P<size>\d+)')
WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu "
         "nu xi omicron pi rho sigma tau upsilon phi chi psi omega").split()


def log_lines(rng, n, start):
    """n lines of an HTTP server's access log."""
    lines = []
    for i in range(n):
        when = start + datetime.timedelta(seconds=i * 3 + rng.randrange(3))
        path = "/" + "/".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 5)))
        lines.append('10.%d.%d.%d - %s [%s] "%s %s HTTP/1.1" %d %d' % (
            rng.randrange(256), rng.randrange(256), rng.randrange(256),
            rng.choice(WORDS), when.strftime("%d/%b/%Y:%H:%M:%S +0000"),
            rng.choice(("GET", "GET", "GET", "POST", "PUT")), path,
            rng.choice((200, 200, 200, 304, 404, 500)), rng.randrange(100, 200000)))
    return lines


def parse(lines):
    """The lines as dicts, with their times and sizes converted."""
    records = []
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        r = m.groupdict()
        r["when"] = datetime.datetime.strptime(r["when"], "%d/%b/%Y:%H:%M:%S %z").isoformat()
        r["status"] = int(r["status"])
        r["size"] = int(r["size"])
        r["parts"] = r["path"].strip("/").split("/")
        records.append(r)
    return records


def summarise(records):
    """Counts, groups, orders and statistics of the records, as one dict."""
    by_status = collections.Counter(r["status"] for r in records)
    by_part = collections.defaultdict(list)
    for r in records:
        for part in r["parts"]:
            by_part[part].append(r["size"])
    recent = collections.deque(maxlen=50)
    for r in sorted(records, key=lambda r: (r["when"], r["host"])):
        recent.append(r["path"])
    largest = heapq.nlargest(20, records, key=lambda r: r["size"])
    return {
        "status": dict(sorted(by_status.items())),
        "parts": {k: [len(v), statistics.median(v), statistics.mean(v)]
                  for k, v in sorted(by_part.items(), key=lambda kv: -len(kv[1]))},
        "recent": list(recent),
        "largest": [(r["host"], r["size"]) for r in largest],
        "users": sorted({r["user"] for r in records}, key=str.lower),
    }


def as_csv(records):
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["host", "user", "when", "method", "path",
                                             "status", "size"], extrasaction="ignore")
    writer.writeheader()
    writer.writerows(records)
    return out.getvalue()


def main(rounds):
    rng = random.Random(20261124)
    start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    digest = hashlib.sha256()
    for _ in range(rounds):
        records = parse(log_lines(rng, 6000, start))
        text = json.dumps(records, sort_keys=True)
        again = json.loads(text)
        summary = summarise(again)
        table = as_csv(again)
        rows = list(csv.DictReader(io.StringIO(table)))
        report = textwrap.fill(" ".join("%s=%s" % (k, v) for k, v in summary["status"].items()), 40)
        packed = zlib.compress(text.encode() + table.encode(), 6)
        digest.update(packed)
        digest.update(json.dumps(summary, sort_keys=True).encode())
        digest.update(("%d %s" % (len(rows), report)).encode())
    print(digest.hexdigest())


main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
