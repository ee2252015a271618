#!/bin/sh
# c.sh - allocsample-record --sites names a C program's allocating functions
# and the lines of their malloc and strdup calls, with estimates whose
# intervals hold the true bytes; strdup's allocations land on the program's
# function that called strdup, not in the C library.
set -eu
. "$AS_SRCDIR/tests/sites/lib.sh"
harness_enter "$@"
sites_record sites "$SITES_BIN/sites" 2000
json="$HARNESS_DIR/sites.json"

check "the report groups by site" [ "$(jq '.group_by | index("site") != null' "$json")" = true ]
check "the workload printed its three sites" [ "$(grep -c '^site ' "$HARNESS_DIR/sites.out")" -eq 3 ]
sites_check_functions sites sites.c fill_malloc fill_strdup xmalloc
check "no site names strdup or the C library" \
	[ "$(jq '[.groups[] | select(.kind == "site" and ((.function // "") == "strdup" or
		(.binary // "" | test("/libc[.]so"))))] | length' "$json")" -eq 0 ]
finish
