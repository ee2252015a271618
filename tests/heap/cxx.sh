#!/bin/sh
# cxx.sh - live bytes of C++ containers (heap-cxx.cc) against the truth the
# program counts through its allocator: one set destroyed by the thread
# that built it, one destroyed by main after that thread ended, one never
# destroyed; arrays from new[] and over-aligned objects from the aligned
# operator new, two in three deleted.  Checked: each thread x type cell
# ("operator new", "operator new[]") at the end.
#
# 3 intervals at 99.99% and their 5-standard-deviation rule: a correct
# build fails by chance with probability below 0.05%.
set -eu
. "$AS_SRCDIR/tests/heap/lib.sh"
harness_enter "$@"
harness_start_sessiond

truth="$HARNESS_DIR/truth"
json="$HARNESS_DIR/cxx.json"
record_heap cxx -- "$HEAP_BIN/heap-cxx" "$truth"
pid=$(awk '$1 == "pid" { print $2 }' "$truth")

check "nothing lost" [ "$(jq '.incomplete' "$json")" = false ]
heap_check_cells "$truth" "$json" "$pid"
finish
