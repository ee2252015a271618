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

bool asr_is_node(const char *name)
{
	return name && (strcmp(name, "node") == 0 || strcmp(name, "nodejs") == 0);
}

/* A runtime whose objects the shim cannot see, and what its note says
 * after "NAMES is|are RUNTIME: ", for one process and for several. */
static const struct runtime {
	bool (*is)(const char *name);
	const char *runtime;
	const char *one;
	const char *several;
} runtimes[] = {
	{ asr_is_cpython, "CPython",
	  "pymalloc serves its objects of up to 512 bytes from arenas of its own, which malloc never sees, so the figures leave them out; run it with " ASR_PYMALLOC_HINT " to see them (unless it ran so already).",
	  "pymalloc serves their objects of up to 512 bytes from arenas of its own, which malloc never sees, so the figures leave them out; run them with " ASR_PYMALLOC_HINT " to see them (unless they ran so already)." },
	{ asr_is_node, "Node.js",
	  "V8 keeps its JavaScript objects in a heap of its own, mapped rather than malloc'd, so the figures leave them out and show its native memory (buffers, V8's and Node.js's C++, add-ons); " ASR_NODE_HINT " samples the JavaScript heap.",
	  "V8 keeps their JavaScript objects in heaps of their own, mapped rather than malloc'd, so the figures leave them out and show their native memory (buffers, V8's and Node.js's C++, add-ons); " ASR_NODE_HINT " samples the JavaScript heap." },
};

/* The note on the processes of `summary` that run `r`, or NULL. */
static char *runtime_note(const struct asr_summary *summary, const struct runtime *r)
{
	const GPtrArray *processes = summary->groups[ASR_KIND_PROCESS];
	GString *named = g_string_new(NULL);
	guint i, found = 0;
	char *note = NULL;

	for (i = 0; processes && i < processes->len; i++) {
		const struct asr_group *g = g_ptr_array_index(processes, i);

		if (!r->is(g->process))
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
		note = g_strdup_printf("%s %s %s: %s", named->str, found > 1 ? "are" : "is", r->runtime,
				       found > 1 ? r->several : r->one);
	g_string_free(named, TRUE);
	return note;
}

GPtrArray *asr_program_notes(const struct asr_summary *summary)
{
	GPtrArray *notes = g_ptr_array_new_with_free_func(g_free);
	size_t i;

	for (i = 0; i < G_N_ELEMENTS(runtimes); i++) {
		char *note = runtime_note(summary, &runtimes[i]);

		if (note)
			g_ptr_array_add(notes, note);
	}
	return notes;
}
