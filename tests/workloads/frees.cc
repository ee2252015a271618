/* frees.cc - every way a block can be released, each logged with the event it must give when every allocation is sampled. */
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <new>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

#include "allocsample.h"

/*
 * Usage: frees TRACKED (1 when a session records and ALLOCSAMPLE_TRACK_FREES
 * is on, else 0), run at ALLOCSAMPLE_RATE=1 so that every allocation of
 * one byte or more is sampled.  Between two allocsample_record() markers,
 * "frees-begin" and "frees-end" (the child's: "frees-child-begin" and
 * "frees-child-end"), this thread and its worker allocate nothing but what
 * they log.  Prints, after the end marker:
 *   tid main|worker|child TID
 *   op PID PTR A0|A1|F      one per event due at PTR, in order: a sample
 *                           with free_tracked 0 or 1, or a SampledFree
 * Exits 1 after printing "FAIL ..." if a block is not what libc promises.
 * `frees unrecorded READY GO STOP`: see unrecorded() below.
 */

namespace {

struct op {
	pid_t pid;
	const void *ptr;
	const char *what;
};

op ops[256];
unsigned op_count;
bool tracked_run;
bool failed;

void log_op(const void *ptr, const char *what)
{
	if (op_count < sizeof(ops) / sizeof(ops[0]))
		ops[op_count++] = op { getpid(), ptr, what };
}

/* A sampled allocation: tracked when the run tracks and `trackable`. */
void *allocated(void *ptr, bool trackable = true)
{
	if (!ptr) {
		std::fprintf(stderr, "FAIL an allocation failed\n");
		std::exit(1);
	}
	log_op(ptr, tracked_run && trackable ? "A1" : "A0");
	return ptr;
}

/* Its release: a SampledFree when it was tracked.  Called before the block
 * goes, while its address is still ours. */
void *releasing(void *ptr, bool trackable = true)
{
	if (tracked_run && trackable)
		log_op(ptr, "F");
	return ptr;
}

void expect(bool ok, const char *what)
{
	if (!ok) {
		std::printf("FAIL %s\n", what);
		failed = true;
	}
}

bool aligned(const void *p, std::size_t alignment)
{
	return reinterpret_cast<std::uintptr_t>(p) % alignment == 0;
}

/* The worker frees what main hands it, between two barrier waits. */
pthread_barrier_t handover;
void *volatile handed;
pid_t worker_tid;

void *worker(void *)
{
	worker_tid = gettid();
	pthread_barrier_wait(&handover);
	pthread_barrier_wait(&handover);
	std::free(handed);
	pthread_barrier_wait(&handover);
	return nullptr;
}

void *own_allocator(std::size_t size)
{
	return std::malloc(size);
}

void c_entry_points()
{
	void *p, *q;

	errno = EDOM;
	p = allocated(std::malloc(100));
	expect(errno == EDOM && malloc_usable_size(p) >= 100, "malloc: errno kept, usable size");
	std::memset(p, 'm', 100);
	std::free(releasing(p));

	p = allocated(std::calloc(10, 10));
	expect(static_cast<char *>(p)[99] == 0 && static_cast<char *>(p)[0] == 0, "calloc zeroes");
	std::free(releasing(p));

	/* realloc: from NULL, a move (contents kept), to zero. */
	void *volatile null_block = nullptr;
	p = allocated(std::realloc(null_block, 200));
	std::memset(p, 'r', 200);
	releasing(p);
	q = allocated(std::realloc(p, 5000));
	expect(static_cast<char *>(q)[0] == 'r' && static_cast<char *>(q)[199] == 'r', "realloc grows, keeps");
	releasing(q);
	p = allocated(std::realloc(q, 50));
	expect(static_cast<char *>(p)[49] == 'r', "realloc shrinks, keeps");
	errno = EDOM;
	releasing(p);
	q = std::realloc(p, 0);
	expect(errno == EDOM, "realloc(p, 0) keeps errno");
	if (q)
		std::free(allocated(q, false)); /* a minimal block, never sampled */

	p = allocated(reallocarray(null_block, 10, 30));
	releasing(p);
	p = allocated(reallocarray(p, 20, 30));
	std::free(releasing(p));

	p = allocated(memalign(64, 100));
	expect(aligned(p, 64), "memalign aligns");
	std::free(releasing(p));
	p = allocated(std::aligned_alloc(8192, 512));
	expect(aligned(p, 8192), "aligned_alloc aligns");
	std::free(releasing(p));
	expect(posix_memalign(&p, 32, 100) == 0, "posix_memalign");
	allocated(p);
	std::free(releasing(p));
	p = allocated(valloc(100));
	std::free(releasing(p));
	p = allocated(pvalloc(100));
	expect(malloc_usable_size(p) >= 4096, "pvalloc rounds to a page");
	std::free(releasing(p));

	/* Not sampled: no trial for zero bytes, and no event at its free. */
	std::free(std::malloc(0));

	/* Released on another thread. */
	handed = allocated(std::malloc(300));
	releasing(handed);
	pthread_barrier_wait(&handover);
	pthread_barrier_wait(&handover);
}

void cxx_entry_points()
{
	const std::align_val_t al{ 64 };
	void *p;

	p = allocated(::operator new(100));
	::operator delete(releasing(p));
	p = allocated(::operator new[](100));
	::operator delete[](releasing(p));
	p = allocated(::operator new(100));
	::operator delete(releasing(p), 100);
	p = allocated(::operator new[](100));
	::operator delete[](releasing(p), 100);
	p = allocated(::operator new(100, std::nothrow));
	::operator delete(releasing(p), std::nothrow);
	p = allocated(::operator new[](100, std::nothrow));
	::operator delete[](releasing(p), std::nothrow);
	p = allocated(::operator new(100, al));
	expect(aligned(p, 64), "aligned new aligns");
	::operator delete(releasing(p), al);
	p = allocated(::operator new[](100, al));
	::operator delete[](releasing(p), al);
	p = allocated(::operator new(100, al));
	::operator delete(releasing(p), 100, al);
	p = allocated(::operator new[](100, al));
	::operator delete[](releasing(p), 100, al);
	p = allocated(::operator new(100, al, std::nothrow));
	::operator delete(releasing(p), al, std::nothrow);
	p = allocated(::operator new[](100, al, std::nothrow));
	::operator delete[](releasing(p), al, std::nothrow);
}

void typed_api()
{
	void *p;

	p = allocated(allocsample_malloc_typed(100, "typed-malloc"));
	std::free(releasing(p));
	p = allocated(allocsample_calloc_typed(10, 10, "typed-calloc"));
	expect(static_cast<char *>(p)[99] == 0, "allocsample_calloc_typed zeroes");
	std::free(releasing(p));
	/* The program's own allocator: its frees are not known to be ours. */
	p = allocated(allocsample_allocate_typed(100, "typed-own", own_allocator), false);
	std::free(releasing(p, false));
}

/* The child frees a block of its parent's and one of its own. */
void forked(void *inherited)
{
	pid_t child = fork();

	if (child < 0) {
		std::perror("fork");
		std::exit(1);
	}
	if (child == 0) {
		allocsample_record("frees-child-begin", 1);
		/* Allocated first, so that it cannot take the inherited
		 * block's address: the test tells blocks apart by address. */
		void *own = allocated(std::malloc(500));
		std::free(releasing(inherited));
		std::free(releasing(own));
		allocsample_record("frees-child-end", 1);
		std::printf("tid child %d\n", gettid());
		for (unsigned i = 0; i < op_count; i++)
			if (ops[i].pid == getpid())
				std::printf("op %d %p %s\n", ops[i].pid, ops[i].ptr, ops[i].what);
		std::fflush(stdout);
		_exit(0);
	}
	int status;
	waitpid(child, &status, 0);
	expect(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child exits 0");
}

} // namespace

/*
 * frees unrecorded READY GO STOP: 1000 sampled blocks while no session
 * records (the test starts none before READY exists), then, once GO exists,
 * more until STOP does: the first one recorded (the session's events are
 * enabled while the program runs) is preceded by SamplesUnrecorded.
 */
int unrecorded(const char *ready, const char *go, const char *stop)
{
	for (int i = 0; i < 1000; i++)
		std::free(std::malloc(64));
	std::fclose(std::fopen(ready, "w"));
	while (access(go, F_OK) != 0)
		usleep(10000);
	while (access(stop, F_OK) != 0) {
		std::free(std::malloc(64));
		usleep(10000);
	}
	return 0;
}

int main(int argc, char **argv)
{
	pthread_t thread;

	if (argc == 5 && std::strcmp(argv[1], "unrecorded") == 0)
		return unrecorded(argv[2], argv[3], argv[4]);
	if (argc != 2)
		return 2;
	tracked_run = std::strcmp(argv[1], "1") == 0;
	/* Before the logged phase: stdout's buffer, the worker thread. */
	std::printf("tid main %d\n", gettid());
	std::fflush(stdout);
	pthread_barrier_init(&handover, nullptr, 2);
	pthread_create(&thread, nullptr, worker, nullptr);
	pthread_barrier_wait(&handover);

	allocsample_record("frees-begin", 1);
	c_entry_points();
	cxx_entry_points();
	typed_api();
	void *inherited = allocated(std::malloc(1000));
	forked(inherited);
	std::free(releasing(inherited));
	allocsample_record("frees-end", 1);

	pthread_join(thread, nullptr);
	std::printf("tid worker %d\n", worker_tid);
	for (unsigned i = 0; i < op_count; i++)
		if (ops[i].pid == getpid())
			std::printf("op %d %p %s\n", ops[i].pid, ops[i].ptr, ops[i].what);
	return failed ? 1 : 0;
}
