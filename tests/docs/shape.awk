# shape.awk - the lines of output a document shows that nothing the command
# printed has the shape of.
#
#   awk -f shape.awk SHOWN PRINTED...
#
# SHOWN has a line per line shown, "LINE <tab> TEXT".  A shown line has the
# shape of a printed one when both are the same once every number (21691,
# 14.5, the 105 of wordindex.c:105) is read as N, every quantity of bytes
# (0 B, 14.5 MiB) or of time (608 ms, 1.2 s) as N U, and every run of
# spaces as one space: the figures of a sampled run differ from the
# document's, and so may the unit each is best shown in; the words and
# columns must not.  Prints the shown lines
# that match no printed line, as SHOWN has them.

function shape(s,    out) {
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

FILENAME == ARGV[1] {
	shown[++n] = $0
	next
}

{
	printed[shape($0)] = 1
}

END {
	for (i = 1; i <= n; i++) {
		text = substr(shown[i], index(shown[i], "\t") + 1)
		if (!(shape(text) in printed))
			print shown[i]
	}
}
