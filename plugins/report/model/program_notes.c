/* program_notes.c - the sentences on the programs traced (see program_notes.h). */
#include <inttypes.h>
#include <string.h>

#include "model/program_notes.h"

/* The processes a note names; those beyond are counted. */
#define NAMED_PROCESSES 3

bool asr_is_cpython(const char *name)
{
	static const char prefix[] = "python";

	if (!name || strncmp(name, prefix, strlen(prefix)) != 0)
		return false;
	return name[strspn(name + strlen(prefix), "0123456789.") + strlen(prefix)] == '\0';
}

GPtrArray *asr_program_notes(const struct asr_summary *summary)
{
	GPtrArray *notes = g_ptr_array_new_with_free_func(g_free);
	const GPtrArray *processes = summary->groups[ASR_KIND_PROCESS];
	GString *named = g_string_new(NULL);
	guint i, found = 0;

	for (i = 0; processes && i < processes->len; i++) {
		const struct asr_group *g = g_ptr_array_index(processes, i);

		if (!asr_is_cpython(g->process))
			continue;
		if (++found > NAMED_PROCESSES)
			continue;
		if (found > 1)
			g_string_append(named, ", ");
		g_string_append(named, g->process);
		if (g->has_vpid)
			g_string_append_printf(named, " (pid %" PRId64 ")", g->vpid);
	}
	if (found > NAMED_PROCESSES)
		g_string_append_printf(named, " and %u more", found - NAMED_PROCESSES);
	if (found > 0)
		g_ptr_array_add(notes, g_strdup_printf(
			"%s %s CPython: pymalloc serves %s objects of up to 512 bytes from arenas of its own, which malloc never sees, so the figures leave them out; run %s with " ASR_PYMALLOC_HINT " to see them (unless %s so already).",
			named->str, found > 1 ? "are" : "is", found > 1 ? "their" : "its",
			found > 1 ? "them" : "it", found > 1 ? "they ran" : "it ran"));
	g_string_free(named, TRUE);
	return notes;
}
