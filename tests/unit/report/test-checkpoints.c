/*
 * test-checkpoints.c - each process's checkpoint passes
 * (aggregate/checkpoints.c): a complete pass gives its blocks still live,
 * in address order; a pass with a Block missing, with its Begin unread or
 * cut by the next Begin gives none; a free between a Block and its End
 * takes the block out.
 */
#include <check.h>
#include <stdlib.h>

#include "aggregate/checkpoints.h"
#include "tests/lib/check-run.h"

static const int trace_key;  /* a trace, by address */

static struct asr_checkpoint_block block_at(uint64_t ptr)
{
	return (struct asr_checkpoint_block) {
		.ptr = ptr, .size = 4096, .offset = 1, .rate = 1, .tid = 7, .type = "kept",
	};
}

/* A pass `pass` of blocks at 1..n pages, ended with `end_blocks`. */
static GPtrArray *pass_of(struct asr_process_passes *p, uint64_t pass, unsigned n,
			  uint64_t end_blocks)
{
	asr_passes_begin(p, pass);
	for (unsigned i = n; i >= 1; i--) {
		struct asr_checkpoint_block b = block_at(i * 4096u);

		asr_passes_block(p, pass, &b);
	}
	return asr_passes_end(p, pass, end_blocks);
}

START_TEST(test_complete_pass)
{
	struct asr_checkpoints cps;
	struct asr_process_passes *p;
	struct asr_checkpoint_block b;
	GPtrArray *live;

	asr_checkpoints_init(&cps);
	p = asr_checkpoints_process(&cps, &trace_key, true, 42);
	ck_assert_ptr_eq(asr_checkpoints_find(&cps, &trace_key, true, 42), p);
	ck_assert_ptr_null(asr_checkpoints_find(&cps, &trace_key, true, 43));
	asr_passes_begin(p, 1);
	for (unsigned i = 3; i >= 1; i--) {
		b = block_at(i * 4096u);
		asr_passes_block(p, 1, &b);
	}
	/* Freed after its Block, before End: no longer live at End. */
	ck_assert(asr_passes_free(p, 2 * 4096u));
	ck_assert(!asr_passes_free(p, 9 * 4096u));
	live = asr_passes_end(p, 1, 3);
	ck_assert_ptr_nonnull(live);
	ck_assert_uint_eq(live->len, 2);
	ck_assert_uint_eq(((struct asr_checkpoint_block *) g_ptr_array_index(live, 0))->ptr, 4096u);
	ck_assert_uint_eq(((struct asr_checkpoint_block *) g_ptr_array_index(live, 1))->ptr, 3 * 4096u);
	ck_assert_str_eq(((struct asr_checkpoint_block *) g_ptr_array_index(live, 0))->type, "kept");
	g_ptr_array_unref(live);
	ck_assert_uint_eq(p->complete, 1);
	live = pass_of(p, 2, 2, 2);
	ck_assert_ptr_nonnull(live);
	ck_assert_uint_eq(live->len, 2);
	g_ptr_array_unref(live);
	ck_assert_uint_eq(p->complete, 2);
	/* No pass open: a free takes nothing out. */
	ck_assert(!asr_passes_free(p, 4096u));
	asr_checkpoints_fini(&cps);
}
END_TEST

START_TEST(test_incomplete_passes)
{
	struct asr_checkpoints cps;
	struct asr_process_passes *p;
	struct asr_checkpoint_block b = block_at(4096u);

	asr_checkpoints_init(&cps);
	p = asr_checkpoints_process(&cps, &trace_key, false, 0);
	/* A Block lost: End says more than were read. */
	ck_assert_ptr_null(pass_of(p, 1, 3, 4));
	/* Begin before the window (unread): its Blocks and End say nothing. */
	asr_passes_block(p, 2, &b);
	ck_assert_ptr_null(asr_passes_end(p, 2, 1));
	/* A Begin while a pass is open: the open one is dropped. */
	asr_passes_begin(p, 3);
	asr_passes_block(p, 3, &b);
	ck_assert_ptr_null(pass_of(p, 4, 1, 2));
	/* ... and its Block is not in the next pass, nor counted in it. */
	asr_passes_begin(p, 7);
	asr_passes_block(p, 3, &b);
	ck_assert_ptr_null(asr_passes_end(p, 7, 1));
	/* A Block or an End of another pass than the open one. */
	asr_passes_begin(p, 5);
	asr_passes_block(p, 6, &b);
	ck_assert_ptr_null(asr_passes_end(p, 6, 1));
	ck_assert_uint_eq(p->complete, 0);
	asr_checkpoints_fini(&cps);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_complete_pass, 1 },
		{ test_incomplete_passes, 1 },
		{ NULL, 0 },
	};

	return as_check_main("checkpoints", "passes", tests);
}
