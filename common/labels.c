/* labels.c - names of code and stacks for people (see labels.h). */
#include <glib.h>
#include <inttypes.h>
#include <string.h>

#include "common/labels.h"

const char *as_base_name(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	return slash ? slash + 1 : path;
}

char *as_code_label(const char *function, const char *binary, const char *where)
{
	if (function)
		return g_strdup(function);
	if (binary && where)
		return g_strconcat(as_base_name(binary), where, NULL);
	return g_strdup(AS_LABEL_UNKNOWN);
}

char *as_site_label(const char *function, const char *binary, const char *where, const char *file,
		    uint64_t line)
{
	char *code = as_code_label(function, binary, where), *label;

	if (!file)
		return code;
	label = g_strdup_printf("%s %s:%" PRIu64, code, as_base_name(file), line);
	g_free(code);
	return label;
}

char *as_stack_label(const char *const *frames, size_t n, bool truncated)
{
	GString *label = g_string_new(truncated ? AS_LABEL_TRUNCATED : NULL);
	size_t i;

	if (n == 0 && !truncated)
		g_string_append(label, AS_LABEL_NO_STACK);
	for (i = n; i > 0; i--) {
		if (label->len)
			g_string_append_c(label, ';');
		g_string_append(label, frames[i - 1]);
	}
	return g_string_free(label, FALSE);
}
