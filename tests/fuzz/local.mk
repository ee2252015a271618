# Fuzzing: libFuzzer targets for the environment parsing
# (src/sampler/settings.c), the estimators (estimate/) and the unwind
# tables' parser (src/unwind/), each built by its test with clang, run
# over its committed corpus and then for a fixed number of inputs.  They
# need clang and libFuzzer's runtime (scripts/setup --tests installs them)
# and fail saying so when either is missing.  The targets are built from the
# sources with their own AddressSanitizer and UBSan whatever the
# configuration, so the sanitizer configuration does not run them again.
FUZZ_TESTS = tests/fuzz/settings.sh tests/fuzz/estimate.sh tests/fuzz/unwind.sh
PLAIN_TESTS += $(FUZZ_TESTS)
EXTRA_DIST += $(FUZZ_TESTS) tests/fuzz/lib.sh tests/fuzz/input.h \
	tests/fuzz/settings-fuzz.c \
	tests/fuzz/settings.dict \
	tests/fuzz/estimate-fuzz.c \
	tests/fuzz/unwind-fuzz.c \
	tests/fuzz/unwind-seeds.py \
	tests/fuzz/corpus
