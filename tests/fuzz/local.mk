# Fuzzing: libFuzzer targets for the environment parsing (src/settings.c)
# and the estimators (estimate/), each built by its test with clang, run
# over its committed corpus and then for a bounded time.  The tests install
# clang and libFuzzer's runtime if they are missing
# (tests/compat/require-packages.sh).
FUZZ_TESTS = tests/fuzz/settings.sh tests/fuzz/estimate.sh
TESTS += $(FUZZ_TESTS)
EXTRA_DIST += $(FUZZ_TESTS) tests/fuzz/lib.sh \
	tests/fuzz/settings-fuzz.c \
	tests/fuzz/settings.dict \
	tests/fuzz/estimate-fuzz.c \
	tests/fuzz/corpus
