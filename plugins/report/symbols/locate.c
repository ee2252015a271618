/* locate.c - the file that names a mapped object's frames: at its path, else by build id (see locate.h). */
#include <string.h>

#include <glib.h>

#include "symbols/locate.h"

/* `candidate` opened, if it carries `build_id` and a symbol table; else
 * NULL. */
static struct asr_binary *open_of_build(const char *candidate, const char *build_id)
{
	struct asr_binary *b = asr_binary_open(candidate);

	if (b->module && g_strcmp0(b->build_id, build_id) == 0 && asr_binary_symbol_table(b))
		return b;
	asr_binary_free(b);
	return NULL;
}

/* The debug file, then the binary, of `build_id` under ASR_DEBUG_DIR, as
 * libdwfl and gdb look for them; NULL when neither is of that build. */
static struct asr_binary *from_debug_dir(const char *build_id, char **found)
{
	static const char *const suffixes[] = { ".debug", "" };
	struct asr_binary *b = NULL;
	size_t i;

	if (strlen(build_id) < 3)
		return NULL;
	for (i = 0; !b && i < G_N_ELEMENTS(suffixes); i++) {
		*found = g_strdup_printf(ASR_DEBUG_DIR "/.build-id/%.2s/%s%s", build_id, build_id + 2,
					 suffixes[i]);
		if (g_file_test(*found, G_FILE_TEST_EXISTS))
			b = open_of_build(*found, build_id);
		if (!b)
			g_clear_pointer(found, g_free);
	}
	return b;
}

/* The file of `l->build_id` found by build id, in `l`; else what the
 * search met, in `l->search`. */
static void find_by_build_id(struct asr_located *l, struct asr_debuginfod *debuginfod)
{
	struct asr_binary *b;
	char *fetched, *why;

	if (!l->build_id) {
		l->search = g_strdup("no build id was recorded to look for one by");
		return;
	}
	b = from_debug_dir(l->build_id, &l->found);
	if (!b) {
		fetched = asr_debuginfod_find(debuginfod, l->build_id, &why);
		if (fetched) {
			b = open_of_build(fetched, l->build_id);
			if (!b)
				why = g_strdup_printf("debuginfod's file %s is not of that build, or has no symbol table",
						      fetched);
		}
		if (b) {
			l->found = fetched;
			l->from_debuginfod = true;
		} else {
			l->search = g_strdup_printf("none under " ASR_DEBUG_DIR "/.build-id; %s", why);
			g_free(fetched);
			g_free(why);
			return;
		}
	}
	asr_binary_free(l->binary);
	l->binary = b;
}

struct asr_located *asr_locate(const char *path, const char *build_id,
			       struct asr_debuginfod *debuginfod)
{
	struct asr_located *l = g_new0(struct asr_located, 1);
	struct asr_binary *b = asr_binary_open(path);

	l->path = g_strdup(path);
	l->build_id = g_strdup(build_id);
	if (!b->module)
		l->file = ASR_FILE_UNREADABLE;
	else if (build_id && g_strcmp0(b->build_id, build_id) != 0)
		l->file = ASR_FILE_OTHER_BUILD;
	else if (!asr_binary_symbol_table(b))
		l->file = ASR_FILE_STRIPPED;
	else
		l->file = ASR_FILE_USABLE;
	if (l->file == ASR_FILE_OTHER_BUILD)
		l->file_build_id = g_strdup(b->build_id);
	/* Only a stripped file of the recorded build may still name a frame,
	 * by its dynamic symbols, if nothing better is found. */
	if (l->file == ASR_FILE_USABLE || l->file == ASR_FILE_STRIPPED)
		l->binary = b;
	else
		asr_binary_free(b);
	if (l->file != ASR_FILE_USABLE)
		find_by_build_id(l, debuginfod);
	return l;
}

void asr_located_free(struct asr_located *l)
{
	if (!l)
		return;
	asr_binary_free(l->binary);
	g_free(l->path);
	g_free(l->build_id);
	g_free(l->file_build_id);
	g_free(l->found);
	g_free(l->search);
	g_free(l);
}
