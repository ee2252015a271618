/* writers.c - which writer each format has, and how many scope rows it prints (see writer.h). */
#include "format/writer.h"

/* How many scope instances JSON (and the page drawn from it) and text
 * print at most: CSV, read by scripts, prints every one.  Folded stacks
 * and pprof print none, and 0 would mean all: the model estimates one. */
#define JSON_SCOPE_ROWS 1000
#define TEXT_SCOPE_ROWS 10
#define NO_SCOPE_ROWS 1

const struct asr_writer *asr_writer_for(enum asr_format format)
{
	static const struct asr_writer writers[] = {
		[ASR_FORMAT_TEXT] = { asr_write_text, TEXT_SCOPE_ROWS },
		[ASR_FORMAT_CSV] = { asr_write_csv, 0 },
		[ASR_FORMAT_JSON] = { asr_write_json, JSON_SCOPE_ROWS },
		[ASR_FORMAT_HTML] = { asr_write_html, JSON_SCOPE_ROWS },
		[ASR_FORMAT_FOLDED] = { asr_write_folded, NO_SCOPE_ROWS },
		[ASR_FORMAT_PPROF] = { asr_write_pprof, NO_SCOPE_ROWS, true },
	};

	return &writers[format];
}
