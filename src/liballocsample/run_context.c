/*
 * run_context.c - the application context `$app.allocsample:run`: the run
 * a process belongs to (ALLOCSAMPLE_RUN), for a session's filter to keep
 * the processes of one run and no other (doc/sampling.md, "Which
 * processes a run holds").
 *
 * lttng-ust evaluates a filter such as
 *
 *	lttng enable-event -u allocsample:AllocationSampled \
 *		--filter '$app.allocsample:run == 42'
 *
 * in the process that emits, asking the context's provider for its value;
 * a process without the provider (no allocsample, or no ALLOCSAMPLE_RUN)
 * has no value, and the filter rejects its events.  The provider must be
 * registered before lttng-ust's listener threads meet the session
 * daemon: the state dump they run then passes through the same filter.
 * lttng-ust calls lttng_ust_libc_wrapper_malloc_ctor() at that point of
 * its constructor (before its threads start), for the malloc wrapper of
 * the process to set itself up; allocsample is that wrapper, so it
 * defines it, and liblttng-ust's own empty, weak definition gives way.
 *
 * lttng-ust 2.13 exports lttng_ust_context_provider_register() for its
 * Java and Python agents but installs no header for it: the declarations
 * below restate that ABI (lttng-ust's src/common/ust-context-provider.h
 * and dynamic-type.h), which carries its own size.  The context can also
 * be recorded (`lttng add-context -u -t '$app.allocsample:run'`): a tag
 * byte, then the value, as the agents write theirs.
 */
#include <stdint.h>
#include <string.h>

#include <lttng/ust-events.h>
#include <lttng/ust-libc-wrapper.h>
#include <lttng/ust-ringbuffer-context.h>

#include "emit.h"
#include "export.h"
#include "sampler/settings.h"

/* lttng-ust's enum lttng_ust_dynamic_type, in its order. */
enum ust_dynamic_type {
	UST_DYNAMIC_TYPE_NONE = 0,
	UST_DYNAMIC_TYPE_S64 = 4,
};

struct ust_ctx_value {
	enum ust_dynamic_type sel;
	union {
		int64_t s64;
		uint64_t u64;
		const char *str;
		double d;
	} u;
};

struct ust_context_provider {
	uint32_t struct_size;
	const char *name;
	size_t (*get_size)(void *priv, struct lttng_ust_probe_ctx *probe_ctx, size_t offset);
	void (*record)(void *priv, struct lttng_ust_probe_ctx *probe_ctx,
		       struct lttng_ust_ring_buffer_ctx *ctx, struct lttng_ust_channel_buffer *chan);
	void (*get_value)(void *priv, struct lttng_ust_probe_ctx *probe_ctx, struct ust_ctx_value *value);
	void *priv;
};

/* What lttng-ust passes as `priv` to a context of the provider. */
struct ust_app_context {
	uint32_t struct_size;
	struct lttng_ust_event_field *event_field;
	char *ctx_name;
};

struct lttng_ust_registered_context_provider;
struct lttng_ust_registered_context_provider *
lttng_ust_context_provider_register(struct ust_context_provider *provider);

#define PROVIDER "$app.allocsample"
#define RUN_CONTEXT PROVIDER ":run"

/* ALLOCSAMPLE_RUN, read once before lttng-ust's threads start. */
static int64_t run;

/* The context lttng-ust asked about last that is `$app.allocsample:run`
 * (atomic): every event a filter keeps asks, and a pointer compare is a
 * tenth of the string compare. */
static const void *run_priv;

/* The run, for the context `$app.allocsample:run`; no value for any other
 * context of the provider. */
static bool is_run(const void *priv)
{
	const struct ust_app_context *context = priv;

	if (priv && priv == __atomic_load_n(&run_priv, __ATOMIC_RELAXED))
		return true;
	if (!context || !context->ctx_name || strcmp(context->ctx_name, RUN_CONTEXT) != 0)
		return false;
	__atomic_store_n(&run_priv, priv, __ATOMIC_RELAXED);
	return true;
}

static size_t get_size(void *priv, struct lttng_ust_probe_ctx *probe_ctx, size_t offset)
{
	size_t size = lttng_ust_ring_buffer_align(offset, lttng_ust_rb_alignof(char)) + sizeof(char);

	(void) probe_ctx;
	if (is_run(priv))
		size += lttng_ust_ring_buffer_align(offset + size, lttng_ust_rb_alignof(int64_t)) +
			sizeof(int64_t);
	return size;
}

static void record(void *priv, struct lttng_ust_probe_ctx *probe_ctx,
		   struct lttng_ust_ring_buffer_ctx *ctx, struct lttng_ust_channel_buffer *chan)
{
	char tag = is_run(priv) ? UST_DYNAMIC_TYPE_S64 : UST_DYNAMIC_TYPE_NONE;

	(void) probe_ctx;
	chan->ops->event_write(ctx, &tag, sizeof(tag), lttng_ust_rb_alignof(char));
	if (is_run(priv))
		chan->ops->event_write(ctx, &run, sizeof(run), lttng_ust_rb_alignof(int64_t));
}

static void get_value(void *priv, struct lttng_ust_probe_ctx *probe_ctx, struct ust_ctx_value *value)
{
	(void) probe_ctx;
	if (is_run(priv)) {
		value->sel = UST_DYNAMIC_TYPE_S64;
		value->u.s64 = run;
	} else {
		value->sel = UST_DYNAMIC_TYPE_NONE;
	}
}

static struct ust_context_provider provider = {
	.struct_size = sizeof(struct ust_context_provider),
	.name = PROVIDER,
	.get_size = get_size,
	.record = record,
	.get_value = get_value,
};

/*
 * Registers the provider, once: called by lttng-ust's constructor, before
 * its threads start and before any of allocsample's constructors (no trial
 * is made yet, thread_state.c, so the registration's allocations are not
 * sampled), and again, doing nothing, as a constructor.  A process of no
 * run registers nothing: no filter on the run keeps it.
 */
AS_EXPORT void allocsample_internal_run_context(void)
{
	static int called; /* atomic */
	struct as_settings scratch;
	const struct as_settings *settings;

	if (__atomic_exchange_n(&called, 1, __ATOMIC_ACQ_REL))
		return;
	settings = as_settings(&scratch);
	if (settings->run == 0)
		return;
	run = (int64_t) settings->run;
	lttng_ust_context_provider_register(&provider);
}

/*
 * lttng-ust calls the first definition the dynamic linker finds: the
 * preload shim's when it is preloaded (src/preload/ust_hook.c: the shim
 * comes before any library, liblttng-ust included, even when the program
 * links lttng-ust itself), else this one, if the program lists
 * liballocsample before lttng-ust.  lttng-ust's header also makes it a
 * constructor, which registers the provider late when neither was found
 * first: the samples still pass the filter, the state dump does not.
 */
AS_EXPORT void lttng_ust_libc_wrapper_malloc_ctor(void)
{
	allocsample_internal_run_context();
}
