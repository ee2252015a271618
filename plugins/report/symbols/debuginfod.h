/*
 * debuginfod.h - a binary's debug file fetched by build id from the
 * debuginfod servers that DEBUGINFOD_URLS names, into the client's cache
 * (DEBUGINFOD_CACHE_PATH, else ~/.cache/debuginfod_client), with
 * elfutils' libdebuginfod.  The library is loaded at the first fetch, as
 * libdwfl loads it: a report that asks no server never loads it nor the
 * HTTP stack under it, and a host without it still reports.
 */
#ifndef ALLOCSAMPLE_REPORT_SYMBOLS_DEBUGINFOD_H
#define ALLOCSAMPLE_REPORT_SYMBOLS_DEBUGINFOD_H

/* One client, made at the first fetch; zero-initialized before. */
struct asr_debuginfod {
	void *client;            /* debuginfod_client *; NULL: none made yet */
};

/*
 * The path of the debug file of build id `build_id` (lowercase hex) in the
 * client's cache, to be freed with g_free; NULL when none was fetched, with
 * `*why` (to be freed with g_free) saying so: DEBUGINFOD_URLS not set,
 * libdebuginfod missing, no server has it, or how the servers failed.
 * Never fails otherwise.
 */
char *asr_debuginfod_find(struct asr_debuginfod *debuginfod, const char *build_id, char **why);

void asr_debuginfod_fini(struct asr_debuginfod *debuginfod);

#endif
