# shape.awk - the lines of output a document shows that nothing the command
# printed has the shape of.
#
#   awk -f shape.awk SHOWN PRINTED...
#
# SHOWN has a line per line shown, "LINE <tab> TEXT".  A shown line has the
# shape of a printed one when both are the same once every number (21691,
# 14.5) is read as N, every quantity of bytes (0 B, 14.5 MiB) or of time
# (608 ms, 1.2 s) as N U, and every run of spaces as one space: the
# figures of a sampled run differ from the document's, and so may the unit
# each is best shown in; the words and columns must not, nor a source
# line (the 123 of wordindex.c:123), which names a line of the example.
# Prints the shown lines that match no printed line, as SHOWN has them.
#
# One column pair may differ: a report shows its LIVE AT END and LIVE
# INTERVAL columns only when some sample was live at the end (the
# README's "Live figures show where samples were live at the end"), and a
# run of a document's example can have one that the document's run did
# not: glibc keeps each thread's dynamic TLS vector, which pthread_create
# callocs, until the process ends, and one in a hundred runs of
# ./wordindex samples one of its three (1 KiB).  So when the printed
# report's Total row has bytes live at the end, its table lines also count
# without those columns; a report that prints them with nothing live
# does not.

# `s` with the digits of each source line (FILE.c:LINE, .cc, .cpp, .h)
# spelt as letters, which the numbers' N leaves alone.
function keep_source_lines(s,    out, line, spelt, i) {
	out = ""
	while (match(s, /\.(c|cc|cpp|h):[0-9]+/)) {
		line = substr(s, RSTART, RLENGTH)
		sub(/^[^:]*:/, "", line)
		spelt = ""
		for (i = 1; i <= length(line); i++)
			spelt = spelt substr("abcdefghij", substr(line, i, 1) + 1, 1)
		out = out substr(s, 1, RSTART + RLENGTH - length(line) - 1) "#" spelt
		s = substr(s, RSTART + RLENGTH)
	}
	return out s
}

function shape(s,    out) {
	s = keep_source_lines(s)
	gsub(/[0-9]+(\.[0-9]+)*/, "N", s)
	out = ""
	while (match(s, /N (B|KiB|MiB|GiB|TiB|PiB|EiB|ns|us|ms|s|min)/)) {
		out = out substr(s, 1, RSTART - 1)
		if (substr(s, RSTART + RLENGTH, 1) ~ /[A-Za-z]/)
			out = out substr(s, RSTART, RLENGTH)
		else
			out = out "N U"
		s = substr(s, RSTART + RLENGTH)
	}
	s = out s
	gsub(/[ \t]+/, " ", s)
	sub(/^ /, "", s)
	sub(/ $/, "", s)
	return s
}

# A table line's shape without the live columns: the header's two
# titles, a row's second quantity and interval.
function without_live(s) {
	sub(/ LIVE AT END LIVE INTERVAL/, "", s)
	sub(/ N U \[N U, N U\] N U \[N U, N U\]/, " N U [N U, N U]", s)
	return s
}

FILENAME == ARGV[1] {
	shown[++n] = $0
	next
}

{
	printed[shape($0)] = 1
	lines[++m] = shape($0)
	if ($1 == "Total" && shape($0) ~ / N U \[N U, N U\] N U \[N U, N U\]/ && $0 !~ /\] +0 B +\[/)
		live = 1
}

END {
	for (i = 1; live && i <= m; i++)
		printed[without_live(lines[i])] = 1
	for (i = 1; i <= n; i++) {
		text = substr(shown[i], index(shown[i], "\t") + 1)
		if (!(shape(text) in printed))
			print shown[i]
	}
}
