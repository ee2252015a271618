/*
 * attach_dlopen.c - dlopen on the program's behalf while attached, with
 * the program's search path rather than the shim's.
 *
 * glibc's dlopen takes its caller from its return address: a bare name
 * is looked for along that caller's RPATH and RUNPATH (and those of the
 * objects that loaded it) before LD_LIBRARY_PATH, the cache and the
 * system directories.  Called from the shim, it would search the shim's.
 * So a bare name not loaded yet is looked for here along the caller's
 * own list, which glibc gives through dlinfo(RTLD_DI_SERINFO), and the
 * first file found is opened by its path; failing that, the name goes to
 * dlopen as it came (the cache and the system directories, which no
 * caller changes).  A name with a slash means the same to every caller,
 * except for $ORIGIN in it, which expands from the shim's directory
 * (doc/sampling.md, "Attaching to a running process").
 */
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "attach.h"
#include "next.h"

/* The caller's object, as a handle (a reference of ours: dlclose it). */
static void *caller_handle(const void *caller)
{
	Dl_info info;
	struct link_map *map = NULL;

	if (!dladdr1(caller, &info, (void **) &map, RTLD_DL_LINKMAP) || !map)
		return NULL;
	if (map->l_name[0] == '\0')
		return dlopen(NULL, RTLD_LAZY);
	return dlopen(map->l_name, RTLD_LAZY | RTLD_NOLOAD);
}

/* The first file named `file` along the caller's search list, opened. */
static void *along_callers_path(void *from, const char *file, int mode)
{
	Dl_serinfo size;
	Dl_serinfo *list;
	void *handle = NULL;
	char path[4096];

	if (dlinfo(from, RTLD_DI_SERINFOSIZE, &size) != 0)
		return NULL;
	list = as_next.malloc(size.dls_size);
	if (!list)
		return NULL;
	memcpy(list, &size, sizeof(size));
	if (dlinfo(from, RTLD_DI_SERINFO, list) == 0) {
		for (unsigned i = 0; !handle && i < list->dls_cnt; i++) {
			int n = snprintf(path, sizeof(path), "%s/%s", list->dls_serpath[i].dls_name, file);

			if (n > 0 && (size_t) n < sizeof(path) && access(path, F_OK) == 0)
				handle = dlopen(path, mode);
		}
	}
	as_next.free(list);
	return handle;
}

void *as_attach_dlopen_as(const void *caller, const char *file, int mode)
{
	void *handle, *from;

	if (!file || strchr(file, '/'))
		return dlopen(file, mode);
	/* Loaded already under that name or soname: any caller gets it. */
	handle = dlopen(file, mode | RTLD_NOLOAD);
	if (handle)
		return handle;
	from = caller_handle(caller);
	if (from) {
		handle = along_callers_path(from, file, mode);
		dlclose(from);
	}
	return handle ? handle : dlopen(file, mode);
}
