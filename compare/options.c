/* options.c - allocsample-compare's command line, checked before any input is read. */
#include <getopt.h>
#include <stdarg.h>
#include <string.h>

#include "common/options.h"
#include "compare/compare.h"

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: " ASC_ME " [OPTIONS] BASELINE NEW\n"
		"\n"
		"Compares the bytes two runs allocated, group by group (process, thread,\n"
		"type, call site): each side's estimate and interval, the ratio NEW/BASELINE\n"
		"with its interval, and whether the change is significant.  BASELINE and NEW\n"
		"are each a JSON report of sink.allocsample.report (version 2 or later) or a\n"
		"trace directory.\n"
		"\n"
		"Options:\n"
		"  --format FORMAT       text (default), csv, json or html\n"
		"  -o, --output FILE     write to FILE instead of standard output\n"
		"  --confidence C        confidence level, 0 < C < 1 (default 0.95)\n"
		"  --correction METHOD   holm (default: family-wise error), bh (Benjamini-\n"
		"                        Hochberg: false-discovery rate) or none\n"
		"  --group-by LIST       comma-separated: thread, type, thread-type, site,\n"
		"                        stack, function (default thread,type,stack: stacks\n"
		"                        find the function that changed in untyped code);\n"
		"                        processes and the total are always compared\n"
		"  --fail-above PCT      exit with status 1 if a group increased significantly\n"
		"                        by more than PCT percent (the lower end of its ratio's\n"
		"                        interval above 1 + PCT/100)\n"
		"  -h, --help            show this help\n"
		"  --version             show the version\n"
		"\n"
		"Exit status: 0, 1 (--fail-above), 2 (usage, unreadable input, nothing in\n"
		"common).  See allocsample-compare(1).\n");
}

static int bad(int *status, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* One line on standard error, status 2. */
static int bad(int *status, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	as_option_vrefuse(ASC_ME, format, args);
	va_end(args);
	*status = ASC_EXIT_ERROR;
	return -1;
}

/* What --group-by may name: a report of a trace has no binary groups
 * (allocsample-profile's own), and processes and the total are always
 * compared. */
#define COMPARED_KINDS (1u << AS_KIND_THREAD | 1u << AS_KIND_TYPE | 1u << AS_KIND_THREAD_TYPE | \
			1u << AS_KIND_SITE | 1u << AS_KIND_STACK | 1u << AS_KIND_FUNCTION)

int asc_options_parse(int argc, char **argv, struct asc_options *out, int *status)
{
	enum { OPT_FORMAT = 256, OPT_CONFIDENCE, OPT_CORRECTION, OPT_GROUP_BY, OPT_FAIL_ABOVE, OPT_VERSION };
	static const struct option long_options[] = {
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "output", required_argument, NULL, 'o' },
		{ "confidence", required_argument, NULL, OPT_CONFIDENCE },
		{ "correction", required_argument, NULL, OPT_CORRECTION },
		{ "group-by", required_argument, NULL, OPT_GROUP_BY },
		{ "fail-above", required_argument, NULL, OPT_FAIL_ABOVE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(out, 0, sizeof(*out));
	out->confidence = 0.95;
	out->correction = ASC_HOLM;
	out->format = ASC_TEXT;
	/* Stacks by default: in untyped code every allocation has the type of
	 * its entry point (malloc), and only the stacks tell the function
	 * that changed from the rest (doc/compare.md, "Kinds compared"). */
	out->kinds = 1u << AS_KIND_THREAD | 1u << AS_KIND_TYPE | 1u << AS_KIND_STACK;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:h", long_options, NULL)) != -1) {
		switch (c) {
		case OPT_FORMAT:
			if (strcmp(optarg, "text") == 0)
				out->format = ASC_TEXT;
			else if (strcmp(optarg, "csv") == 0)
				out->format = ASC_CSV;
			else if (strcmp(optarg, "json") == 0)
				out->format = ASC_JSON;
			else if (strcmp(optarg, "html") == 0)
				out->format = ASC_HTML;
			else
				return bad(status, "--format must be text, csv, json or html, not '%s'", optarg);
			break;
		case 'o':
			out->output = optarg;
			break;
		case OPT_CONFIDENCE:
			if (!as_option_double(optarg, &out->confidence) || out->confidence <= 0 ||
			    out->confidence >= 1)
				return bad(status, "--confidence must be a number between 0 and 1 (exclusive), not '%s'",
					   optarg);
			break;
		case OPT_CORRECTION:
			if (strcmp(optarg, "holm") == 0)
				out->correction = ASC_HOLM;
			else if (strcmp(optarg, "bh") == 0)
				out->correction = ASC_BH;
			else if (strcmp(optarg, "none") == 0)
				out->correction = ASC_NONE;
			else
				return bad(status, "--correction must be holm, bh or none, not '%s'", optarg);
			break;
		case OPT_GROUP_BY:
			if (!as_option_kinds(optarg, COMPARED_KINDS, &out->kinds))
				return bad(status,
					   "--group-by must be a comma-separated list of thread, type, thread-type, site, stack and function, not '%s'",
					   optarg);
			out->group_by_given = true;
			break;
		case OPT_FAIL_ABOVE:
			if (!as_option_double(optarg, &out->fail_above) || out->fail_above < 0)
				return bad(status, "--fail-above must be a percentage, a number >= 0, not '%s'", optarg);
			out->fail_above_given = true;
			break;
		case 'h':
			usage(stdout);
			*status = ASC_EXIT_OK;
			return -1;
		case OPT_VERSION:
			printf(ASC_ME " %s\n", PACKAGE_VERSION);
			*status = ASC_EXIT_OK;
			return -1;
		default:
			if (optopt == 'o' || optopt >= 256)
				return bad(status, "option '%s' needs a value", argv[optind - 1]);
			return bad(status, "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr, ASC_ME ": %s (usage: " ASC_ME " [OPTIONS] BASELINE NEW)\n",
			argc - optind < 2 ? "two inputs needed, BASELINE and NEW" : "too many arguments");
		*status = ASC_EXIT_ERROR;
		return -1;
	}
	out->baseline = argv[optind];
	out->new_ = argv[optind + 1];
	return 0;
}
