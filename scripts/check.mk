# scripts/check.mk - `make check` in both configured trees under one
# jobserver (scripts/test: make -j N -f scripts/check.mk): the sanitizer
# tree's build and tests fill what the plain tree's tests leave idle (most
# of them wait on lttng-sessiond or a program more than they compute), and
# N bounds the jobs of both together.  Each line of a tree's output starts
# with the tree's name; its exit status goes to TREE/check-status.
TREES = build build-sanitizers

all: $(TREES)
$(TREES):
	@{ $(MAKE) -C $@ check; echo $$? >$@/check-status; } 2>&1 | sed -u 's|^|$@: |'
.PHONY: all $(TREES)
