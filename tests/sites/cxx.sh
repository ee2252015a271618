#!/bin/sh
# cxx.sh - allocsample-record --sites puts a C++ program's new expressions,
# std::string's characters (allocated inside libstdc++) and std::vector's
# reserve on the program's functions and lines.  Growth by push_back is
# named as what it is: std::vector's _M_realloc_insert, a template compiled
# into the program, in the program's binary (doc/report-formats.md), its
# name qualified as the stacks' frames name functions
# (std::vector<int, std::allocator<int> >::_M_realloc_insert<int const&>).
set -eu
. "$AS_SRCDIR/tests/sites/lib.sh"
harness_enter "$@"
sites_record sites-cxx "$SITES_BIN/sites-cxx" 2000
json="$HARNESS_DIR/sites-cxx.json"
out="$HARNESS_DIR/sites-cxx.out"

sites_check_functions sites-cxx sites-cxx.cc make_nodes make_strings grow_vectors
bytes=$(awk '$1 == "site" && $2 == "push_vectors" { print $3 }' "$out")
selection='.kind == "site" and (.function // "" | test("(^|::)_M_realloc_insert<")) and
	(.file // "" | endswith("/bits/vector.tcc")) and (.binary // "" | endswith("/tests/sites/sites-cxx"))'
check "push_vectors: growth is named std::vector's _M_realloc_insert in the program" \
	[ "$(jq "[.groups[] | select($selection)] | length" "$json")" -eq 1 ]
check_truth "push_vectors" "$json" "$selection" "$bytes"
# libstdc++ allocates once for itself at start-up (its exception pool).
check "at most 2 samples in sites inside libstdc++" \
	[ "$(jq '[.groups[] | select(.kind == "site" and (.binary // "" | test("/libstdc[+][+][.]so"))) | .samples] | add // 0' "$json")" -le 2 ]
finish
