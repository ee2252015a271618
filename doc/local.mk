# Manual pages and the documents a user or maintainer reads.
dist_man1_MANS = doc/man/allocsample-record.1 doc/man/allocsample-compare.1 \
	doc/man/allocsample-profile.1
dist_man3_MANS = doc/man/allocsample.h.3
dist_man7_MANS = doc/man/allocsample.7 doc/man/babeltrace2-sink.allocsample.report.7
EXTRA_DIST += doc/design.md doc/sampling.md doc/events.md doc/report-formats.md \
	doc/reliability.md doc/fleet.md doc/performance.md doc/compare.md
