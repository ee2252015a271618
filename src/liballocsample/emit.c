/* emit.c - the one place that calls the tracepoints. */
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "allocsample-tp.h"
#include "checkpoint.h"
#include "emit.h"
#include "export.h"
#include "sampler/high_water.h"
#include "sampler/sampled_set.h"
#include "sampler/settings.h"
#include "stack.h"
#include "thread_state.h"
#include "type_scope.h"

/* What a sample's and a free's events take in a ring buffer, about: the
 * header and the contexts allocsample-record adds (vpid, vtid, procname),
 * then the fields, the type's bytes and eight a frame aside.  Only the
 * checkpoints' pace hangs on it (checkpoint.h). */
#define SAMPLE_EVENT_BYTES 80
#define FREE_EVENT_BYTES 48

/* The event records return addresses as unsigned 64-bit integers. */
_Static_assert(sizeof(void *) == sizeof(uint64_t), "a return address is 64 bits");

/* Samples drawn while no session recorded AllocationSampled, not yet
 * announced by a SamplesUnrecorded event (atomic). */
static uint64_t unrecorded;
/* The allocsample-record whose attach no Attached event has said yet
 * (its process id), or 0 (atomic: stored with release after the name
 * below, taken with acquire before it is read). */
static uint32_t attach_unsaid;
/* The attached process's name, for Attached. */
static char attach_name[AS_PROCNAME_MAX];
/* Whether the warning of a block the set refused was written (atomic). */
static int warned_refused;
/* The preload shim's hook (src/preload/malloc.c), called before a block
 * enters the set: from then on, every free of the shim asks the set.  NULL
 * without the shim, whose frees are the only ones that ask (atomic). */
static void (*track_hook)(void);
/* Whether a block ever entered the set, so that a hook registered after
 * the first is called at once, and whether the hook has run since, after
 * which there is nothing more to do (atomic, sequentially consistent like
 * track_hook). */
enum { NONE_TRACKED, TRACKED, TRACKED_HOOKED };
static int tracking;
/* Whether allocsample-record has detached from the process (atomic): its
 * frees no longer pass through the shim, so the table no longer says which
 * blocks are live, and no pass is made until the next attach. */
static int detached;
/* The live tracked bytes and the next LiveHighWater mark. */
static struct as_high_water high_water;
/* The calling thread's id, for its tracked blocks' entries; 0 until its
 * first (initial-exec: never allocates). */
static __thread uint32_t thread_tid __attribute__((tls_model("initial-exec")));

void as_emit_after_fork_child(void)
{
	/* The parent announces its own; the child starts from none. */
	unrecorded = 0;
	attach_unsaid = 0;
	/* The forking thread is the child's main thread, with the child's id. */
	thread_tid = 0;
}

/* as_checkpoint_start() for the free path, which holds the sampler only to
 * emit: held here, errno kept. */
static void start_checkpoints(void)
{
	struct as_sampler *sampler = as_thread_sampler;
	int saved_errno;

	if (as_checkpoint_started())
		return;
	saved_errno = errno;
	as_sampler_hold(sampler);
	as_checkpoint_start();
	as_sampler_release(sampler);
	errno = saved_errno;
}

static uint32_t current_tid(void)
{
	if (!thread_tid)
		thread_tid = (uint32_t) gettid();
	return thread_tid;
}

/* One line on stderr the first time the set refuses a block; stdio may
 * allocate and we are inside malloc, so write(2). */
static void warn_refused(void)
{
	static const char message[] =
		"allocsample: the set of sampled blocks cannot take a block (no memory for "
		"its bitmap, or an address beyond 48 bits); such samples have "
		"free_tracked = 0 (doc/sampling.md, \"Free tracking\")\n";

	if (__atomic_exchange_n(&warned_refused, 1, __ATOMIC_RELAXED))
		return;
	if (write(STDERR_FILENO, message, sizeof(message) - 1) < 0)
		return; /* stderr is closed: there is nowhere to say it */
}

static void run_hook(void (*hook)(void))
{
	hook();
	__atomic_store_n(&tracking, TRACKED_HOOKED, __ATOMIC_SEQ_CST);
}

/*
 * Before a block enters the set.  Here and in
 * allocsample_internal_on_track(), each side stores its own variable, then
 * loads the other's, all sequentially consistent: either this thread sees
 * the hook and runs it before its block's allocation returns, or the
 * registration sees the block and runs it, before the shim's free stops
 * checking.  Once the hook has run (TRACKED_HOOKED) the load is all: the
 * shim's entry is checking for good, as this thread's later loads see.
 */
static void note_tracking(void)
{
	void (*hook)(void);

	if (__atomic_load_n(&tracking, __ATOMIC_SEQ_CST) == TRACKED_HOOKED)
		return;
	__atomic_store_n(&tracking, TRACKED, __ATOMIC_SEQ_CST);
	hook = __atomic_load_n(&track_hook, __ATOMIC_SEQ_CST);
	if (hook)
		run_hook(hook);
}

AS_EXPORT void allocsample_internal_on_track(void (*hook)(void))
{
	__atomic_store_n(&track_hook, hook, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&tracking, __ATOMIC_SEQ_CST) != NONE_TRACKED)
		run_hook(hook);
}

/*
 * A sampled block enters the checkpoint table (PENDING until its
 * AllocationSampled is emitted: *entry says which) and the set, and the
 * checkpoint thread starts if it has not.  False when either cannot take
 * it: the block is then in neither.
 */
static bool track(const void *ptr, const char *type, uint64_t size, uint64_t offset, uint64_t rate,
		  const struct as_stack *stack, uint32_t *entry)
{
	struct as_ck_block block = {
		.ptr = ptr, .size = size, .offset = offset, .rate = rate, .type = type,
		.stack = stack->frames, .stack_length = stack->n, .stack_truncated = stack->truncated,
	};
	uint64_t replaced, weight;

	if (!ptr || ((uintptr_t) ptr & (AS_SAMPLED_SET_ALIGN - 1)) != 0)
		return false;
	note_tracking();
	block.tid = current_tid();
	*entry = as_ck_table_insert(&as_checkpoint_table, &block, &replaced);
	if (*entry && as_sampled_set_insert(ptr) == AS_SAMPLED_INSERTED) {
		if (replaced)
			as_high_water_sub(&high_water, replaced);
		as_checkpoint_start();
		return true;
	}
	if (*entry && as_ck_table_remove(&as_checkpoint_table, ptr, &weight))
		*entry = 0;
	warn_refused();
	return false;
}

/* LiveHighWater for the mark owed, if it is due (high_water.h): the clock
 * is read only while a mark is owed. */
static void high_water_say(const struct as_settings *settings, const void *ip)
{
	uint64_t live, mark;
	struct timespec now;

	if (!as_high_water_owed(&high_water) || !lttng_ust_tracepoint_enabled(allocsample, LiveHighWater))
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (as_high_water_claim(&high_water, (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec,
				(uint64_t) settings->high_water_interval * 1000000u, &live, &mark))
		lttng_ust_do_tracepoint(allocsample, LiveHighWater, live, mark, ip);
}

/* Adds this tracked block's bytes to the live bytes, and says the mark
 * they passed when it is due.  The mark waits while no session records
 * the event, so the first session to record it hears of the level the
 * heap has reached. */
static void high_water_add(uint64_t size, uint64_t rate, const void *ip)
{
	struct as_settings scratch;
	const struct as_settings *settings = as_settings(&scratch);

	if (as_high_water_add(&high_water, as_ck_weight(size, rate), settings->rate,
			      settings->high_water_factor,
			      lttng_ust_tracepoint_enabled(allocsample, LiveHighWater)))
		high_water_say(settings, ip);
}

void as_emit_high_water_due(void)
{
	struct as_settings scratch;

	high_water_say(as_settings(&scratch), NULL);
}

/* Attached, if a session records it, for an attach not said yet; called
 * with the sampler held. */
static void say_attach(const void *ip)
{
	uint32_t recorder;

	if (!lttng_ust_tracepoint_enabled(allocsample, Attached))
		return;
	recorder = __atomic_exchange_n(&attach_unsaid, 0, __ATOMIC_ACQUIRE);
	if (recorder)
		lttng_ust_do_tracepoint(allocsample, Attached, recorder, attach_name, ip);
}

/* A sample drawn while no session recorded AllocationSampled: counted
 * for SamplesUnrecorded, unless it was the tracer's.  Out of line, so that
 * a recorded sample's path stays as short as it was. */
static __attribute__((noinline, cold)) void count_unrecorded(struct as_sampler *sampler,
							       const void *ip)
{
	int saved_errno = errno;
	bool tracer;

	as_sampler_hold(sampler);
	tracer = as_stack_is_tracer(ip);
	as_sampler_release(sampler);
	errno = saved_errno;
	if (!tracer)
		__atomic_fetch_add(&unrecorded, 1, __ATOMIC_RELAXED);
}

void as_emit_sample(const char *type, uint64_t size, uint64_t offset, const void *ptr,
		    bool trackable, const void *ip)
{
	struct as_sampler *sampler = as_thread_sampler;
	struct as_stack stack;
	uint64_t missed;
	uint32_t entry = 0;
	bool tracked;
	int saved_errno;

	/* Asked only here, on the slow path: with no session recording the
	 * event, a sample costs a draw, a look at its call site and an
	 * atomic increment. */
	if (!lttng_ust_tracepoint_enabled(allocsample, AllocationSampled))
		return count_unrecorded(sampler, ip);
	saved_errno = errno;
	as_sampler_hold(sampler);
	/* Held: the tracer allocates, and so might libgcc's unwinder when
	 * the walk hands over to it (doc/sampling.md, "Stacks"). */
	as_stack_capture(&stack, ip);
	/* lttng-ust's own allocation: never the program's, so not emitted
	 * (doc/sampling.md, "The tracer's own allocations"). */
	if (stack.tracer)
		goto end;
	/* In the set before the event says so: the block cannot be freed
	 * before its allocation returns. */
	tracked = trackable && track(ptr, type, size, offset, sampler->rate, &stack, &entry);
	if (__atomic_load_n(&attach_unsaid, __ATOMIC_RELAXED) != 0)
		say_attach(ip);
	/* Kept until SamplesUnrecorded is enabled too: a session's events are
	 * enabled one after the other, while the program runs. */
	if (__atomic_load_n(&unrecorded, __ATOMIC_RELAXED) != 0 &&
	    lttng_ust_tracepoint_enabled(allocsample, SamplesUnrecorded)) {
		missed = __atomic_exchange_n(&unrecorded, 0, __ATOMIC_RELAXED);
		if (missed)
			lttng_ust_do_tracepoint(allocsample, SamplesUnrecorded, missed, ip);
	}
	lttng_ust_do_tracepoint(allocsample, AllocationSampled, type, size, offset,
				sampler->rate, ptr, stack.frames, stack.n, stack.truncated, tracked,
				stack.site);
	/* Only now may a checkpoint emit it: its CheckpointBlock follows
	 * its AllocationSampled. */
	if (tracked) {
		as_ck_table_publish(&as_checkpoint_table, entry);
		high_water_add(size, sampler->rate, stack.site);
	}
	/* After the publication: a pass this wakes finds the block live. */
	as_checkpoint_note(SAMPLE_EVENT_BYTES + strlen(type) + 8 * (uint64_t) stack.n);
end:
	as_sampler_release(sampler);
	errno = saved_errno;
}

AS_EXPORT bool allocsample_internal_track_wanted(void)
{
	struct as_settings scratch;

	return lttng_ust_tracepoint_enabled(allocsample, AllocationSampled) &&
	       as_settings(&scratch)->track_frees;
}

AS_EXPORT bool allocsample_internal_is_tracked(const void *ptr)
{
	return as_sampled_set_contains(ptr);
}

/* SampledFree for a block just taken out of the set. */
static __attribute__((noinline)) void emit_sampled_free(const void *ptr, const void *ip)
{
	struct as_sampler *sampler = as_thread_sampler;
	int saved_errno;

	if (!lttng_ust_tracepoint_enabled(allocsample, SampledFree))
		return;
	saved_errno = errno;
	as_sampler_hold(sampler);
	lttng_ust_do_tracepoint(allocsample, SampledFree, ptr, ip);
	as_checkpoint_note(FREE_EVENT_BYTES);
	as_sampler_release(sampler);
	errno = saved_errno;
}

/* The attach is said at once if a session records Attached, else before
 * the first sample recorded: a session's events may reach a process that
 * lttng-ust had registered before some time after its start. */
AS_EXPORT void allocsample_internal_attached(uint32_t recorder, const char *procname,
					     const void *ip)
{
	struct as_sampler *sampler = as_thread_sampler;
	int saved_errno = errno;

	strncpy(attach_name, procname, sizeof attach_name - 1);
	__atomic_store_n(&detached, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&attach_unsaid, recorder, __ATOMIC_RELEASE);
	as_sampler_hold(sampler);
	say_attach(ip);
	as_sampler_release(sampler);
	errno = saved_errno;
}

AS_EXPORT void allocsample_internal_detached(uint32_t recorder, const void *ip)
{
	struct as_sampler *sampler = as_thread_sampler;
	int saved_errno = errno;

	__atomic_store_n(&detached, 1, __ATOMIC_RELAXED);
	as_sampler_hold(sampler);
	/* Nothing sampled since the attach: the span is said all the same. */
	say_attach(ip);
	__atomic_store_n(&attach_unsaid, 0, __ATOMIC_RELAXED);
	if (lttng_ust_tracepoint_enabled(allocsample, Detached))
		lttng_ust_do_tracepoint(allocsample, Detached, recorder, ip);
	as_sampler_release(sampler);
	errno = saved_errno;
}

/* The shim's frees ask the set first, inline (most page-aligned blocks
 * were never sampled); here the block is taken out, and of two racing
 * frees of it (a program's double free) only one emits. */
AS_EXPORT void allocsample_internal_sampled_free(const void *ptr, const void *ip)
{
	uint64_t weight;

	if (!as_sampled_set_remove(ptr))
		return;
	/* Waits while the checkpoint emits this block: its CheckpointBlock
	 * precedes its SampledFree. */
	if (as_ck_table_remove(&as_checkpoint_table, ptr, &weight))
		as_high_water_sub(&high_water, weight);
	emit_sampled_free(ptr, ip);
	/* A fork child that only frees what it inherited gets its passes. */
	start_checkpoints();
}

/* A process attached again: the blocks tracked before were freed unseen. */
AS_EXPORT void allocsample_internal_tracked_clear(void)
{
	as_sampled_set_clear();
	as_ck_table_clear(&as_checkpoint_table);
	__atomic_store_n(&high_water.live, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&high_water.owed_mark, 0, __ATOMIC_RELAXED);
}

bool as_emit_checkpoint_wanted(void)
{
	return lttng_ust_tracepoint_enabled(allocsample, CheckpointBegin) &&
	       !__atomic_load_n(&detached, __ATOMIC_RELAXED);
}

void as_emit_checkpoint_begin(uint64_t pass, uint64_t blocks)
{
	lttng_ust_do_tracepoint(allocsample, CheckpointBegin, pass, blocks, NULL);
}

void as_emit_checkpoint_block(uint64_t pass, const struct as_ck_entry *entry)
{
	struct allocsample_checkpoint_block block = {
		.pass = pass, .ptr = (const void *) (uintptr_t) entry->ptr, .size = entry->size,
		.offset = entry->offset, .rate = entry->rate, .type = entry->type, .stack = entry->stack,
		.tid = entry->tid, .stack_length = entry->stack_length,
		.stack_truncated = entry->stack_truncated,
	};

	lttng_ust_do_tracepoint(allocsample, CheckpointBlock, &block, NULL);
}

void as_emit_checkpoint_end(uint64_t pass, uint64_t blocks)
{
	lttng_ust_do_tracepoint(allocsample, CheckpointEnd, pass, blocks, NULL);
}

static void report_untyped(const char *entry, uint64_t size, uint64_t offset, const void *ptr,
			   bool trackable, const void *ip)
{
	const char *scope = as_type_scope_current();

	as_emit_sample(scope ? scope : entry, size, offset, ptr, trackable, ip);
}

AS_EXPORT void allocsample_internal_report_untyped(const char *entry, uint64_t size,
						   uint64_t offset, const void *ptr, const void *ip)
{
	report_untyped(entry, size, offset, ptr, false, ip);
}

AS_EXPORT void allocsample_internal_report_trackable(const char *entry, uint64_t size,
						     uint64_t offset, const void *ptr, const void *ip)
{
	report_untyped(entry, size, offset, ptr, true, ip);
}
