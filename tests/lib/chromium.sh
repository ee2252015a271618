# chromium.sh - headless Chromium for the tests of the HTML pages (the
# report's and allocsample-compare's).  Source it after
# tests/lib/lttng-harness.sh, whose HARNESS_DIR it uses.

# chromium_run FILE OPTION...: headless Chromium on FILE; its own profile and
# home, so that it touches nothing of the user's.
chromium_run() {
	file=$1
	shift
	HOME="$HARNESS_DIR/chromium-home" timeout 120 chromium --headless=new --no-sandbox \
		--disable-gpu --no-first-run --user-data-dir="$HARNESS_DIR/chromium-profile" \
		--hide-scrollbars "$@" "file://$file" 2>>"$HARNESS_DIR/chromium.log"
}
