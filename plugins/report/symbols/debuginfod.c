/* debuginfod.c - debug files by build id from debuginfod servers, libdebuginfod loaded at the first fetch (see debuginfod.h). */
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include <glib.h>

#include "symbols/debuginfod.h"

/* libdebuginfod's soname and the three calls used, as <elfutils/debuginfod.h>
 * declares them since elfutils 0.178 (a build id of length 0 is read as a
 * hex string).  The header comes with libdebuginfod-dev only, which the
 * plugin does not need to build: like libdwfl, it only needs the library
 * where a server is asked. */
#define DEBUGINFOD_SONAME "libdebuginfod.so.1"
typedef struct debuginfod_client debuginfod_client;
typedef debuginfod_client *begin_fn(void);
typedef int find_debuginfo_fn(debuginfod_client *client, const unsigned char *build_id,
			      int build_id_len, char **path);
typedef void end_fn(debuginfod_client *client);

struct library {
	begin_fn *begin;
	find_debuginfo_fn *find_debuginfo;
	end_fn *end;
	char error[256];         /* why it is not loaded; empty: loaded */
};

/* Loaded once for the process and never unloaded, as libdwfl does: a
 * client's threads or handlers may outlive a component.  Static, not
 * allocated: once babeltrace2 unloads the plugin, nothing would point to
 * an allocation of ours any more. */
static struct library loaded;

static gpointer load(gpointer unused)
{
	void *handle = dlopen(DEBUGINFOD_SONAME, RTLD_LAZY);

	(void) unused;
	if (!handle) {
		g_strlcpy(loaded.error, dlerror(), sizeof loaded.error);
		return &loaded;
	}
	loaded.begin = (begin_fn *) dlsym(handle, "debuginfod_begin");
	loaded.find_debuginfo = (find_debuginfo_fn *) dlsym(handle, "debuginfod_find_debuginfo");
	loaded.end = (end_fn *) dlsym(handle, "debuginfod_end");
	if (!loaded.begin || !loaded.find_debuginfo || !loaded.end)
		g_strlcpy(loaded.error, "it lacks debuginfod_begin, debuginfod_find_debuginfo or debuginfod_end",
			  sizeof loaded.error);
	return &loaded;
}

static const struct library *library(void)
{
	static GOnce once = G_ONCE_INIT;

	return g_once(&once, load, NULL);
}

char *asr_debuginfod_find(struct asr_debuginfod *d, const char *build_id, char **why)
{
	const char *urls = g_getenv("DEBUGINFOD_URLS");
	const struct library *lib;
	char *path = NULL, *found;
	int fd;

	*why = NULL;
	if (!urls || !*urls) {
		*why = g_strdup("debuginfod not asked: DEBUGINFOD_URLS is not set");
		return NULL;
	}
	lib = library();
	if (*lib->error) {
		*why = g_strdup_printf("debuginfod not asked: " DEBUGINFOD_SONAME " cannot be loaded (%s)",
				       lib->error);
		return NULL;
	}
	if (!d->client)
		d->client = lib->begin();
	if (!d->client) {
		*why = g_strdup("debuginfod not asked: its client could not start");
		return NULL;
	}
	fd = lib->find_debuginfo(d->client, (const unsigned char *) build_id, 0, &path);
	if (fd < 0) {
		*why = fd == -ENOENT ? g_strdup_printf("not found by debuginfod (%s)", urls)
				     : g_strdup_printf("debuginfod (%s) failed: %s", urls, g_strerror(-fd));
		return NULL;
	}
	close(fd);
	found = g_strdup(path);
	free(path);
	if (!found)
		*why = g_strdup_printf("debuginfod (%s) gave no path", urls);
	return found;
}

void asr_debuginfod_fini(struct asr_debuginfod *d)
{
	if (d->client)
		library()->end(d->client);
	d->client = NULL;
}
