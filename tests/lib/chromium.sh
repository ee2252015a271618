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

# chromium_measure PAGE SCRIPT SIZE: PAGE rendered in a window of SIZE
# ("1000,1200") with SCRIPT added at its end; what SCRIPT wrote (JSON)
# into a <pre id="geometry"> goes to PAGE.geometry, "null" when it wrote
# nothing (the page's script or SCRIPT failed).
chromium_measure() {
	python3 -c 'import sys
page = open(sys.argv[1], encoding="utf-8").read()
script = open(sys.argv[2], encoding="utf-8").read()
sys.stdout.write(page.replace("</body>", "<script>\n" + script + "</script>\n</body>"))' \
		"$1" "$2" >"$1.measured.html"
	chromium_run "$1.measured.html" --window-size="$3" --dump-dom >"$1.dom" || true
	python3 -c 'import html, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
found = re.search(r"<pre id=\"geometry\">([^<]*)</pre>", dom)
print(html.unescape(found.group(1)) if found else "null")' "$1.dom" >"$1.geometry"
}

# chromium_check_screenshot PAGE OPTION...: a screenshot of PAGE (OPTION:
# the window's size, say) is drawn: at least 50 colours and 3% of it not
# white (tests/report/png-check.py).  With AS_KEEP_SCREENSHOT=FILE.png, the
# picture and its page are kept there, to look at.
chromium_check_screenshot() {
	shot_page=$1
	shift
	chromium_run "$shot_page" --screenshot="$HARNESS_DIR/page.png" "$@" >/dev/null || true
	set -- $(python3 "$AS_SRCDIR/tests/report/png-check.py" "$HARNESS_DIR/page.png" 2>&1 || echo error)
	check "the screenshot is drawn: ${1:-?}x${2:-?}, ${3:-?} colours, ${4:-?}% non-white (at least 50 colours, 3%)" \
		awk -v n="$#" -v c="${3:-0}" -v p="${4:-0}" 'BEGIN { exit !(n == 4 && c >= 50 && p >= 3) }'
	if [ -n "${AS_KEEP_SCREENSHOT:-}" ]; then
		cp "$HARNESS_DIR/page.png" "$AS_KEEP_SCREENSHOT"
		cp "$shot_page" "${AS_KEEP_SCREENSHOT%.png}.html"
	fi
}
