/* program_notes.h - what a report says once about the programs it traced: CPython's pymalloc, Node.js's V8 heap. */
#ifndef ALLOCSAMPLE_REPORT_MODEL_PROGRAM_NOTES_H
#define ALLOCSAMPLE_REPORT_MODEL_PROGRAM_NOTES_H

#include <stdbool.h>

#include <glib.h>

#include "model/summary.h"

/* The variable that sends every object of CPython to malloc. */
#define ASR_PYMALLOC_HINT "PYTHONMALLOC=malloc"
/* Node.js's own sampler of the JavaScript heap, which malloc never sees. */
#define ASR_NODE_HINT "node --heap-prof"

/* Whether a process called `name` (its executable's name, model/names.c)
 * is CPython's interpreter: "python", then digits and dots ("python3",
 * "python3.11"). */
bool asr_is_cpython(const char *name);

/* Whether a process called `name` is Node.js: "node", or "nodejs" (the
 * name some distributions give the executable). */
bool asr_is_node(const char *name);

/*
 * The sentences on what the programs traced hide from the shim, g_free'd
 * strings in a GPtrArray that frees them; empty when there is nothing to
 * say.  One a runtime, naming its processes: CPython, whose pymalloc
 * serves objects of up to 512 bytes from arenas of its own (mapped, not
 * malloc'd), unseen unless the program ran with PYTHONMALLOC=malloc,
 * which the trace cannot tell; then Node.js, whose V8 keeps every
 * JavaScript object in a heap it maps itself, so that only its native
 * memory is seen.
 */
GPtrArray *asr_program_notes(const struct asr_summary *summary);

#endif
