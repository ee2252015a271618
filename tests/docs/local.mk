# The commands README.md and the manual pages show, run as written against
# an install of the build tree (tests/docs/commands.sh), how that test
# reads the documents (tests/docs/readers.sh), and what the README's first
# two commands install (tests/docs/setup.sh).
DOCS_TESTS = tests/docs/readers.sh tests/docs/setup.sh
TESTS += $(DOCS_TESTS)
# The documents are the same whatever the configuration: the sanitizer
# configuration leaves commands.sh out.
DOCS_COMMANDS_TESTS = tests/docs/commands.sh
if !ENABLE_SANITIZERS
TESTS += $(DOCS_COMMANDS_TESTS)
endif
EXTRA_DIST += $(DOCS_TESTS) $(DOCS_COMMANDS_TESTS) tests/docs/extract.awk tests/docs/placeholders.awk \
	tests/docs/shape.awk tests/docs/run-document.sh tests/docs/script.py \
	tests/docs/bin/flamegraph.pl
