/*
 * stack_walk.c - the return addresses on the calling thread's stack (stack_walk.h),
 * walked on the sampled slow path only.
 *
 * Measured in the shim's situation (bench/unwinders.c, doc/sampling.md,
 * "Stacks"): libunwind's unw_backtrace walks 40 frames in about 0.3 µs
 * from its per-thread cache; libgcc's _Unwind_Backtrace needs about 4 µs,
 * reading the unwind tables again at every frame, but it caches nothing
 * and, since GCC 12, finds the tables with glibc's lock-free
 * _dl_find_object; frame pointers take nanoseconds but stop at the first
 * frame built without them, which is every frame of Debian's libraries.
 * So libunwind, and libgcc when libunwind's cache cannot be trusted after
 * an object was unloaded (unloads.h).
 *
 * libunwind's caching policy is set to UNW_CACHE_NONE.  unw_backtrace
 * keeps its own per-thread cache whatever the policy; the policy governs
 * the cache of unw_step, which unw_backtrace calls on a miss.  GLOBAL
 * guards that cache with a mutex held across dl_iterate_phdr, which would
 * deadlock against a thread that allocates inside a dl_iterate_phdr
 * callback, as lttng-ust's statedump does; PER_THREAD, in Debian's build
 * (without --enable-per-thread-cache), shares the one cache between
 * threads with no lock at all (src/dwarf/Gparser.c, get_rs_cache).
 */
#define UNW_LOCAL_ONLY
#include <dlfcn.h>
#include <libunwind.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unwind.h>

#include "unloads.h"
#include "stack_walk.h"

/* glibc's signal trampoline on x86-64, __restore_rt: mov $15, %rax;
 * syscall (rt_sigreturn).  A signal handler returns to its first byte. */
static const unsigned char sigreturn_code[] = { 0x48, 0xc7, 0xc0, 0x0f, 0x00, 0x00, 0x00, 0x0f, 0x05 };

/* The C library's executable segment, which holds the trampoline: found
 * when this library is loaded; empty if it was not. */
static uintptr_t libc_text_start, libc_text_end;

/* libgcc's unwinder, looked up in libgcc_s itself: libunwind defines the
 * same names, and whichever comes first in the process would answer a
 * plain call. */
static __typeof__(_Unwind_Backtrace) *libgcc_backtrace;
static __typeof__(_Unwind_GetIPInfo) *libgcc_ip_info;

static int libunwind_ready; /* atomic */

static bool is_sigreturn(const void *address)
{
	uintptr_t at = (uintptr_t) address;

	return at >= libc_text_start && at < libc_text_end &&
	       libc_text_end - at >= sizeof(sigreturn_code) &&
	       memcmp(address, sigreturn_code, sizeof(sigreturn_code)) == 0;
}

/* unw_backtrace gives the address a signal interrupted as it is: the frame
 * after the trampoline's. */
static void mark_interrupted(void **frames, unsigned n)
{
	for (unsigned i = 0; i + 1 < n; i++) {
		if (is_sigreturn(frames[i]))
			frames[i + 1] = (char *) frames[i + 1] + 1;
	}
}

static unsigned walk_libunwind(void **frames, unsigned max)
{
	int n;

	/* Here rather than at load: a process that never records pays
	 * nothing, not even libunwind's initialisation. */
	if (!__atomic_load_n(&libunwind_ready, __ATOMIC_ACQUIRE)) {
		unw_set_caching_policy(unw_local_addr_space, UNW_CACHE_NONE);
		__atomic_store_n(&libunwind_ready, 1, __ATOMIC_RELEASE);
	}
	n = unw_backtrace(frames, (int) max);
	if (n <= 0)
		return 0;
	mark_interrupted(frames, (unsigned) n);
	return (unsigned) n;
}

struct libgcc_walk {
	void **frames;
	unsigned n, max;
};

static _Unwind_Reason_Code visit(struct _Unwind_Context *context, void *data)
{
	struct libgcc_walk *walk = data;
	int interrupted = 0;
	uintptr_t pc;

	if (walk->n == walk->max)
		return _URC_NORMAL_STOP;
	pc = libgcc_ip_info(context, &interrupted);
	if (pc == 0)
		return _URC_END_OF_STACK;
	walk->frames[walk->n++] = (void *) (pc + (interrupted ? 1 : 0));
	return _URC_NO_REASON;
}

static unsigned walk_libgcc(void **frames, unsigned max)
{
	struct libgcc_walk walk = { frames, 0, max };

	if (!libgcc_backtrace || !libgcc_ip_info)
		return 0;
	libgcc_backtrace(visit, &walk);
	return walk.n;
}

unsigned as_stack_walk(void **frames, unsigned max)
{
	if (max == 0)
		return 0;
	if (as_unloads_cache_trusted())
		return walk_libunwind(frames, max);
	return walk_libgcc(frames, max);
}

static int find_libc_text(struct dl_phdr_info *info, size_t size, void *data)
{
	const char *base = strrchr(info->dlpi_name, '/');

	(void) size;
	(void) data;
	base = base ? base + 1 : info->dlpi_name;
	if (strncmp(base, "libc.so.", strlen("libc.so.")) != 0)
		return 0;
	for (unsigned i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *segment = &info->dlpi_phdr[i];

		if (segment->p_type == PT_LOAD && (segment->p_flags & PF_X)) {
			libc_text_start = info->dlpi_addr + segment->p_vaddr;
			libc_text_end = libc_text_start + segment->p_memsz;
		}
	}
	return 1;
}

/* At load, outside any allocator: the lookups below take the loader's
 * lock.  libgcc_s is a dependency of this library, so RTLD_NOLOAD finds
 * it; the reference is kept, as the library stays loaded anyway. */
__attribute__((constructor)) static void unwind_init(void)
{
	void *libgcc = dlopen("libgcc_s.so.1", RTLD_NOW | RTLD_NOLOAD);

	if (libgcc) {
		libgcc_backtrace = (__typeof__(libgcc_backtrace)) dlsym(libgcc, "_Unwind_Backtrace");
		libgcc_ip_info = (__typeof__(libgcc_ip_info)) dlsym(libgcc, "_Unwind_GetIPInfo");
	}
	dl_iterate_phdr(find_libc_text, NULL);
}
