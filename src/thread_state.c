/* thread_state.c - per-thread sampler storage and fork handling. */
#include <pthread.h>

#include "emit.h"
#include "export.h"
#include "thread_seed.h"
#include "thread_state.h"

AS_EXPORT __thread struct as_sampler allocsample_internal_sampler
	__attribute__((tls_model("initial-exec")));

AS_EXPORT bool allocsample_internal_sampler_slow(size_t size, uint64_t *offset)
{
	return as_sampler_slow(as_thread_sampler, size, offset);
}

static void child_after_fork(void)
{
	as_thread_seed_after_fork_child();
	as_sampler_forget(as_thread_sampler);
	as_emit_after_fork_child();
}

/* Threads need no set-up: zero-initialised TLS is the "never drawn" state
 * and nothing is allocated per thread, so thread exit has nothing to undo. */
__attribute__((constructor)) static void thread_state_init(void)
{
	pthread_atfork(as_thread_seed_before_fork, NULL, child_after_fork);
}
