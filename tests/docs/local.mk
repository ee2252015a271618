# The commands README.md and the manual pages show, run as written against
# an install of the build tree (tests/docs/commands.sh), how that test
# reads the documents (tests/docs/readers.sh), and what the README's first
# two commands install (tests/docs/setup.sh).
DOCS_TESTS = tests/docs/readers.sh tests/docs/setup.sh
TESTS += $(DOCS_TESTS)
# The documents are the same whatever the configuration, and commands.sh
# runs alone after every other test (below): the sanitizer configuration
# leaves it out, to keep a full run of both well under 20 minutes.
DOCS_COMMANDS_TESTS = tests/docs/commands.sh
if !ENABLE_SANITIZERS
TESTS += $(DOCS_COMMANDS_TESTS)
endif
EXTRA_DIST += $(DOCS_TESTS) $(DOCS_COMMANDS_TESTS) tests/docs/extract.awk tests/docs/placeholders.awk \
	tests/docs/shape.awk tests/docs/run-document.sh tests/docs/script.py \
	tests/docs/bin/flamegraph.pl
# commands.sh runs `make install` in this build tree, and libtool installs
# the shim by relinking it in place: it moves .libs/liballocsample-preload.so
# aside, links the copy for the install prefix at that path, then moves the
# original back.  A test that loads the shim meanwhile gets a file half
# written ("file too short") or linked for the prefix.  So commands.sh runs
# once every other test of the run has finished: its log depends on theirs.
# The target is named through a variable because Automake generates this
# log's rule and refuses a second one it can see (GNU make merges them).
docs_commands_log = tests/docs/commands.sh.log
$(docs_commands_log): $(filter-out $(docs_commands_log),$(TEST_LOGS))
