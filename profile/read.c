/*
 * read.c - a pprof file, gzip-compressed or not, as a checked message (see
 * profile.h): every index into the string table and every id a sample,
 * location or line refers to exists, so that the stages after it index
 * without a check.  A file of any other kind, or damaged, is one line.
 */
#define ZLIB_CONST
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include <zlib.h>

#include "profile/profile.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Function Function;
typedef Perftools__Profiles__Mapping Mapping;

/* The most a profile may inflate to: far beyond what the report writes
 * (a few megabytes for thousands of stacks), short of what would
 * exhaust the memory of a machine that reads a hostile file. */
#define MAX_INFLATED ((size_t) 1 << 30)

static int bad(const char *path, const char *why)
{
	fprintf(stderr, ASP_ME ": %s: %s\n", path, why);
	return -1;
}

/* `size` bytes at `data` inflated from gzip into *out (to g_free).
 * Returns 0, or -1 with *why set. */
static int gunzip(const uint8_t *data, size_t size, GByteArray **out, const char **why)
{
	GByteArray *inflated = g_byte_array_new();
	uint8_t chunk[65536];
	z_stream z;
	int status;

	memset(&z, 0, sizeof z);
	/* 16 + 15 window bits: a gzip header and trailer around the stream. */
	if (inflateInit2(&z, 16 + 15) != Z_OK) {
		g_byte_array_free(inflated, TRUE);
		*why = "cannot inflate it: out of memory";
		return -1;
	}
	z.next_in = data;
	z.avail_in = (uInt) MIN(size, (size_t) UINT32_MAX);
	do {
		z.next_out = chunk;
		z.avail_out = sizeof chunk;
		status = inflate(&z, Z_NO_FLUSH);
		g_byte_array_append(inflated, chunk, (guint) (sizeof chunk - z.avail_out));
	} while (status == Z_OK && inflated->len <= MAX_INFLATED);
	inflateEnd(&z);
	if (status != Z_STREAM_END) {
		g_byte_array_free(inflated, TRUE);
		*why = status == Z_OK ? "larger than 1 GiB once inflated: not a profile of the report" :
					"a damaged gzip file";
		return -1;
	}
	*out = inflated;
	return 0;
}

/* Whether `index` is one of the string table's. */
static bool string_ok(const Profile *m, int64_t index)
{
	return index >= 0 && (uint64_t) index < m->n_string_table;
}

/* Each object of `n` by its id (nonzero and distinct), into `table`;
 * false on a bad id. */
static bool index_ids(GHashTable *table, void **objects, size_t n, size_t id_offset)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t *id = (uint64_t *) ((char *) objects[i] + id_offset);

		if (*id == 0 || g_hash_table_contains(table, id))
			return false;
		g_hash_table_insert(table, id, objects[i]);
	}
	return true;
}

/* What is wrong with the message's references, or NULL. */
static const char *check_references(const struct asp_profile *p)
{
	const Profile *m = p->message;
	size_t i, j;

	if (m->n_string_table == 0 || m->string_table[0][0] != '\0')
		return "not a pprof profile: its string table does not start with \"\"";
	for (i = 0; i < m->n_sample_type; i++) {
		if (!string_ok(m, m->sample_type[i]->type) || !string_ok(m, m->sample_type[i]->unit))
			return "not a valid pprof profile: a sample type outside the string table";
	}
	for (i = 0; i < m->n_mapping; i++) {
		if (!string_ok(m, m->mapping[i]->filename) || !string_ok(m, m->mapping[i]->build_id))
			return "not a valid pprof profile: a mapping's name outside the string table";
	}
	for (i = 0; i < m->n_function; i++) {
		const Function *f = m->function[i];

		if (!string_ok(m, f->name) || !string_ok(m, f->system_name) || !string_ok(m, f->filename))
			return "not a valid pprof profile: a function's name outside the string table";
	}
	for (i = 0; i < m->n_location; i++) {
		const Location *loc = m->location[i];

		if (loc->mapping_id && !g_hash_table_contains(p->mappings, &loc->mapping_id))
			return "not a valid pprof profile: a location in a mapping it does not have";
		for (j = 0; j < loc->n_line; j++) {
			if (!g_hash_table_contains(p->functions, &loc->line[j]->function_id))
				return "not a valid pprof profile: a line of a function it does not have";
		}
	}
	for (i = 0; i < m->n_sample; i++) {
		const Sample *s = m->sample[i];

		if (s->n_value != m->n_sample_type)
			return "not a valid pprof profile: a sample with more or fewer values than sample types";
		for (j = 0; j < s->n_location_id; j++) {
			if (!g_hash_table_contains(p->locations, &s->location_id[j]))
				return "not a valid pprof profile: a sample at a location it does not have";
		}
		for (j = 0; j < s->n_label; j++) {
			if (!string_ok(m, s->label[j]->key) || !string_ok(m, s->label[j]->str))
				return "not a valid pprof profile: a label outside the string table";
		}
	}
	return NULL;
}

int asp_profile_read(const char *path, struct asp_profile *out)
{
	GByteArray *inflated = NULL;
	GError *error = NULL;
	const char *why = NULL;
	gchar *contents;
	gsize size;
	bool gzip;

	memset(out, 0, sizeof *out);
	out->path = path;
	if (!g_file_get_contents(path, &contents, &size, &error)) {
		fprintf(stderr, ASP_ME ": %s\n", error->message);
		g_error_free(error);
		return -1;
	}
	gzip = size >= 2 && (uint8_t) contents[0] == 0x1f && (uint8_t) contents[1] == 0x8b;
	if (gzip && gunzip((const uint8_t *) contents, size, &inflated, &why) != 0) {
		g_free(contents);
		return bad(path, why);
	}
	out->message = perftools__profiles__profile__unpack(NULL, gzip ? inflated->len : size,
							     gzip ? inflated->data : (uint8_t *) contents);
	g_free(contents);
	if (inflated)
		g_byte_array_free(inflated, TRUE);
	/* An empty file is an empty message: no sample type says it is none. */
	if (!out->message || out->message->n_sample_type == 0)
		return bad(path, "not a pprof profile (neither a perftools.profiles.Profile nor one "
				 "gzip-compressed, or one without sample types)");
	out->locations = g_hash_table_new(g_int64_hash, g_int64_equal);
	out->functions = g_hash_table_new(g_int64_hash, g_int64_equal);
	out->mappings = g_hash_table_new(g_int64_hash, g_int64_equal);
	if (!index_ids(out->locations, (void **) out->message->location, out->message->n_location,
		       offsetof(Location, id)) ||
	    !index_ids(out->functions, (void **) out->message->function, out->message->n_function,
		       offsetof(Function, id)) ||
	    !index_ids(out->mappings, (void **) out->message->mapping, out->message->n_mapping,
		       offsetof(Mapping, id)))
		why = "not a valid pprof profile: an id 0, or one given twice";
	else
		why = check_references(out);
	return why ? bad(path, why) : 0;
}

void asp_profile_fini(struct asp_profile *p)
{
	if (p->locations)
		g_hash_table_destroy(p->locations);
	if (p->functions)
		g_hash_table_destroy(p->functions);
	if (p->mappings)
		g_hash_table_destroy(p->mappings);
	if (p->message)
		perftools__profiles__profile__free_unpacked(p->message, NULL);
	memset(p, 0, sizeof *p);
}

const char *asp_string(const struct asp_profile *p, int64_t index)
{
	return p->message->string_table[index];
}
