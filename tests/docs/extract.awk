# extract.awk - the commands a document shows as runnable, and the output it
# shows for them, one record a line: KIND <tab> LINE <tab> TEXT, in the
# document's order.  KIND is `command`, `output` (a line the command before
# it prints) or `error` (a command line the extractor cannot read).
#
#   awk -v format=md -f extract.awk README.md
#   awk -v format=man -f extract.awk doc/man/allocsample-record.1
#
# Markdown (format=md):
#   - every line of a fenced block tagged sh, shell, bash or console is a
#     command (blank lines and comment lines aside; a "$ " prompt is
#     dropped; a line ending in a backslash goes on on the next);
#   - a fenced block with no tag is output, of the command before it;
#   - inline code that starts with allocsample-record, allocsample-compare,
#     allocsample-profile, babeltrace2 or lttng (by path or not, after
#     VAR=value words) and gives
#     it an option is a command: `allocsample-compare BASELINE NEW` names
#     the synopsis, `allocsample-record --leaks -- ./server` is a command;
#   - blocks tagged otherwise (c, text...) are neither.
# Manual pages (format=man), between .nf and .fi or .EX and .EE, once the
# escapes are read (\- is -, \e a backslash, \*(Aq a quote...):
#   - a line with a "$ " prompt is a command, and the lines that follow it
#     in the block, up to the next command, its output;
#   - a line that starts with a command of the list below, or with VAR=value
#     words, is a command;
#   - anything else (a synopsis, a diagram) is neither.

BEGIN {
	FS = "\n"
	split("allocsample-record allocsample-compare allocsample-profile babeltrace2 lttng", w, " ")
	for (i in w)
		inline_command[w[i]] = 1
	split("allocsample-record allocsample-compare allocsample-profile babeltrace2 lttng go " \
	      "flamegraph.pl make ./configure ./bootstrap pkg-config export", w, " ")
	for (i in w)
		man_command[w[i]] = 1
	pending = ""
}

function emit(kind, line, text) {
	printf "%s\t%d\t%s\n", kind, line, text
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# The first word that is not a VAR=value assignment, or "" when there is none.
function command_word(text,    n, i, word) {
	n = split(text, word, /[ \t]+/)
	for (i = 1; i <= n; i++) {
		if (word[i] == "")
			continue
		if (word[i] !~ /^[A-Za-z_][A-Za-z0-9_]*=/)
			return word[i]
	}
	return ""
}

function starts_with_assignment(text) {
	return text ~ /^[A-Za-z_][A-Za-z0-9_]*=/
}

# A command line, or a piece of one that a backslash continues.
function command_line(line, text) {
	if (pending != "") {
		text = pending " " trim(text)
		line = pending_line
		pending = ""
	}
	if (text ~ /\\$/) {
		pending = substr(text, 1, length(text) - 1)
		sub(/[ \t]+$/, "", pending)
		pending_line = line
		return
	}
	emit("command", line, text)
}

# Markdown inline code: `...` spans of a paragraph, which may cross lines.
function flush_paragraph(    rest, offset, start, end, span, word, base, n, i, has_option, line) {
	rest = paragraph
	offset = 0
	while ((start = index(rest, "`")) > 0) {
		end = index(substr(rest, start + 1), "`")
		if (end == 0)
			break
		span = substr(rest, start + 1, end - 1)
		# The line the span starts on.
		line = paragraph_line[1]
		for (i = 1; i <= paragraph_lines; i++)
			if (paragraph_offset[i] <= offset + start)
				line = paragraph_line[i]
		word = command_word(span)
		base = word
		sub(/.*\//, "", base)
		has_option = 0
		n = split(span, words, /[ \t]+/)
		for (i = 1; i <= n; i++)
			if (words[i] ~ /^-/)
				has_option = 1
		if (base in inline_command && has_option)
			emit("command", line, trim(span))
		offset += start + end
		rest = substr(rest, start + end + 1)
	}
	paragraph = ""
	paragraph_lines = 0
}

function markdown(    text, fence) {
	if ($0 ~ /^[ \t]*```/) {
		if (!in_fence) {
			flush_paragraph()
			fence = $0
			sub(/^[ \t]*```/, "", fence)
			info = trim(fence)
			in_fence = 1
		} else {
			if (pending != "")
				emit("error", pending_line, "a command ends in a backslash: " pending)
			pending = ""
			in_fence = 0
		}
		return
	}
	if (in_fence) {
		text = trim($0)
		if (info ~ /^(sh|shell|bash|console)$/) {
			if (text == "" || text ~ /^#/)
				return
			sub(/^\$ /, "", text)
			command_line(FNR, text)
		} else if (info == "" && text != "") {
			emit("output", FNR, $0)
		}
		return
	}
	if ($0 ~ /^[ \t]*$/ || $0 ~ /^#/) {
		flush_paragraph()
		return
	}
	paragraph_lines++
	paragraph_line[paragraph_lines] = FNR
	paragraph_offset[paragraph_lines] = length(paragraph) + 1
	paragraph = paragraph (paragraph == "" ? "" : " ") $0
}

# The text of a line of a manual page, its escapes read; unreadable sets
# the escape it could not read.
function unescape(s,    out, c, n, name) {
	out = ""
	unreadable = ""
	while ((n = index(s, "\\")) > 0) {
		out = out substr(s, 1, n - 1)
		c = substr(s, n + 1, 1)
		s = substr(s, n + 2)
		if (c == "-" || c == "." || c == "'")
			out = out c
		else if (c == "e" || c == "\\")
			out = out "\\"
		else if (c == "&")
			;
		else if (c == " " || c == "~")
			out = out " "
		else if (c == "f") {
			# \fB, \fI, \fR, \fP, or \f(XX
			if (substr(s, 1, 1) == "(")
				s = substr(s, 4)
			else
				s = substr(s, 2)
		} else if (c == "*" || c == "(") {
			if (c == "*" && substr(s, 1, 1) == "(") {
				name = substr(s, 2, 2)
				s = substr(s, 4)
			} else if (c == "(") {
				name = substr(s, 1, 2)
				s = substr(s, 3)
			} else {
				name = substr(s, 1, 1)
				s = substr(s, 2)
			}
			if (name == "Aq" || name == "aq")
				out = out "'"
			else if (name == "dq")
				out = out "\""
			else if (name == "ti")
				out = out "~"
			else if (name == "ha")
				out = out "^"
			else if (name == "rs")
				out = out "\\"
			else
				unreadable = "\\" c name
		} else {
			unreadable = "\\" c
		}
	}
	return out s
}

function man(    text, word) {
	if ($0 ~ /^\.(nf|EX)([ \t]|$)/) {
		in_block = 1
		after_prompt = 0
		return
	}
	if ($0 ~ /^\.(fi|EE)([ \t]|$)/) {
		if (pending != "")
			emit("error", pending_line, "a command ends in a backslash: " pending)
		pending = ""
		in_block = 0
		return
	}
	if (!in_block || $0 ~ /^[.']/)
		return
	text = trim(unescape($0))
	if (pending != "") {
		command_line(FNR, text)
		return
	}
	word = command_word(text)
	if (text ~ /^\$ /) {
		sub(/^\$ /, "", text)
		after_prompt = 1
	} else if (!(word in man_command) && !starts_with_assignment(text) && word !~ /^scripts\//) {
		if (after_prompt && text != "")
			emit("output", FNR, unescape($0))
		return
	}
	if (unreadable != "") {
		emit("error", FNR, "an escape the extractor cannot read, " unreadable ": " $0)
		return
	}
	command_line(FNR, text)
}

format == "md" { markdown(); next }
format == "man" { man(); next }

END {
	if (format == "md")
		flush_paragraph()
	if (pending != "")
		emit("error", pending_line, "a command ends in a backslash: " pending)
}
