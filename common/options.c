/* options.c - what the analysis commands' option parsers share (see options.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/kinds.h"
#include "common/options.h"

bool as_option_double(const char *text, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(text, &end);
	return *text && !*end && errno == 0 && isfinite(*out);
}

bool as_option_count(const char *text, uint64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoull(text, &end, 10);
	return *text && strspn(text, "0123456789") == strlen(text) && errno == 0;
}

bool as_option_kinds(const char *text, unsigned allowed, unsigned *kinds)
{
	char *copy = strdup(text), *save = NULL, *name;
	bool good = copy != NULL && *text != '\0';

	*kinds = 0;
	for (name = copy ? strtok_r(copy, ",", &save) : NULL; good && name;
	     name = strtok_r(NULL, ",", &save)) {
		int k = as_kind_parse(name);

		if (k < 0 || !(allowed & 1u << k))
			good = false;
		else
			*kinds |= 1u << k;
	}
	free(copy);
	return good && *kinds != 0;
}

void as_option_vrefuse(const char *me, const char *format, va_list args)
{
	fprintf(stderr, "%s: ", me);
	vfprintf(stderr, format, args);
	fprintf(stderr, " (see --help)\n");
}
