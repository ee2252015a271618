/* thread_state.c - per-thread sampler storage, the start of sampling, and fork handling. */
#include <pthread.h>

#include "checkpoint.h"
#include "emit.h"
#include "unwind/stack_walk.h"
#include "export.h"
#include "sampler/thread_seed.h"
#include "thread_state.h"

AS_EXPORT __thread struct as_sampler allocsample_internal_sampler
	__attribute__((tls_model("initial-exec")));

AS_EXPORT bool allocsample_internal_sampler_slow(size_t size, uint64_t *offset)
{
	return as_sampler_slow(as_thread_sampler, size, offset);
}

/*
 * Before every other constructor of this library, sampling starts.  Until
 * then the process runs the dynamic linker's start-up and the constructors
 * of lttng-ust and of the libraries it needs: glibc initialises a library
 * after those it depends on, and liballocsample depends on lttng-ust,
 * which registers with the session daemon, starts its threads and waits
 * for them there.  That is the tracer's start-up, and nothing of the
 * program runs before it (doc/sampling.md, "The tracer's own
 * allocations"), so no thread seeds or samples before this.  From here
 * on, the allocations are the program's, or set apart by their call site
 * (call_site.h); the walk's set-up is this library's own, held.
 */
__attribute__((constructor(101))) static void start_sampling(void)
{
	as_thread_seed_start();
	as_sampler_hold(as_thread_sampler);
	as_stack_walk_init();
	as_checkpoint_init();
	as_sampler_release(as_thread_sampler);
}

static void child_after_fork(void)
{
	as_thread_seed_after_fork_child();
	as_sampler_forget(as_thread_sampler);
	as_emit_after_fork_child();
	as_checkpoint_after_fork_child();
}

/* Threads need no set-up: zero-initialised TLS is the "never drawn" state
 * and nothing is allocated per thread, so thread exit has nothing to undo. */
__attribute__((constructor)) static void thread_state_init(void)
{
	pthread_atfork(as_thread_seed_before_fork, NULL, child_after_fork);
}
