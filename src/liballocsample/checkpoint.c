/*
 * checkpoint.c - the thread `as-checkpoint`: every ALLOCSAMPLE_CHECKPOINT_INTERVAL
 * milliseconds while a session records CheckpointBegin, a pass over the
 * live tracked blocks (doc/design.md section 2, "Checkpoints"; the events:
 * emit.c, the one place that calls tracepoints).
 *
 * The thread is the shim's, never the program's: it runs with every signal
 * blocked (a handler of the program never runs on it), with its sampler
 * held for its whole life (nothing it or the tracer allocates on it is
 * sampled or counted), detached (the process exits without it).  It holds
 * one entry of the table at a time, for the time of one event, so a free
 * waits at most that long and only for that block; and it holds no lock,
 * so a fork at any instant leaves the child nothing to wait for but that
 * entry, which the child's fork handler releases; the child's own thread
 * starts with its first tracked sample or free.  While CheckpointBegin is
 * disabled it wakes once an interval to ask, and does nothing else.
 *
 * When a pass runs.  A snapshot holds the last SIZE of events, so its
 * report needs a complete pass among them: the next pass must begin before
 * the program's events since the last one could fill the ring buffers.  So
 * a pass begins when the bytes of events the process emitted since the last
 * one (as_checkpoint_note) reach ALLOCSAMPLE_CHECKPOINT_BYTES, which
 * allocsample-record --flight-recorder sets from the channel's size, and
 * at each interval otherwise.  An interval after which the process emitted
 * nothing has no pass: the last one is still what the buffers hold of the
 * process, and repeating it would only push the samples around it out of
 * them.  Every CHECKPOINT_REFRESH intervals there is one all the same, for
 * a session started since (its buffers hold no pass of the process yet).
 *
 * The thread also says a LiveHighWater mark owed (high_water.h) once it is
 * due, for a process that passed it and then stopped allocating.
 */
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "checkpoint.h"
#include "emit.h"
#include "sampler/settings.h"
#include "thread_state.h"

/* Intervals without an event of the process between two passes. */
#define CHECKPOINT_REFRESH 60

struct as_ck_table as_checkpoint_table;

/* Whether this process started the thread (atomic). */
static int started;
/* The last pass's number in this process (the thread's alone). */
static uint64_t passes;
/* Bytes of events the process emitted since the last pass began, as
 * as_checkpoint_note reckons them (atomic). */
static uint64_t since_pass;
/* 1 once a writer found since_pass at the budget and woke the thread, until
 * the thread wakes (atomic; the futex word). */
static uint32_t kicked;

void as_checkpoint_note(uint64_t bytes)
{
	struct as_settings scratch;
	uint64_t budget = as_settings(&scratch)->checkpoint_bytes;
	uint64_t since = __atomic_add_fetch(&since_pass, bytes, __ATOMIC_RELAXED);

	if (budget != 0 && since >= budget && !__atomic_exchange_n(&kicked, 1, __ATOMIC_RELAXED))
		syscall(SYS_futex, &kicked, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

void as_checkpoint_init(void)
{
	struct as_settings scratch;

	as_checkpoint_table.depth = as_settings(&scratch)->stack_depth;
}

/* One pass: Begin, a Block per entry live while the pass visits it, End.
 * The entries are counted after Begin, so that every block live at Begin
 * has a number the pass visits.  No yield: the pass must end before the
 * program's events fill the ring buffers, and a thread that gives its CPU
 * away on a busy machine waits a whole turn of the run queue to get it
 * back (the scheduler preempts a long pass anyway). */
static void checkpoint_pass(uint64_t pass)
{
	uint32_t entries;
	uint64_t emitted = 0;

	as_emit_checkpoint_begin(pass, as_ck_table_live(&as_checkpoint_table));
	entries = as_ck_table_entries(&as_checkpoint_table);
	for (uint32_t number = 1; number <= entries; number++) {
		const struct as_ck_entry *entry = as_ck_table_hold(&as_checkpoint_table, number);

		if (entry) {
			as_emit_checkpoint_block(pass, entry);
			as_ck_table_release(&as_checkpoint_table, entry);
			emitted++;
		}
	}
	as_emit_checkpoint_end(pass, emitted);
}

static void *checkpoint_thread(void *unused)
{
	struct as_settings scratch;
	uint32_t interval = as_settings(&scratch)->checkpoint_interval;
	struct timespec sleep = { .tv_sec = interval / 1000, .tv_nsec = (long) (interval % 1000) * 1000000 };

	(void) unused;
	/* Never released: this thread allocates only for the tracer. */
	as_sampler_hold(as_thread_sampler);
	prctl(PR_SET_NAME, "as-checkpoint", 0, 0, 0);
	for (uint32_t quiet = 0;;) {
		/* An interval, or until a writer kicks; no signal reaches this
		 * thread, and a spurious wake-up only asks early. */
		if (!__atomic_load_n(&kicked, __ATOMIC_RELAXED))
			syscall(SYS_futex, &kicked, FUTEX_WAIT_PRIVATE, 0, &sleep, NULL, 0);
		__atomic_store_n(&kicked, 0, __ATOMIC_RELAXED);
		/* A mark owed by a process that stopped allocating is said
		 * here once it is due. */
		as_emit_high_water_due();
		if (!as_emit_checkpoint_wanted())
			continue;
		if (passes != 0 && __atomic_load_n(&since_pass, __ATOMIC_RELAXED) == 0 &&
		    ++quiet < CHECKPOINT_REFRESH)
			continue;
		quiet = 0;
		__atomic_store_n(&since_pass, 0, __ATOMIC_RELAXED);
		checkpoint_pass(++passes);
	}
	return NULL;
}

/* The thread inherits the creator's signal mask: every signal is blocked
 * around pthread_create, then the creator's mask comes back. */
static void create(void)
{
	sigset_t all, saved;
	pthread_attr_t attr;
	pthread_t thread;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &saved);
	if (pthread_attr_init(&attr) == 0) {
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		/* Failing (no memory, a thread limit), the process has no
		 * checkpoints: it tries once only, like the thread itself. */
		pthread_create(&thread, &attr, checkpoint_thread, NULL);
		pthread_attr_destroy(&attr);
	}
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

bool as_checkpoint_started(void)
{
	return __atomic_load_n(&started, __ATOMIC_RELAXED);
}

void as_checkpoint_start(void)
{
	if (__atomic_load_n(&started, __ATOMIC_RELAXED) || __atomic_exchange_n(&started, 1, __ATOMIC_ACQ_REL))
		return;
	create();
}

/* The child's thread waits for its first tracked sample or free: a thread
 * started here would run while lttng-ust sets the child up again after the
 * fork (liblttng-ust-fork.so), which no other thread of the child does. */
void as_checkpoint_after_fork_child(void)
{
	as_ck_table_after_fork_child(&as_checkpoint_table);
	passes = 0;
	since_pass = 0;
	kicked = 0;
	started = 0;
}
