/*
 * params.c - validates the component's parameters from one table (see params.h).
 *
 * Over 400 lines on purpose: the table and every parser it names read
 * together, one screen each, so that a parameter is checked in one place.
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"

/* Returns 0, or an enum asr_params_status with `error` set. */
typedef int (*param_parser)(struct asr_params_error *error, const char *name,
			    const bt_value *value, struct asr_params *params);

struct param_descr {
	const char *name;
	param_parser parse;  /* says in `error` what it accepts */
};

/* Sets the one line that says why the map is refused; returns
 * ASR_PARAMS_INVALID.  A value quoted in it may be cut at the buffer's
 * end, never the start of the line, which names the parameter. */
static int refuse(struct asr_params_error *error, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int refuse(struct asr_params_error *error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(error->text, sizeof error->text, fmt, ap);
	va_end(ap);
	return ASR_PARAMS_INVALID;
}

static int out_of_memory(struct asr_params_error *error)
{
	snprintf(error->text, sizeof error->text, "Out of memory.");
	return ASR_PARAMS_NO_MEMORY;
}

static const char *value_type_name(const bt_value *value)
{
	switch (bt_value_get_type(value)) {
	case BT_VALUE_TYPE_NULL:
		return "null";
	case BT_VALUE_TYPE_BOOL:
		return "a boolean";
	case BT_VALUE_TYPE_UNSIGNED_INTEGER:
	case BT_VALUE_TYPE_SIGNED_INTEGER:
		return "an integer";
	case BT_VALUE_TYPE_REAL:
		return "a real number";
	case BT_VALUE_TYPE_STRING:
		return "a string";
	case BT_VALUE_TYPE_ARRAY:
		return "an array";
	case BT_VALUE_TYPE_MAP:
		return "a map";
	default:
		return "a value of another type";
	}
}

static int parse_confidence(struct asr_params_error *error, const char *name, const bt_value *value,
			    struct asr_params *params)
{
	double c;

	/* An integer is refused rather than converted: 1 or 95 are the likely
	 * mistakes, and neither is a level in (0, 1). */
	if (!bt_value_is_real(value)) {
		refuse(error,
			"Parameter `%s` is %s: expecting a real number between 0 and 1, exclusive (e.g. 0.95).",
			name, value_type_name(value));
		return -1;
	}
	c = bt_value_real_get(value);
	if (!(c > 0.0 && c < 1.0)) {
		refuse(error,
			"Parameter `%s` is %g: expecting a real number between 0 and 1, exclusive (e.g. 0.95).",
			name, c);
		return -1;
	}
	params->confidence = c;
	return 0;
}

static int group_by_bit(struct asr_params_error *error, const char *name, const bt_value *value,
			unsigned *bits)
{
	int kind;

	if (!bt_value_is_string(value)) {
		refuse(error,
			"Parameter `%s` contains %s: expecting `thread`, `type`, `thread-type` or `site`, or `stack` or `function` for a trace with stacks.",
			name, value_type_name(value));
		return -1;
	}
	kind = as_kind_parse(bt_value_string_get(value));
	if (kind >= AS_KIND_THREAD && kind <= AS_KIND_FUNCTION) {
		*bits |= ASR_GROUP_BY_BIT(kind);
		return 0;
	}
	refuse(error,
		"Parameter `%s`: unknown grouping `%s`: expecting `thread`, `type`, `thread-type` or `site`, or `stack` or `function` for a trace with stacks.",
		name, bt_value_string_get(value));
	return -1;
}

static int parse_group_by(struct asr_params_error *error, const char *name, const bt_value *value,
			  struct asr_params *params)
{
	unsigned bits = 0;
	uint64_t i, n;

	if (bt_value_is_string(value)) {
		if (group_by_bit(error, name, value, &bits))
			return -1;
	} else if (bt_value_is_array(value)) {
		n = bt_value_array_get_length(value);
		for (i = 0; i < n; i++) {
			if (group_by_bit(error, name, bt_value_array_borrow_element_by_index_const(value, i),
					 &bits))
				return -1;
		}
	}
	if (bits == 0) {
		refuse(error,
			"Parameter `%s` is %s: expecting a string or a non-empty array of strings among `thread`, `type`, `thread-type`, `site`, `stack` and `function`.",
			name, bt_value_is_array(value) ? "an empty array" : value_type_name(value));
		return -1;
	}
	params->group_by = bits;
	return 0;
}

static const struct {
	const char *name;
	enum asr_format format;
} formats[] = {
	{ "text", ASR_FORMAT_TEXT },
	{ "csv", ASR_FORMAT_CSV },
	{ "json", ASR_FORMAT_JSON },
	{ "html", ASR_FORMAT_HTML },
	{ "folded", ASR_FORMAT_FOLDED },
	{ "pprof", ASR_FORMAT_PPROF },
};

#define FORMAT_COUNT (sizeof formats / sizeof formats[0])

static const char *format_name(enum asr_format format)
{
	size_t i;

	for (i = 0; i < FORMAT_COUNT; i++) {
		if (formats[i].format == format)
			return formats[i].name;
	}
	return "?";
}

static int parse_format(struct asr_params_error *error, const char *name, const bt_value *value,
			struct asr_params *params)
{
	size_t i;

	if (bt_value_is_string(value)) {
		for (i = 0; i < FORMAT_COUNT; i++) {
			if (strcmp(bt_value_string_get(value), formats[i].name) == 0) {
				params->format = formats[i].format;
				return 0;
			}
		}
		refuse(error,
			"Parameter `%s`: unknown format `%s`: expecting `text`, `csv`, `json`, `html`, `folded` or `pprof`.",
			name, bt_value_string_get(value));
		return -1;
	}
	refuse(error,
		"Parameter `%s` is %s: expecting the string `text`, `csv`, `json`, `html`, `folded` or `pprof`.",
		name, value_type_name(value));
	return -1;
}

static int parse_path(struct asr_params_error *error, const char *name, const bt_value *value,
		      struct asr_params *params)
{
	if (!bt_value_is_string(value) || bt_value_string_get(value)[0] == '\0') {
		refuse(error,
			"Parameter `%s` is %s: expecting the path of the file to write.",
			name, bt_value_is_string(value) ? "empty" : value_type_name(value));
		return -1;
	}
	params->path = strdup(bt_value_string_get(value));
	if (!params->path)
		return out_of_memory(error);
	return 0;
}

/* A boolean parameter into *out. */
static int parse_boolean(struct asr_params_error *error, const char *name, const bt_value *value,
			 bool *out)
{
	if (!bt_value_is_bool(value)) {
		refuse(error,
			"Parameter `%s` is %s: expecting a boolean (`yes` or `no`, `true` or `false`).",
			name, value_type_name(value));
		return -1;
	}
	*out = bt_value_bool_get(value);
	return 0;
}

static int parse_boundary_compensation(struct asr_params_error *error, const char *name,
				       const bt_value *value, struct asr_params *params)
{
	return parse_boolean(error, name, value, &params->boundary_compensation);
}

static int parse_sizes(struct asr_params_error *error, const char *name, const bt_value *value,
		       struct asr_params *params)
{
	return parse_boolean(error, name, value, &params->sizes);
}

#define DURATION_EXPECTING "expecting a positive duration: a string such as `100ms` (units ns, us, ms, s, m) or an integer number of nanoseconds"

/*
 * A duration string: a decimal number (a fraction allowed, so `1.5s`) and a
 * unit.  Returns the nanoseconds rounded to the nearest, or -1 when
 * malformed, 0 or less than half a nanosecond, or beyond INT64_MAX.
 */
static int64_t parse_duration(const char *s)
{
	static const struct {
		const char *suffix;
		double ns;
	} units[] = {
		{ "ns", 1.0 }, { "us", 1e3 }, { "ms", 1e6 }, { "s", 1e9 }, { "m", 60e9 },
		{ "min", 60e9 },
	};
	const char *p = s;
	size_t digits = 0, i;
	char *end;
	double value;

	while (isdigit((unsigned char) *p)) {
		p++;
		digits++;
	}
	if (*p == '.') {
		p++;
		while (isdigit((unsigned char) *p)) {
			p++;
			digits++;
		}
	}
	if (digits == 0)
		return -1;
	/* strtod on the checked prefix only: it would take "1e9", "inf" or a
	 * sign, none of which is a duration here. */
	value = strtod(s, &end);
	if (end != p)
		return -1;
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcmp(p, units[i].suffix) == 0) {
			value = round(value * units[i].ns);
			if (!(value >= 1.0) || value >= 9223372036854775807.0)
				return -1;
			return (int64_t) value;
		}
	}
	return -1;
}

/* A duration parameter (`window`, `temporary`, `update-interval`, `at`) into *out: positive
 * nanoseconds below 2^63, from an integer or a string with its unit. */
static int parse_duration_value(struct asr_params_error *error, const char *name, const bt_value *value,
				int64_t *out)
{
	int64_t ns = -1;

	if (bt_value_is_string(value)) {
		ns = parse_duration(bt_value_string_get(value));
		if (ns <= 0) {
			refuse(error,
				"Parameter `%s` is `%s`: " DURATION_EXPECTING ".",
				name, bt_value_string_get(value));
			return -1;
		}
	} else if (bt_value_is_signed_integer(value)) {
		ns = bt_value_integer_signed_get(value);
		if (ns <= 0) {
			refuse(error,
				"Parameter `%s` is %" PRId64 ": " DURATION_EXPECTING ".", name, ns);
			return -1;
		}
	} else if (bt_value_is_unsigned_integer(value)) {
		uint64_t u = bt_value_integer_unsigned_get(value);

		if (u == 0 || u > INT64_MAX) {
			refuse(error,
				"Parameter `%s` is %" PRIu64 ": " DURATION_EXPECTING ".", name, u);
			return -1;
		}
		ns = (int64_t) u;
	} else {
		refuse(error,
			"Parameter `%s` is %s: " DURATION_EXPECTING ".", name, value_type_name(value));
		return -1;
	}
	*out = ns;
	return 0;
}

static int parse_window(struct asr_params_error *error, const char *name, const bt_value *value,
			struct asr_params *params)
{
	return parse_duration_value(error, name, value, &params->window_ns);
}

static int parse_temporary(struct asr_params_error *error, const char *name, const bt_value *value,
			   struct asr_params *params)
{
	return parse_duration_value(error, name, value, &params->temporary_ns);
}

/* `at`: the instant whose live bytes the report gives, as an offset from
 * the trace's first sample or free (the origin of the heap's curve);
 * whether the trace reaches it is known only at its end (model.c). */
static int parse_at(struct asr_params_error *error, const char *name, const bt_value *value,
		    struct asr_params *params)
{
	if (parse_duration_value(error, name, value, &params->at_ns))
		return -1;
	params->has_at = true;
	return 0;
}

static int parse_update_interval(struct asr_params_error *error, const char *name,
				 const bt_value *value, struct asr_params *params)
{
	int64_t ns;

	if (parse_duration_value(error, name, value, &ns))
		return -1;
	params->update_interval_ns = (uint64_t) ns;
	return 0;
}

/* A scope parameter: a non-empty string (an event class or field name). */
static int parse_name(struct asr_params_error *error, const char *name, const bt_value *value,
		      char **out, const char *what)
{
	if (!bt_value_is_string(value) || bt_value_string_get(value)[0] == '\0') {
		refuse(error,
			"Parameter `%s` is %s: expecting %s.",
			name, bt_value_is_string(value) ? "empty" : value_type_name(value), what);
		return -1;
	}
	*out = strdup(bt_value_string_get(value));
	if (!*out)
		return out_of_memory(error);
	return 0;
}

#define SCOPE_EVENT_EXPECTING "the full name of an event class as a string (e.g. `myapp:request_begin`)"

static int parse_scope_begin(struct asr_params_error *error, const char *name, const bt_value *value,
			     struct asr_params *params)
{
	return parse_name(error, name, value, &params->scope_begin, SCOPE_EVENT_EXPECTING);
}

static int parse_scope_end(struct asr_params_error *error, const char *name, const bt_value *value,
			   struct asr_params *params)
{
	return parse_name(error, name, value, &params->scope_end, SCOPE_EVENT_EXPECTING);
}

/* `cut`: what was left out of the trace before the source read it, which
 * the report states as it states a source that fails midway (the
 * statement of allocsample-trace-view, doc/report-formats.md, "A trace
 * cut short"). */
static int parse_cut(struct asr_params_error *error, const char *name, const bt_value *value,
		     struct asr_params *params)
{
	return parse_name(error, name, value, &params->cut,
			  "why the trace given was cut before babeltrace2 read it, as a string (e.g. `ust/uid/0/64-bit/channel0_0 ends inside a packet: 131072 of its 136533 bytes read`)");
}

static int parse_scope_key(struct asr_params_error *error, const char *name, const bt_value *value,
			   struct asr_params *params)
{
	return parse_name(error, name, value, &params->scope_key,
			  "the name of a payload field of both scope events as a string (e.g. `id`)");
}

/* The scope parameters go together: both events or neither, and a key
 * only with them. */
static int check_scopes(struct asr_params_error *error, const struct asr_params *params)
{
	if (!params->scope_begin != !params->scope_end) {
		refuse(error,
			"Parameter `%s` is missing: `%s` needs it (give both, or neither).",
			params->scope_begin ? "scope-end" : "scope-begin",
			params->scope_begin ? "scope-begin" : "scope-end");
		return -1;
	}
	if (params->scope_key && !params->scope_begin) {
		refuse(error,
			"Parameter `scope-key` needs `scope-begin` and `scope-end`.");
		return -1;
	}
	if (params->scope_begin && strcmp(params->scope_begin, params->scope_end) == 0) {
		refuse(error,
			"Parameters `scope-begin` and `scope-end` are both `%s`: expecting two different event classes.",
			params->scope_begin);
		return -1;
	}
	return 0;
}

/* What the formats need.  A page (html) and the stack formats are written
 * once, at the end, so no updates.  The stack formats are the stack groups
 * (group-by `stack`, added to those asked for); a pprof profile is binary,
 * so it goes to a file. */
static int check_format(struct asr_params_error *error, struct asr_params *params)
{
	bool stacks = params->format == ASR_FORMAT_FOLDED || params->format == ASR_FORMAT_PPROF;

	if (params->format == ASR_FORMAT_PPROF && !params->path) {
		refuse(error,
			"Parameter `path` is missing: format `pprof` writes a binary profile to a file (e.g. path=\"alloc.pb.gz\").");
		return -1;
	}
	if (params->update_interval_ns && (stacks || params->format == ASR_FORMAT_HTML)) {
		refuse(error,
			"Parameter `update-interval` does not go with format `%s`: use `text`, `csv` or `json` for updates.",
			format_name(params->format));
		return -1;
	}
	/* An instant is looked for once, in a finished trace: an update
	 * before it would have nothing to say of it. */
	if (params->update_interval_ns && params->has_at) {
		refuse(error,
			"Parameter `at` does not go with `update-interval`: it names an instant of a finished trace; report the trace once it is recorded.");
		return -1;
	}
	if (stacks)
		params->group_by |= ASR_GROUP_BY_STACK;
	return 0;
}

static int parse_sort(struct asr_params_error *error, const char *name, const bt_value *value,
		      struct asr_params *params)
{
	const char *s = bt_value_is_string(value) ? bt_value_string_get(value) : NULL;
	int sort = s ? asr_sort_parse(s) : -1;

	if (sort >= 0) {
		params->sort = (enum asr_sort) sort;
		return 0;
	}
	if (s)
		refuse(error,
			"Parameter `%s`: unknown order `%s`: expecting `allocated` (bytes allocated, the default), `live` (bytes still live at the end), `temporary` (bytes freed within `temporary`) or `peak` (bytes live at the process's peak).",
			name, s);
	else
		refuse(error,
			"Parameter `%s` is %s: expecting the string `allocated`, `live`, `temporary` or `peak`.",
			name, value_type_name(value));
	return -1;
}

#define TIMELINE_POINTS_EXPECTING "expecting an integer from 2 to 100000, such as 200: the most points of each heap curve"

static int parse_timeline_points(struct asr_params_error *error, const char *name,
				 const bt_value *value, struct asr_params *params)
{
	char text[32];
	uint64_t n;

	/* babeltrace2's command line makes `timeline-points=50` a signed
	 * integer and `+50` an unsigned one: both are counts. */
	if (bt_value_is_signed_integer(value)) {
		int64_t signed_n = bt_value_integer_signed_get(value);

		snprintf(text, sizeof text, "%" PRId64, signed_n);
		n = signed_n < 0 ? 0 : (uint64_t) signed_n;
	} else if (bt_value_is_unsigned_integer(value)) {
		n = bt_value_integer_unsigned_get(value);
		snprintf(text, sizeof text, "%" PRIu64, n);
	} else {
		refuse(error, "Parameter `%s` is %s: " TIMELINE_POINTS_EXPECTING ".", name,
		       value_type_name(value));
		return -1;
	}
	if (n < 2 || n > ASR_MAX_TIMELINE_POINTS) {
		refuse(error, "Parameter `%s` is %s: " TIMELINE_POINTS_EXPECTING ".", name, text);
		return -1;
	}
	params->timeline_points = (unsigned) n;
	return 0;
}

#define TOP_EXPECTING "expecting a number of rows, an integer from 0 (every row) up, such as 10: each table shows its largest"

static int parse_top(struct asr_params_error *error, const char *name, const bt_value *value,
		     struct asr_params *params)
{
	int64_t n;

	/* babeltrace2's command line makes `top=10` a signed integer and
	 * `top=+10` an unsigned one: both are counts. */
	if (bt_value_is_unsigned_integer(value)) {
		params->top = bt_value_integer_unsigned_get(value);
	} else if (bt_value_is_signed_integer(value)) {
		n = bt_value_integer_signed_get(value);
		if (n < 0) {
			refuse(error,
				"Parameter `%s` is %" PRId64 ": " TOP_EXPECTING ".", name, n);
			return -1;
		}
		params->top = (uint64_t) n;
	} else {
		refuse(error,
			"Parameter `%s` is %s: " TOP_EXPECTING ".", name, value_type_name(value));
		return -1;
	}
	params->has_top = true;
	return 0;
}

#define MIN_SHARE_EXPECTING "expecting a percentage from 0 to 100, such as 1 or 0.5: each table hides its groups under that share of its bytes (0: none)"

static int parse_min_share(struct asr_params_error *error, const char *name, const bt_value *value,
			   struct asr_params *params)
{
	double p;

	/* `min-share=1` is an integer on babeltrace2's command line, and a
	 * natural way to write 1%: integers are percentages too. */
	if (bt_value_is_real(value))
		p = bt_value_real_get(value);
	else if (bt_value_is_signed_integer(value))
		p = (double) bt_value_integer_signed_get(value);
	else if (bt_value_is_unsigned_integer(value))
		p = (double) bt_value_integer_unsigned_get(value);
	else {
		refuse(error,
			"Parameter `%s` is %s: " MIN_SHARE_EXPECTING ".", name, value_type_name(value));
		return -1;
	}
	if (!(p >= 0.0 && p <= 100.0)) {
		refuse(error,
			"Parameter `%s` is %g: " MIN_SHARE_EXPECTING ".", name, p);
		return -1;
	}
	params->min_share = p;
	params->has_min_share = true;
	return 0;
}

/* `snapshot-reason`: what took the snapshot the report reads, said with
 * its window; a report of a whole trace has no snapshot to say it of. */
static int parse_snapshot_reason(struct asr_params_error *error, const char *name,
				 const bt_value *value, struct asr_params *params)
{
	const char *s = bt_value_is_string(value) ? bt_value_string_get(value) : NULL;
	int reason = s ? asr_snapshot_reason_parse(s) : -1;

	if (reason >= 0) {
		params->snapshot_reason = (enum asr_snapshot_reason) reason;
		return 0;
	}
	if (s)
		refuse(error,
			"Parameter `%s`: unknown reason `%s`: expecting `exit`, `signal`, `high-water` or `request` (what took the snapshot).",
			name, s);
	else
		refuse(error,
			"Parameter `%s` is %s: expecting the string `exit`, `signal`, `high-water` or `request`.",
			name, value_type_name(value));
	return -1;
}

static const struct param_descr param_table[] = {
	{ "confidence", parse_confidence },
	{ "group-by", parse_group_by },
	{ "format", parse_format },
	{ "path", parse_path },
	{ "boundary-compensation", parse_boundary_compensation },
	{ "update-interval", parse_update_interval },
	{ "window", parse_window },
	{ "temporary", parse_temporary },
	{ "scope-begin", parse_scope_begin },
	{ "scope-end", parse_scope_end },
	{ "scope-key", parse_scope_key },
	{ "sort", parse_sort },
	{ "top", parse_top },
	{ "min-share", parse_min_share },
	{ "timeline-points", parse_timeline_points },
	{ "sizes", parse_sizes },
	{ "at", parse_at },
	{ "cut", parse_cut },
	{ "snapshot-reason", parse_snapshot_reason },
};

#define PARAM_COUNT (sizeof param_table / sizeof param_table[0])

/* Finds the first parameter the table does not know; the caller says so
 * once the iteration is over. */
static bt_value_map_foreach_entry_const_func_status find_unknown(const char *key,
								 const bt_value *value,
								 void *data)
{
	const char **unknown = data;
	size_t i;

	(void) value;
	for (i = 0; i < PARAM_COUNT; i++) {
		if (strcmp(key, param_table[i].name) == 0)
			return BT_VALUE_MAP_FOREACH_ENTRY_CONST_FUNC_STATUS_OK;
	}
	*unknown = key;
	return BT_VALUE_MAP_FOREACH_ENTRY_CONST_FUNC_STATUS_INTERRUPT;
}

enum asr_params_status asr_params_parse(const bt_value *map, struct asr_params *params,
					struct asr_params_error *error)
{
	const char *unknown = NULL;
	const bt_value *value;
	size_t i;
	int status;

	params->confidence = 0.95;
	params->boundary_compensation = true;
	params->group_by = ASR_GROUP_BY_THREAD | ASR_GROUP_BY_TYPE;
	params->format = ASR_FORMAT_TEXT;
	params->path = NULL;
	params->window_ns = 0;
	params->temporary_ns = 1000000;
	params->update_interval_ns = 0;
	params->scope_begin = NULL;
	params->scope_end = NULL;
	params->scope_key = NULL;
	params->sort = ASR_SORT_ALLOCATED;
	params->timeline_points = 200;
	params->sizes = false;
	params->has_top = false;
	params->top = 0;
	params->has_min_share = false;
	params->min_share = 0.0;
	params->has_at = false;
	params->at_ns = 0;
	params->cut = NULL;
	params->snapshot_reason = ASR_SNAPSHOT_REASON_NONE;
	error->text[0] = '\0';

	bt_value_map_foreach_entry_const(map, find_unknown, &unknown);
	if (unknown) {
		status = refuse(error,
			"Unknown parameter `%s`: expecting `confidence`, `group-by`, `format`, `path`, `boundary-compensation`, `update-interval`, `window`, `temporary`, `scope-begin`, `scope-end`, `scope-key`, `sort`, `top`, `min-share`, `timeline-points`, `sizes`, `at`, `cut` or `snapshot-reason`.",
			unknown);
		goto error;
	}
	for (i = 0; i < PARAM_COUNT; i++) {
		value = bt_value_map_borrow_entry_value_const(map, param_table[i].name);
		status = value ? param_table[i].parse(error, param_table[i].name, value, params) : 0;
		if (status)
			goto error;
	}
	status = check_scopes(error, params);
	if (!status)
		status = check_format(error, params);
	if (status)
		goto error;
	goto end;

error:
	asr_params_fini(params);
end:
	return status;
}

void asr_params_fini(struct asr_params *params)
{
	free(params->path);
	params->path = NULL;
	free(params->scope_begin);
	params->scope_begin = NULL;
	free(params->scope_end);
	params->scope_end = NULL;
	free(params->scope_key);
	params->scope_key = NULL;
	free(params->cut);
	params->cut = NULL;
}
