# placeholders.awk - a command with its placeholders filled in.
#
#   printf '%s\n' COMMAND | awk -v values='TRACE=/tmp/t BUILD=/b' -v unknown=FILE -f placeholders.awk
#
# A placeholder is a word in capitals that stands for what the reader fills
# in (TRACE, PROGRAM, BUILD): two characters or more, neither a variable's
# value ($HOME) nor a variable set (LD_PRELOAD=...), nor part of a longer
# word or file name (allocsample.PROGRAM.PID.pb.gz), and not in a comment.
# Prints the command with each placeholder that `values` has replaced by
# its value, and appends the others to the file `unknown`, one a line.

BEGIN {
	n = split(values, pair, " ")
	for (i = 1; i <= n; i++) {
		eq = index(pair[i], "=")
		value[substr(pair[i], 1, eq - 1)] = substr(pair[i], eq + 1)
	}
}

{
	code = $0
	comment = ""
	if (match(code, /[ \t]#/)) {
		comment = substr(code, RSTART)
		code = substr(code, 1, RSTART - 1)
	}
	out = ""
	while (match(code, /[A-Z][A-Z0-9_]*[A-Z0-9]/)) {
		word = substr(code, RSTART, RLENGTH)
		before = RSTART > 1 ? substr(code, RSTART - 1, 1) : ""
		after = substr(code, RSTART + RLENGTH, 1)
		out = out substr(code, 1, RSTART - 1)
		code = substr(code, RSTART + RLENGTH)
		if (before ~ /[A-Za-z0-9_$.{-]/ || after ~ /[A-Za-z0-9_=]/) {
			out = out word
		} else if (word in value) {
			out = out value[word]
		} else {
			out = out word
			print word >>unknown
		}
	}
	print out code comment
}
