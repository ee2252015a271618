/*
 * main.c - allocsample-profile PROFILE...: the report of a sum of pprof
 * profiles, every interval computed again from the sums they carry
 * (allocsample-profile(1), doc/report-formats.md, "Sums of profiles").
 *
 * Reads each file (read.c) into cells (samples.c) added up into groups
 * (sum.c), then estimates and writes them as the report does (report.c).
 * Exit status: 0; 2 for a usage error, or a file that cannot be read or
 * has not the sums an interval needs, each said in one line.
 */
#include <errno.h>
#include <locale.h>
#include <string.h>

#include "profile/profile.h"

/* Reads every profile of `options` into `sum`.  Returns 0, or -1 once one
 * line has said why not. */
static int read_all(const struct asp_options *options, struct asp_stacks *stacks,
		    struct asp_sum *sum)
{
	struct asp_profile p;
	int i, status = 0;

	for (i = 0; i < options->n_files && status == 0; i++) {
		status = asp_profile_read(options->files[i], &p);
		if (status == 0)
			status = asp_samples_read(&p, stacks, sum);
		asp_profile_fini(&p);
	}
	return status;
}

int main(int argc, char **argv)
{
	struct asp_options options;
	struct asp_stacks stacks;
	struct asp_sum sum;
	FILE *out;
	int status = ASP_EXIT_ERROR;

	setlocale(LC_ALL, "");
	/* Numbers in every format use '.', whatever the locale. */
	setlocale(LC_NUMERIC, "C");
	if (asp_options_parse(argc, argv, &options, &status) != 0)
		return status;
	asp_stacks_init(&stacks);
	asp_sum_init(&sum, options.group_by);
	if (read_all(&options, &stacks, &sum) != 0)
		goto end;
	out = options.output ? fopen(options.output, "w") : stdout;
	if (!out) {
		fprintf(stderr, ASP_ME ": cannot write %s: %s\n", options.output, strerror(errno));
		goto end;
	}
	if (asp_report_write(out, &sum, &options) == 0)
		status = ASP_EXIT_OK;
	if (options.output && fclose(out) != 0) {
		fprintf(stderr, ASP_ME ": cannot write %s: %s\n", options.output, strerror(errno));
		status = ASP_EXIT_ERROR;
	}
end:
	asp_sum_fini(&sum);
	asp_stacks_fini(&stacks);
	return status;
}
