dist_man3_MANS = doc/man/allocsample.h.3
EXTRA_DIST += doc/sampling.md doc/events.md
