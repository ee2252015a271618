/*
 * locate.h - which file names the frames of an object a traced process
 * mapped, from the path and the build id its statedump recorded:
 *
 *   1. the file at that path, when it carries the recorded build id (or
 *      none was recorded) and has a symbol table, its own or its separate
 *      debug file's (which libdwfl finds: symbols/binary.h);
 *   2. else a file found by the recorded build id: under
 *      /usr/lib/debug/.build-id/XX/ the debug file REST.debug, then the
 *      binary REST (XX the build id's first two hex digits, REST the
 *      others), then the debug file from the debuginfod servers
 *      (symbols/debuginfod.h);
 *   3. else none: the frames stay unnamed, and the object says why.
 *
 * Never a file whose build id differs from the recorded one (the binary
 * rebuilt or upgraded at the same path since the recording): every file is
 * opened and its build id compared before it names anything.  A stripped
 * file of the recorded build still names what its dynamic symbols can when
 * nothing better is found.
 */
#ifndef ALLOCSAMPLE_REPORT_SYMBOLS_LOCATE_H
#define ALLOCSAMPLE_REPORT_SYMBOLS_LOCATE_H

#include <stdbool.h>

#include "symbols/binary.h"
#include "symbols/debuginfod.h"

/* libdwfl's standard place for separate debug files, which it searches by
 * build id itself for a file it reads (DEFAULT_DEBUGINFO_PATH). */
#define ASR_DEBUG_DIR "/usr/lib/debug"

/* What the file at the recorded path is. */
enum asr_file_state {
	ASR_FILE_USABLE,         /* of the recorded build (or none recorded),
				  * with a symbol table */
	ASR_FILE_UNREADABLE,     /* absent, or no ELF file libdwfl reads */
	ASR_FILE_OTHER_BUILD,    /* of another build id than the recorded one,
				  * or of none */
	ASR_FILE_STRIPPED,       /* of the recorded build, with its dynamic
				  * symbols only and no debug file found */
};

struct asr_located {
	char *path;              /* as recorded */
	char *build_id;          /* as recorded, lowercase hex; NULL: none */
	enum asr_file_state file;
	char *file_build_id;     /* ASR_FILE_OTHER_BUILD: the file's; NULL: none */
	struct asr_binary *binary;  /* what names the frames: `found`'s, else the
				     * file at `path` when usable or stripped;
				     * NULL: nothing may name them */
	char *found;             /* the file found by build id; NULL: none */
	bool from_debuginfod;    /* `found` is in debuginfod's cache */
	char *search;            /* when the file is not usable and nothing was
				  * found: what the search by build id met,
				  * for the report to say why frames are
				  * unnamed; NULL otherwise */
};

/* The file that names the frames of the object recorded as `path` with
 * `build_id` (NULL: none recorded).  Never fails: what cannot be found is
 * said in `search`.  GLib aborts when out of memory. */
struct asr_located *asr_locate(const char *path, const char *build_id,
			       struct asr_debuginfod *debuginfod);

void asr_located_free(struct asr_located *located);

#endif
