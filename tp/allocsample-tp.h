/*
 * allocsample-tp.h - the LTTng-UST provider `allocsample` (doc/design.md
 * section 2; the fields and the schema version: doc/events.md).
 *
 * Schema 2 added `stack`, the sample's return addresses innermost first
 * (stack[0] is the caller's, the same as `ip` below), passed as pointers
 * and recorded as unsigned 64-bit integers (src/liballocsample/emit.c asserts they have
 * the same size), and `stack_truncated`.  Schema 3 added `free_tracked` and
 * the events SampledFree and SamplesUnrecorded (live heap, doc/events.md).
 * Schema 4 added Attached and Detached (allocsample-record -p); schema 5
 * gave Attached the process's name, `procname`; schema 6 added the
 * checkpoint events CheckpointBegin, CheckpointBlock and CheckpointEnd,
 * and LiveHighWater.
 *
 * Every event takes the caller's instruction pointer as its last argument:
 * allocsample-tp.c defines LTTNG_UST_TP_IP_PARAM so that `lttng add-context
 * -u -t ip` records the allocating call site rather than our wrapper.
 *
 * The schema version travels in the trace's metadata as the event class's
 * EMF URI (babeltrace2: bt_event_class_get_emf_uri()), at no cost per event.
 * Extend the schema by adding fields or events and raising the version; never
 * change the meaning of a field that exists.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER allocsample

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "allocsample-tp.h"

#if !defined(ALLOCSAMPLE_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define ALLOCSAMPLE_TP_H

#include <stdbool.h>
#include <stdint.h>
#include <lttng/tracepoint.h>

#ifndef ALLOCSAMPLE_TP_TYPES_H
#define ALLOCSAMPLE_TP_TYPES_H
/* CheckpointBlock's argument: one live tracked block (schema 6). */
struct allocsample_checkpoint_block {
	uint64_t pass;
	const void *ptr;
	uint64_t size;
	uint64_t offset;
	uint64_t rate;
	const char *type;
	void *const *stack;
	uint32_t tid;
	uint8_t stack_length;
	bool stack_truncated;
};
#endif

/* A test program may compile this provider under an earlier version's
 * URI (tests/report/live.sh reads schema 3 that way). */
#ifndef ALLOCSAMPLE_SCHEMA_URI
#define ALLOCSAMPLE_SCHEMA_URI "urn:x-allocsample:schema:6"
#endif

LTTNG_UST_TRACEPOINT_EVENT(allocsample, AllocationSampled,
	LTTNG_UST_TP_ARGS(
		const char *, type,
		uint64_t, size,
		uint64_t, offset,
		uint64_t, rate,
		const void *, ptr,
		void *const *, stack,
		unsigned int, stack_length,
		bool, stack_truncated,
		bool, free_tracked,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(type, type)
		lttng_ust_field_integer(uint64_t, size, size)
		lttng_ust_field_integer(uint64_t, offset, offset)
		lttng_ust_field_integer(uint64_t, rate, rate)
		lttng_ust_field_integer_hex(uint64_t, ptr, (uint64_t) (uintptr_t) ptr)
		lttng_ust_field_sequence_hex(uint64_t, stack, stack, uint8_t, stack_length)
		lttng_ust_field_integer(uint8_t, stack_truncated, stack_truncated)
		lttng_ust_field_integer(uint8_t, free_tracked, free_tracked)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, AllocationSampled, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, AllocationSampled, ALLOCSAMPLE_SCHEMA_URI)

/* A block whose AllocationSampled said free_tracked = 1 is released
 * (schema 3).  Emitted before the next allocator gets the block back, so
 * the event precedes any later sample at the same address. */
LTTNG_UST_TRACEPOINT_EVENT(allocsample, SampledFree,
	LTTNG_UST_TP_ARGS(
		const void *, ptr,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(uint64_t, ptr, (uint64_t) (uintptr_t) ptr)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, SampledFree, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, SampledFree, ALLOCSAMPLE_SCHEMA_URI)

/* `count` samples of this process were drawn while no session recorded
 * AllocationSampled (schema 3): emitted once, just before the first sample
 * recorded after them.  Their blocks are unknown to the live figures. */
LTTNG_UST_TRACEPOINT_EVENT(allocsample, SamplesUnrecorded,
	LTTNG_UST_TP_ARGS(
		uint64_t, count,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, count, count)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, SamplesUnrecorded, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, SamplesUnrecorded, ALLOCSAMPLE_SCHEMA_URI)

/* The process did not start with the shim: allocsample-record has just
 * pointed its allocation functions at it.  The samples that follow are
 * of the attached span only: the blocks allocated before are unknown, and
 * their frees unsaid.  Emitted at the attach, or just before the first
 * sample recorded after it when the session's events reached the process
 * later.  `recorder` is the process id of the allocsample-record that
 * attached; `procname` the process's name, its main thread's as the kernel
 * gives it (/proc/PID/comm) at the attach (schema 5): lttng-ust's
 * statedump names the process after whichever thread loaded it, which for
 * an attach is the thread gdb's call ran on. */
LTTNG_UST_TRACEPOINT_EVENT(allocsample, Attached,
	LTTNG_UST_TP_ARGS(
		uint32_t, recorder,
		const char *, procname,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint32_t, recorder, recorder)
		lttng_ust_field_string(procname, procname)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, Attached, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, Attached, ALLOCSAMPLE_SCHEMA_URI)

/* allocsample-record (process id `recorder`) has given the allocation
 * functions back: nothing of the process is sampled after this event, and
 * the frees of the blocks still live are unsaid. */
LTTNG_UST_TRACEPOINT_EVENT(allocsample, Detached,
	LTTNG_UST_TP_ARGS(
		uint32_t, recorder,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint32_t, recorder, recorder)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, Detached, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, Detached, ALLOCSAMPLE_SCHEMA_URI)

/* A checkpoint (schema 6, doc/design.md section 2, "Checkpoints"): the
 * shim's thread `as-checkpoint` re-emits every live tracked block of the
 * process, between CheckpointBegin and CheckpointEnd of the same `pass`,
 * so that a trace holding only the last seconds (a snapshot of a session
 * in overwrite mode) still knows the blocks allocated before it began.
 * `blocks` is, in Begin, the number of tracked blocks live when the pass
 * began, and in End, the number of CheckpointBlock events the pass
 * emitted: a reader that counts fewer lost some. */
LTTNG_UST_TRACEPOINT_EVENT(allocsample, CheckpointBegin,
	LTTNG_UST_TP_ARGS(
		uint64_t, pass,
		uint64_t, blocks,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, pass, pass)
		lttng_ust_field_integer(uint64_t, blocks, blocks)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, CheckpointBegin, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, CheckpointBegin, ALLOCSAMPLE_SCHEMA_URI)

/* One live tracked block, as its AllocationSampled said it, plus the
 * allocating thread (`tid`: the event's own vtid is the checkpoint
 * thread's).  A struct because a tracepoint takes at most 10 arguments. */
LTTNG_UST_TRACEPOINT_EVENT(allocsample, CheckpointBlock,
	LTTNG_UST_TP_ARGS(
		const struct allocsample_checkpoint_block *, block,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, pass, block->pass)
		lttng_ust_field_integer(uint32_t, tid, block->tid)
		lttng_ust_field_string(type, block->type)
		lttng_ust_field_integer(uint64_t, size, block->size)
		lttng_ust_field_integer(uint64_t, offset, block->offset)
		lttng_ust_field_integer(uint64_t, rate, block->rate)
		lttng_ust_field_integer_hex(uint64_t, ptr, (uint64_t) (uintptr_t) block->ptr)
		lttng_ust_field_sequence_hex(uint64_t, stack, block->stack, uint8_t, block->stack_length)
		lttng_ust_field_integer(uint8_t, stack_truncated, block->stack_truncated)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, CheckpointBlock, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, CheckpointBlock, ALLOCSAMPLE_SCHEMA_URI)

LTTNG_UST_TRACEPOINT_EVENT(allocsample, CheckpointEnd,
	LTTNG_UST_TP_ARGS(
		uint64_t, pass,
		uint64_t, blocks,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, pass, pass)
		lttng_ust_field_integer(uint64_t, blocks, blocks)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, CheckpointEnd, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, CheckpointEnd, ALLOCSAMPLE_SCHEMA_URI)

/* The process's live bytes, as the shim reckons them from its live
 * tracked blocks (the sum of max(size, rate) over them), passed `mark`, a
 * level `ALLOCSAMPLE_HIGH_WATER_FACTOR` times the last one passed (schema
 * 6).  A trigger on it takes a snapshot near the peak. */
LTTNG_UST_TRACEPOINT_EVENT(allocsample, LiveHighWater,
	LTTNG_UST_TP_ARGS(
		uint64_t, live_bytes,
		uint64_t, mark,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, live_bytes, live_bytes)
		lttng_ust_field_integer(uint64_t, mark, mark)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, LiveHighWater, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, LiveHighWater, ALLOCSAMPLE_SCHEMA_URI)

#endif /* ALLOCSAMPLE_TP_H */

#include <lttng/tracepoint-event.h>
