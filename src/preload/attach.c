/*
 * attach.c - sampling a process that did not start with the shim
 * (allocsample-record -p, doc/sampling.md, "Attaching to a running
 * process").
 *
 * allocsample-record has the process dlopen this shim, then call
 * allocsample_attach().  Loaded that way the shim interposes nothing: the
 * program's objects still call the C library's malloc through their
 * relocation slots.  Attaching rewrites those slots, in every object that
 * was loaded before the shim (the shim and what it brought, lttng-ust
 * above all, keep theirs), for each function of the malloc family, every
 * operator new and delete, dlopen (so that an object loaded later gets the
 * same) and dlclose (unloads, for the unwinder).  A slot is rewritten only
 * if it holds the global definition the shim chains to, or its object's
 * own lazy-binding stub: a slot bound elsewhere (an object with an
 * allocator of its own) keeps what it has, so no block ever reaches the
 * wrong allocator.  allocsample_detach() writes the global definitions
 * back into every slot that holds one of ours.
 *
 * Neither keeps a list of slots: each walks the objects loaded at that
 * moment, so that an object unloaded in between is never written to.  A
 * block sampled while attached came from the chained allocator (page
 * aligned for free tracking): freed after the detach, it goes to that same
 * allocator.  Every function here runs under one mutex; none is on an
 * allocation's path.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "attach.h"
#include "preload.h"
#include "slots.h"

/* What allocsample_attach() and allocsample_detach() return, for
 * allocsample-record's gdb script (src/record/attach.py). */
enum {
	AS_ATTACH_DONE = 0,      /* slots rewritten, or written back */
	AS_ATTACH_PRELOADED = 1, /* the shim interposes already: nothing to rewrite */
	AS_ATTACH_ALREADY = 2,   /* attach: attached already; detach: not attached */
	AS_ATTACH_FAILED = 3,    /* a function of ours could not be found */
};

static const char *const names[] = {
	"malloc", "free", "calloc", "realloc", "reallocarray", "memalign", "aligned_alloc",
	"posix_memalign", "valloc", "pvalloc",
	"_Znwm", "_Znam", "_ZnwmRKSt9nothrow_t", "_ZnamRKSt9nothrow_t",
	"_ZnwmSt11align_val_t", "_ZnamSt11align_val_t",
	"_ZnwmSt11align_val_tRKSt9nothrow_t", "_ZnamSt11align_val_tRKSt9nothrow_t",
	"_ZdlPv", "_ZdaPv", "_ZdlPvm", "_ZdaPvm", "_ZdlPvRKSt9nothrow_t", "_ZdaPvRKSt9nothrow_t",
	"_ZdlPvSt11align_val_t", "_ZdaPvSt11align_val_t", "_ZdlPvmSt11align_val_t",
	"_ZdaPvmSt11align_val_t", "_ZdlPvSt11align_val_tRKSt9nothrow_t",
	"_ZdaPvSt11align_val_tRKSt9nothrow_t",
	"dlopen", "dlclose",
	NULL,
};
#define NAME_COUNT (sizeof(names) / sizeof(names[0]) - 1)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool attached;
/* The allocsample-record that attached (its process id). */
static pid_t owner;
/* For each name, the shim's function and the global definition. */
static void *ours[NAME_COUNT], *global[NAME_COUNT];

/* The objects the shim brought with it (the shim first), which keep their
 * slots: every object after the shim in the loader's list when the shim's
 * constructor ran.  The loader appends a dlopen'ed object and then those
 * of its dependencies that were not loaded yet. */
#define OWN_MAX 64
static uintptr_t own_bases[OWN_MAX];
static unsigned own_count;

static size_t name_index(const char *name)
{
	size_t i = 0;

	while (names[i] != name)
		i++;
	return i;
}

static bool own_object(const struct dl_phdr_info *info)
{
	for (unsigned i = 0; i < own_count; i++)
		if (own_bases[i] == info->dlpi_addr)
			return true;
	return false;
}

static void write_slot(const struct dl_phdr_info *info, void **slot, void *value)
{
	long page = sysconf(_SC_PAGESIZE);
	void *start = (void *) ((uintptr_t) slot & ~(uintptr_t) (page - 1));
	bool relro = as_slots_in_relro(info, slot);

	/* One page: an aligned pointer never straddles two. */
	if (relro && mprotect(start, (size_t) page, PROT_READ | PROT_WRITE) != 0)
		return;
	__atomic_store_n(slot, value, __ATOMIC_RELEASE);
	if (relro)
		mprotect(start, (size_t) page, PROT_READ);
}

struct walk {
	const struct dl_phdr_info *info;
	bool attach;
};

static void each_slot(void **slot, const char *name, void *data)
{
	const struct walk *walk = data;
	size_t i = name_index(name);
	void *held = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	if (!ours[i])
		return;
	if (walk->attach && held != ours[i] &&
	    (held == global[i] || as_slots_in_object(walk->info, held)))
		write_slot(walk->info, slot, ours[i]);
	else if (!walk->attach && held == ours[i] && global[i])
		write_slot(walk->info, slot, global[i]);
}

static int each_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct walk walk = { .info = info, .attach = *(bool *) data };

	(void) size;
	if (!own_object(info))
		as_slots_each(info, names, each_slot, &walk);
	return 0;
}

static void rewrite(bool attach)
{
	dl_iterate_phdr(each_object, &attach);
}

/* dlopen, for objects that were loaded before the attach: the object it
 * loads, and those it brings, get their slots rewritten too.  glibc's
 * dlopen reads its caller's return address to search a bare name along
 * the caller's RUNPATH: for those names, src/preload/attach_dlopen.c
 * searches as the loader would have for that caller. */
static void *attached_dlopen(const char *file, int mode)
{
	void *handle = as_attach_dlopen_as(__builtin_return_address(0), file, mode);
	int saved_errno = errno;

	if (handle) {
		pthread_mutex_lock(&lock);
		if (attached)
			rewrite(true);
		pthread_mutex_unlock(&lock);
	}
	errno = saved_errno;
	return handle;
}

/* The shim's own definitions, by name: dlsym on the shim's own handle
 * searches the shim first (a plain reference would bind to the global
 * definition, the C library's); and the definitions the program's calls
 * bind to. */
static bool find_ours(void)
{
	Dl_info self;
	void *handle;

	if (!dladdr((const void *) find_ours, &self) || !self.dli_fname)
		return false;
	handle = dlopen(self.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
	if (!handle)
		return false;
	for (size_t i = 0; i < NAME_COUNT; i++) {
		ours[i] = strcmp(names[i], "dlopen") == 0 ? (void *) attached_dlopen : dlsym(handle, names[i]);
		global[i] = as_slots_definition(names[i], (const void *) find_ours);
	}
	dlclose(handle);
	return ours[name_index(names[0])] != NULL;
}

/* Whether the allocsample-record that attached has gone without
 * detaching (killed): then another may take over. */
static bool owner_gone(void)
{
	int saved_errno = errno;
	bool gone = kill(owner, 0) != 0 && errno == ESRCH;

	errno = saved_errno;
	return gone;
}

/* The process's name into `name` (AS_PROCNAME_MAX bytes): its main
 * thread's, as ps shows it (/proc/self is the thread group's directory,
 * whichever thread reads it); empty when /proc cannot say. */
static void read_process_name(char name[AS_PROCNAME_MAX])
{
	int fd = open("/proc/self/comm", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? 0 : read(fd, name, AS_PROCNAME_MAX - 1);

	if (fd >= 0)
		close(fd);
	if (n < 0)
		n = 0;
	name[n] = '\0';
	name[strcspn(name, "\n")] = '\0';
}

/* `by`: the process id of the allocsample-record that attaches. */
AS_EXPORT int allocsample_attach(int by)
{
	char name[AS_PROCNAME_MAX];
	int result = AS_ATTACH_DONE;

	if (as_next_interposing())
		return AS_ATTACH_PRELOADED;
	pthread_mutex_lock(&lock);
	if (attached && !owner_gone()) {
		result = AS_ATTACH_ALREADY;
	} else if (!ours[0] && !find_ours()) {
		result = AS_ATTACH_FAILED;
	} else {
		/* A block tracked in an earlier attach and freed since went
		 * back unseen: its address may come back unsampled. */
		allocsample_internal_tracked_clear();
		attached = true;
		owner = by;
		rewrite(true);
	}
	pthread_mutex_unlock(&lock);
	/* Outside the lock: the tracer may dlopen while it emits. */
	if (result == AS_ATTACH_DONE) {
		read_process_name(name);
		allocsample_internal_attached((uint32_t) by, name, __builtin_return_address(0));
	}
	return result;
}

AS_EXPORT int allocsample_detach(void)
{
	int result = AS_ATTACH_DONE;
	pid_t by = 0;

	if (as_next_interposing())
		return AS_ATTACH_PRELOADED;
	pthread_mutex_lock(&lock);
	if (!attached) {
		result = AS_ATTACH_ALREADY;
	} else {
		attached = false;
		by = owner;
		rewrite(false);
	}
	pthread_mutex_unlock(&lock);
	if (result == AS_ATTACH_DONE)
		allocsample_internal_detached((uint32_t) by, __builtin_return_address(0));
	return result;
}

struct own_search {
	const char *shim;
	bool seen;
};

static int note_own(struct dl_phdr_info *info, size_t size, void *data)
{
	struct own_search *search = data;

	(void) size;
	search->seen |= info->dlpi_name && strcmp(info->dlpi_name, search->shim) == 0;
	if (search->seen && own_count < OWN_MAX)
		own_bases[own_count++] = info->dlpi_addr;
	return 0;
}

/* Loaded by dlopen (not preloaded): which objects came with the shim. */
__attribute__((constructor)) static void note_own_objects(void)
{
	Dl_info self;
	struct own_search search = { 0 };

	if (as_next_interposing() || !dladdr((const void *) note_own_objects, &self) || !self.dli_fname)
		return;
	search.shim = self.dli_fname;
	dl_iterate_phdr(note_own, &search);
}
