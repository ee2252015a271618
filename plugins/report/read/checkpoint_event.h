/* checkpoint_event.h - reads a checkpoint pass's events (schema 6): CheckpointBegin, CheckpointBlock and CheckpointEnd. */
#ifndef ALLOCSAMPLE_REPORT_READ_CHECKPOINT_EVENT_H
#define ALLOCSAMPLE_REPORT_READ_CHECKPOINT_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

#include "read/class_cache.h"

#define ASR_CHECKPOINT_BEGIN_EVENT "allocsample:CheckpointBegin"
#define ASR_CHECKPOINT_BLOCK_EVENT "allocsample:CheckpointBlock"
#define ASR_CHECKPOINT_END_EVENT "allocsample:CheckpointEnd"

enum asr_checkpoint_kind {
	ASR_CHECKPOINT_OTHER,    /* none of these: ignore it */
	ASR_CHECKPOINT_BEGIN,    /* `pass` begins; `blocks` live then */
	ASR_CHECKPOINT_BLOCK,    /* one live tracked block of `pass` */
	ASR_CHECKPOINT_END,      /* `pass` ends, having emitted `blocks` */
	ASR_CHECKPOINT_ERROR,    /* an incompatible class: a cause names the field */
};

/*
 * One event of a pass.  The event's own thread is the shim's checkpoint
 * thread: a block's thread is `tid`, its process the event's vpid.
 */
struct asr_checkpoint_event {
	const bt_trace *trace;
	uint64_t pass;
	uint64_t blocks;         /* BEGIN, END */
	/* BLOCK: the block as its AllocationSampled said it.  `type` and
	 * `stack` are borrowed from the message and the reader. */
	uint32_t tid;
	const char *type;
	uint64_t size;
	uint64_t offset;
	uint64_t rate;
	uint64_t ptr;
	const uint64_t *stack;   /* innermost first; valid when has_stack */
	uint32_t stack_len;
	bool stack_truncated;
	bool has_stack;          /* the report reads stacks */
	int64_t vpid;            /* valid when has_vpid */
	bool has_vpid;
	int64_t ns;              /* valid when has_time */
	bool has_time;
};

struct asr_checkpoint_reader {
	struct asr_class_cache classes;  /* layouts */
	bool read_stacks;        /* the report groups by site, stack or function */
	uint64_t *stack;         /* the last block's addresses */
	uint32_t stack_size;     /* room in `stack` */
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_checkpoint_reader_init(struct asr_checkpoint_reader *reader, bool read_stacks);
void asr_checkpoint_reader_fini(struct asr_checkpoint_reader *reader);

/*
 * Reads the event message `msg` into `out` when it is one of a pass's
 * events.  The first event of each class checks it: a payload field of
 * the wrong type, or missing, gives ASR_CHECKPOINT_ERROR with a cause
 * appended to `self` naming the field, for every event of the class.
 */
enum asr_checkpoint_kind asr_checkpoint_event_read(struct asr_checkpoint_reader *reader,
						   bt_self_component *self, const bt_message *msg,
						   struct asr_checkpoint_event *out);

#endif
