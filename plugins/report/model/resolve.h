/*
 * resolve.h - the raw stacks of the aggregate as stacks of named frames
 * (model/stack.h), each distinct raw stack and each distinct address
 * resolved once per model: address -> the object its process had mapped at
 * the sample's epoch (aggregate/maps.h) -> function, file and line of the
 * call, inlined calls expanded (symbols/symbols.h, whose cache outlives the
 * model).  Two raw stacks that resolve alike (the same addresses at two
 * epochs) give one stack.  The runtimes' frames (libc, libstdc++, the
 * loader, ...: see asr_resolution_build) are named by their ELF symbols,
 * without file and line: their lines are not the program's, and libc's
 * DWARF alone is tens of megabytes to decompress.
 *
 * Each object is named from the file symbols/locate.h finds for its
 * recorded path and build id: the file at that path when it is of that
 * build, else one found by the build id (/usr/lib/debug/.build-id,
 * debuginfod), never one of another build.
 *
 * What cannot be named is kept, never dropped: an address in no known
 * object is an "[unknown]" frame with its address; one in an object for
 * which no file of its build with a symbol table was found (its file
 * removed, rebuilt or stripped since), a "BINARY+0xOFFSET" frame.  Each
 * such cause is listed once, for the warnings.
 */
#ifndef ALLOCSAMPLE_REPORT_MODEL_RESOLVE_H
#define ALLOCSAMPLE_REPORT_MODEL_RESOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "aggregate/aggregate.h"
#include "model/stack.h"
#include "symbols/site.h"
#include "symbols/symbols.h"

/* What one raw stack became. */
struct asr_resolved {
	const struct asr_stack *stack;
	const struct asr_site *site;   /* its first frame outside the runtimes, as a
					* call site; NULL unless sites were asked */
};

struct asr_resolution {
	GHashTable *resolved;    /* const struct asr_raw_stack * -> struct asr_resolved * */
	GHashTable *mappings;    /* struct asr_mapping *, interned by content */
	GHashTable *addresses;   /* what each address gave: its frames */
	GHashTable *frames;      /* struct asr_frame *, interned by content */
	GHashTable *stacks;      /* struct asr_stack *, interned by frames */
	GHashTable *sites;       /* struct asr_site *, interned by content */
	GHashTable *reported;    /* struct asr_located * already seen for `problems` */
	GHashTable *unnamed;     /* struct asr_located * already in problems.unnamed */
	GStringChunk *labels;    /* the frames' labels that are not their function */
	struct asr_stack_problems problems;
};

/*
 * Resolves every raw stack of `agg`, and with `sites` finds each one's call
 * site: the first frame whose object is not a runtime (libc, libstdc++,
 * libgcc_s, the loader, liballocsample*, jemalloc, tcmalloc, mimalloc),
 * the out-of-line function holding that address (as schema 1's sites
 * are); the innermost frame when every one is a runtime's, each address
 * looked up in `symbols`, the cache that outlives every model.  Strings are
 * borrowed from `agg` and `symbols`, which must outlive the resolution.
 * GLib aborts when out of memory, so this cannot fail.
 */
void asr_resolution_build(struct asr_resolution *res, const struct asr_aggregate *agg,
			  struct asr_symbols *symbols, bool sites);

void asr_resolution_fini(struct asr_resolution *res);

/*
 * The leaf of `stack`, the frame its call site is named after: the
 * out-of-line frame (the last of the frames of one address) of its first
 * address outside the runtimes, else of its first address; NULL for an
 * empty stack.  Sets *first to the index of the first frame of that
 * address: the frames from there outwards are the program's calls.
 */
const struct asr_frame *asr_stack_leaf(const struct asr_stack *stack, guint *first);

/* What `raw`, a raw stack of the aggregate, became. */
const struct asr_resolved *asr_resolution_of(const struct asr_resolution *res,
					     const struct asr_raw_stack *raw);

#endif
