/*
 * descriptors.c - close_range and closefrom, which would close lttng-ust's
 * descriptors behind its back (doc/sampling.md, "Descriptors").
 *
 * A program that closes every descriptor it did not open, as daemons do at
 * start and as Python's subprocess does, closes lttng-ust's too: its
 * sockets to the session daemon, its shared memory, the ring buffers'
 * wake-up pipes; lttng-ust then aborts (status 134).  lttng-ust's own
 * liblttng-ust-fd.so guards close() and fclose() by asking lttng-ust, for
 * each descriptor, whether it is one of its own
 * (lttng_ust_safe_close_fd()); lttng-ust 2.13.5 guards neither close_range()
 * nor glibc's closefrom(), which goes straight to the close_range system
 * call.  So the shim does: every open descriptor of the range is closed
 * (or marked close-on-exec) through the same question, each on its own
 * under lttng-ust's lock, so that a descriptor lttng-ust opens meanwhile is
 * never taken.  The open ones are listed from /proc/self/fd, read with
 * getdents64 into a buffer on the stack (no malloc); without /proc, every
 * number up to the descriptor limit is tried.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "preload.h"

/* lttng-ust's, in liblttng-ust-common.so (exported for liblttng-ust-fd.so,
 * without an installed header in 2.13): calls close_cb(fd) unless fd is
 * one of lttng-ust's, which it leaves open, returning -1 with errno
 * EBADF. */
int lttng_ust_safe_close_fd(int fd, int (*close_cb)(int fd));

/* What close_range()'s flags ask of each descriptor. */
static int close_one(int fd)
{
	return close(fd);
}

static int mark_cloexec(int fd)
{
	int flags = fcntl(fd, F_GETFD);

	return flags < 0 ? flags : fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

/* Without a limit, the kernel's own (fs.nr_open's default). */
#define MAX_DESCRIPTORS (1u << 20)

/* Every number from `first` to `last` that the process may have open:
 * those below the descriptor limit. */
static void each_number(unsigned first, unsigned last, int (*action)(int fd))
{
	struct rlimit limit;
	uint64_t end = last < MAX_DESCRIPTORS ? last : MAX_DESCRIPTORS - 1;

	if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
	    limit.rlim_cur - 1 < end)
		end = limit.rlim_cur - 1;
	for (uint64_t fd = first; fd <= end && fd <= INT32_MAX; fd++)
		lttng_ust_safe_close_fd((int) fd, action);
}

/* The numbers of /proc/self/fd's entries from `first` to `last`, the
 * listing's own descriptor aside; false without /proc. */
static bool each_open(unsigned first, unsigned last, int (*action)(int fd))
{
	char buffer[4096] __attribute__((aligned(8)));
	int dir = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	long n;

	if (dir < 0)
		return false;
	while ((n = syscall(SYS_getdents64, dir, buffer, sizeof buffer)) > 0) {
		for (long at = 0; at < n;) {
			const struct dirent64 *entry = (const struct dirent64 *) (buffer + at);
			uint64_t fd = 0;
			const char *digit = entry->d_name;

			at += entry->d_reclen;
			if (*digit < '0' || *digit > '9')
				continue;
			for (; *digit >= '0' && *digit <= '9' && fd <= UINT32_MAX; digit++)
				fd = fd * 10 + (uint64_t) (*digit - '0');
			if (fd >= first && fd <= last && fd != (uint64_t) dir && fd <= INT32_MAX)
				lttng_ust_safe_close_fd((int) fd, action);
		}
	}
	close(dir);
	return n == 0;
}

/* The system call itself, for the arguments it refuses. */
static int sys_close_range(unsigned first, unsigned last, unsigned flags)
{
	return (int) syscall(SYS_close_range, first, last, flags);
}

AS_EXPORT int close_range(unsigned int first, unsigned int last, int flags)
{
	unsigned known = CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC;
	struct as_sampler *sampler = as_thread_sampler;
	int saved_errno = errno;

	/* The kernel's verdict on what it refuses; nothing is closed then. */
	if (first > last || ((unsigned) flags & ~known) != 0)
		return sys_close_range(first, last, (unsigned) flags);
	/* A private table first, as the system call makes one. */
	if ((flags & CLOSE_RANGE_UNSHARE) && unshare(CLONE_FILES) != 0)
		return -1;
	as_sampler_hold(sampler);
	if (!each_open(first, last, (flags & CLOSE_RANGE_CLOEXEC) ? mark_cloexec : close_one))
		each_number(first, last, (flags & CLOSE_RANGE_CLOEXEC) ? mark_cloexec : close_one);
	as_sampler_release(sampler);
	errno = saved_errno;
	return 0;
}

AS_EXPORT void closefrom(int lowfd)
{
	if (lowfd >= 0)
		close_range((unsigned) lowfd, ~0U, 0);
}
