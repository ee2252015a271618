#!/bin/sh
# c.sh - allocsample-record --sites names a C program's allocating functions
# and the lines of their malloc and strdup calls, with estimates whose
# intervals hold the true bytes; strdup's allocations land on the program's
# function that called strdup, not in the C library.
set -eu
. "$AS_SRCDIR/tests/sites/lib.sh"
harness_enter "$@"
harness_start_sessiond

json="$HARNESS_DIR/report.json"
out="$HARNESS_DIR/out"
source="$SITES_SRC/sites.c"
sites_record "$json" "$out" "$SITES_BIN/sites" 2000

check "the report groups by site" [ "$(jq '.group_by | index("site") != null' "$json")" = true ]
while read -r _ function bytes; do
	line=$(sites_line "$source" "$function")
	[ -n "$line" ] || harness_fail "no SITE:$function marker in $source"
	sites_check_site "$json" "$function" "$function" "/tests/sites/sites.c" "$line" \
		"/tests/sites/sites" "$bytes"
done <<EOF_SITES
$(grep '^site ' "$out")
EOF_SITES
check "the workload printed its three sites" [ "$(grep -c '^site ' "$out")" -eq 3 ]
check "no site names strdup or the C library" \
	[ "$(jq '[.groups[] | select(.kind == "site" and ((.function // "") == "strdup" or
		(.binary // "" | test("/libc[.]so"))))] | length' "$json")" -eq 0 ]
finish
