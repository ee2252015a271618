# Fuzzing: a libFuzzer target for the environment parsing (src/settings.c),
# built by the test itself with clang, run over the committed corpus and
# then for a bounded time.  The test installs clang and libFuzzer's runtime
# if they are missing (tests/compat/require-packages.sh).
FUZZ_TESTS = tests/fuzz/settings.sh
TESTS += $(FUZZ_TESTS)
EXTRA_DIST += $(FUZZ_TESTS) \
	tests/fuzz/settings-fuzz.c \
	tests/fuzz/settings.dict \
	tests/fuzz/corpus
