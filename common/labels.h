/*
 * labels.h - how the analysis tools name code and stacks for people, the
 * same in the report's every format and in allocsample-compare
 * (doc/report-formats.md, "Stacks"): a frame or a call site by its
 * function, else by its binary's base name and offset, else "[unknown]";
 * a stack by its frames' labels.  No label holds an id of the run (a pid,
 * a tid, an absolute address), so the labels of two runs of one program
 * match.
 */
#ifndef ALLOCSAMPLE_COMMON_LABELS_H
#define ALLOCSAMPLE_COMMON_LABELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Frames that are not code: an address in no known object, the outermost
 * frame of a stack cut at its depth limit, a stack recorded empty. */
#define AS_LABEL_UNKNOWN "[unknown]"
#define AS_LABEL_TRUNCATED "[truncated]"
#define AS_LABEL_NO_STACK "[no stack]"

/* The file name of `path` (what follows its last '/'); NULL for NULL. */
const char *as_base_name(const char *path);

/*
 * A frame or a call site: `function`, else "BINARY" `where` (the base name
 * of the `binary` path, then the place in it: "+0xOFFSET" from its load
 * base, or "@0xADDRESS" in a binary that is not position-independent),
 * else "[unknown]".  Any argument may be NULL.  To g_free.
 */
char *as_code_label(const char *function, const char *binary, const char *where);

/* A call site: its code label, then " FILE:LINE" (the file's base name)
 * when the file is known.  To g_free. */
char *as_site_label(const char *function, const char *binary, const char *where, const char *file,
		    uint64_t line);

/*
 * A stack: the labels of its `n` frames (`frames`, innermost first) from
 * the outermost to the innermost, joined by ';', "[truncated]" first when
 * the walk stopped at its depth limit; "[no stack]" for a stack recorded
 * empty.  What allocsample-compare matches stacks by.  To g_free.
 */
char *as_stack_label(const char *const *frames, size_t n, bool truncated);

#endif
