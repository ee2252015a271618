/*
 * folded.c - the stacks as folded lines, "outermost;...;innermost VALUE",
 * the input of flamegraph.pl, inferno and speedscope
 * (doc/report-formats.md, "Folded stacks").
 *
 * One line per distinct sequence of frame labels (struct asr_frame's
 * `label`): the same stack in several processes is one line, its value the
 * sum of those stack groups' estimates, each rounded to whole bytes as in
 * JSON first, so that a line adds up the JSON groups' `estimate`s exactly.  Inside a
 * label, ';' (the frame separator) becomes ':' as in flamegraph.pl's own
 * collapse scripts, and control characters (a line break would end the
 * line) become spaces.  A truncated stack gets an outermost frame
 * "[truncated]", so that its partial paths are not drawn as if they began
 * at the program's entry; an empty stack is the one frame "[no stack]".
 * Lines are sorted by their stacks, byte by byte.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/labels.h"
#include "format/writer.h"

/* Appends `label` to `line` as one frame, its separator first. */
static void append_frame(GString *line, const char *label)
{
	const char *c;

	if (line->len > 0)
		g_string_append_c(line, ';');
	for (c = label; *c; c++) {
		unsigned char u = (unsigned char) *c;

		if (u == ';')
			g_string_append_c(line, ':');
		else if (u < 0x20 || u == 0x7f)
			g_string_append_c(line, ' ');
		else
			g_string_append_c(line, *c);
	}
}

/* The folded text of `stack`, outermost frame first.  To g_free. */
static char *fold(const struct asr_stack *stack)
{
	GString *line = g_string_new(NULL);
	guint i;

	if (!stack || stack->n == 0) {
		append_frame(line, AS_LABEL_NO_STACK);
		return g_string_free(line, FALSE);
	}
	if (stack->truncated)
		append_frame(line, AS_LABEL_TRUNCATED);
	for (i = stack->n; i-- > 0;)
		append_frame(line, stack->frames[i]->label);
	return g_string_free(line, FALSE);
}

static gint compare_strings(gconstpointer a, gconstpointer b)
{
	return strcmp(*(const char *const *) a, *(const char *const *) b);
}

int asr_write_folded(FILE *out, const struct asr_model *model)
{
	const GPtrArray *groups = model->shown[ASR_KIND_STACK];
	GHashTable *values = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	GPtrArray *lines = g_ptr_array_new();
	GHashTableIter iter;
	gpointer line;
	guint i;

	for (i = 0; i < groups->len; i++) {
		const struct asr_group *g = g_ptr_array_index(groups, i);
		char *text = fold(g->stack);
		uint64_t *value = g_hash_table_lookup(values, text);

		if (value) {
			g_free(text);
		} else {
			value = g_new0(uint64_t, 1);
			g_hash_table_insert(values, text, value);
		}
		*value += asr_bytes_round(g->est.weighted);
	}
	g_hash_table_iter_init(&iter, values);
	while (g_hash_table_iter_next(&iter, &line, NULL))
		g_ptr_array_add(lines, line);
	g_ptr_array_sort(lines, compare_strings);
	for (i = 0; i < lines->len; i++)
		fprintf(out, "%s %" PRIu64 "\n", (const char *) g_ptr_array_index(lines, i),
			*(const uint64_t *) g_hash_table_lookup(values, g_ptr_array_index(lines, i)));
	g_ptr_array_unref(lines);
	g_hash_table_destroy(values);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
