/* update.c - the framing of live updates in each format (see writer.h). */
#include <stdlib.h>
#include <time.h>

#include "format/writer.h"

int asr_write_update(FILE *out, enum asr_format format, const struct asr_model *model,
		     unsigned updates, bool update)
{
	asr_write_fn write = asr_writer_for(format)->write;
	char when[32], *doc = NULL;
	size_t size = 0, i;
	time_t now = time(NULL);
	FILE *mem;
	int status;

	switch (format) {
	case ASR_FORMAT_JSON:
		/* The writer's line breaks are all outside strings, which it
		 * escapes: without them the document is one line. */
		mem = open_memstream(&doc, &size);
		if (!mem)
			return -1;
		status = write(mem, model);
		if (fclose(mem) != 0)
			status = -1;
		for (i = 0; status == 0 && i < size; i++) {
			if (doc[i] != '\n')
				fputc(doc[i], out);
		}
		free(doc);
		if (status == 0)
			fputc('\n', out);
		break;
	case ASR_FORMAT_CSV:
		if (updates > 0)
			fputc('\n', out);
		status = write(out, model);
		break;
	default:
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", localtime(&now));
		if (update)
			fprintf(out, "%s=== allocsample update %u, %s: the report so far ===\n",
				updates > 0 ? "\n" : "", updates + 1, when);
		else
			fprintf(out, "%s=== allocsample final report, %s ===\n",
				updates > 0 ? "\n" : "", when);
		status = write(out, model);
		break;
	}
	if (fflush(out) != 0 || ferror(out))
		status = -1;
	return status;
}
