/* options.c - allocsample-profile's command line, checked before any profile is read. */
#include <getopt.h>
#include <stdarg.h>
#include <string.h>

#include "common/options.h"
#include "profile/profile.h"

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: " ASP_ME " [OPTIONS] PROFILE...\n"
		"\n"
		"Sums pprof profiles written by sink.allocsample.report (format=pprof,\n"
		"allocsample-record --format pprof), or by any pprof tool that summed\n"
		"them (go tool pprof -proto, a profile server), gzip-compressed or not,\n"
		"and reports the bytes each group allocated: the estimate and its\n"
		"interval, computed again from the sums the profiles carry.  A group\n"
		"adds up the processes of one name, of every host and run.\n"
		"\n"
		"Options:\n"
		"  --format FORMAT       text (default), csv, json or html\n"
		"  -o, --output FILE     write to FILE instead of standard output\n"
		"  --group-by LIST       comma-separated: function (default), stack, binary\n"
		"                        (that of each allocating function); processes and\n"
		"                        the total are always reported\n"
		"  --top N               at most the N largest of each table (0: all;\n"
		"                        default 10 in text, all in the other formats)\n"
		"  --min-share PCT       none under PCT percent of its table's bytes\n"
		"                        (default 1 in text, 0 in the other formats)\n"
		"  --confidence C        confidence level, 0 < C < 1 (default 0.95)\n"
		"  -h, --help            show this help\n"
		"  --version             show the version\n"
		"\n"
		"Exit status: 0, or 2 (usage, a profile unreadable, or without the sums\n"
		"that intervals need).  See allocsample-profile(1).\n");
}

static int bad(int *status, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* One line on standard error, status 2. */
static int bad(int *status, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	as_option_vrefuse(ASP_ME, format, args);
	va_end(args);
	*status = ASP_EXIT_ERROR;
	return -1;
}

/* "function,stack" -> group-by bits (params.h); false on an unknown or
 * empty name, or a kind a profile has no groups of. */
static bool parse_group_by(const char *text, unsigned *bits)
{
	unsigned kinds;

	if (!as_option_kinds(text, 1u << AS_KIND_STACK | 1u << AS_KIND_FUNCTION | 1u << AS_KIND_BINARY,
			     &kinds))
		return false;
	*bits = kinds >> AS_KIND_THREAD;
	return true;
}

int asp_options_parse(int argc, char **argv, struct asp_options *out, int *status)
{
	enum { OPT_FORMAT = 256, OPT_GROUP_BY, OPT_TOP, OPT_MIN_SHARE, OPT_CONFIDENCE, OPT_VERSION };
	static const struct option long_options[] = {
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "output", required_argument, NULL, 'o' },
		{ "group-by", required_argument, NULL, OPT_GROUP_BY },
		{ "top", required_argument, NULL, OPT_TOP },
		{ "min-share", required_argument, NULL, OPT_MIN_SHARE },
		{ "confidence", required_argument, NULL, OPT_CONFIDENCE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(out, 0, sizeof(*out));
	out->format = ASR_FORMAT_TEXT;
	/* Functions by default: a fleet's question is which code allocates,
	 * as pprof's top answers it, with self and total bytes. */
	out->group_by = ASR_GROUP_BY_FUNCTION;
	out->confidence = 0.95;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:h", long_options, NULL)) != -1) {
		switch (c) {
		case OPT_FORMAT:
			if (strcmp(optarg, "text") == 0)
				out->format = ASR_FORMAT_TEXT;
			else if (strcmp(optarg, "csv") == 0)
				out->format = ASR_FORMAT_CSV;
			else if (strcmp(optarg, "json") == 0)
				out->format = ASR_FORMAT_JSON;
			else if (strcmp(optarg, "html") == 0)
				out->format = ASR_FORMAT_HTML;
			else
				return bad(status, "--format must be text, csv, json or html, not '%s'", optarg);
			break;
		case 'o':
			out->output = optarg;
			break;
		case OPT_GROUP_BY:
			if (!parse_group_by(optarg, &out->group_by))
				return bad(status,
					   "--group-by must be a comma-separated list of function, stack and binary, not '%s'",
					   optarg);
			break;
		case OPT_TOP:
			if (!as_option_count(optarg, &out->top))
				return bad(status, "--top must be a count, 0 for all, not '%s'", optarg);
			out->has_top = true;
			break;
		case OPT_MIN_SHARE:
			if (!as_option_double(optarg, &out->min_share) || out->min_share < 0 ||
			    out->min_share > 100)
				return bad(status, "--min-share must be a percentage from 0 to 100, not '%s'",
					   optarg);
			out->has_min_share = true;
			break;
		case OPT_CONFIDENCE:
			if (!as_option_double(optarg, &out->confidence) || out->confidence <= 0 ||
			    out->confidence >= 1)
				return bad(status, "--confidence must be a number between 0 and 1 (exclusive), not '%s'",
					   optarg);
			break;
		case 'h':
			usage(stdout);
			*status = ASP_EXIT_OK;
			return -1;
		case OPT_VERSION:
			printf(ASP_ME " %s\n", PACKAGE_VERSION);
			*status = ASP_EXIT_OK;
			return -1;
		default:
			if (optopt == 'o' || optopt >= 256)
				return bad(status, "option '%s' needs a value", argv[optind - 1]);
			return bad(status, "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind == argc)
		return bad(status, "no profile given (usage: " ASP_ME " [OPTIONS] PROFILE...)");
	out->files = argv + optind;
	out->n_files = argc - optind;
	return 0;
}
