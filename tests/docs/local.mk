# The commands README.md and the manual pages show, run as written against
# an install of the build tree (tests/docs/commands.sh), how that test
# reads the documents (tests/docs/readers.sh), and what the README's first
# two commands install (tests/docs/setup.sh).
# The documents are the same whatever the configuration: the normal build
# only (PLAIN_TESTS, tests/local.mk).
DOCS_TESTS = tests/docs/commands.sh tests/docs/readers.sh tests/docs/setup.sh tests/docs/unit.sh
PLAIN_TESTS += $(DOCS_TESTS)
EXTRA_DIST += $(DOCS_TESTS) tests/docs/extract.awk tests/docs/placeholders.awk \
	tests/docs/shape.awk tests/docs/run-document.sh tests/docs/script.py \
	tests/docs/bin/flamegraph.pl
