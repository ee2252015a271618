/*
 * wordindex.c - the bundled example: threads index generated text.
 *
 * Each worker thread builds its own word index: a hash table of
 * `struct word` entries (typed with ALLOCSAMPLE_NEW), the words' text
 * (plain strdup inside the type scope "word text"), each word's postings
 * (the positions where it occurs, an array that grows with realloc inside
 * the scope "postings") and the table's bucket arrays (plain calloc), then
 * frees it all.  At the end every thread prints the exact bytes it asked
 * for, by type, and the program the largest number of bytes its threads
 * held at once, so the sampled estimates can be compared with the truth.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <allocsample.h>

#define WORKERS 3
#define WORDS_PER_WORKER 1000000

struct word {
	struct word *next;
	char *text;
	uint32_t *postings;
	uint32_t count, capacity;
};

struct worker {
	pthread_t thread;
	unsigned id;
	pid_t tid;
	uint64_t words, distinct;
	uint64_t bytes_entries, bytes_text, bytes_postings, bytes_buckets;
};

/* The bytes the workers hold now, and the most they held at once. */
static _Atomic uint64_t live_bytes, peak_bytes;

static void held(uint64_t added, uint64_t removed)
{
	uint64_t now = atomic_fetch_add(&live_bytes, added - removed) + added - removed;
	uint64_t peak = atomic_load(&peak_bytes);

	while (now > peak && !atomic_compare_exchange_weak(&peak_bytes, &peak, now))
		;
}

static uint64_t next_random(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* A word of 3 to 12 letters from a skewed vocabulary of about 10^5. */
static void generate_word(uint64_t *state, char *out)
{
	uint64_t r = next_random(state);
	uint64_t rank = (r % 1000) * ((r >> 20) % 1000) / 10; /* many small ranks */
	size_t length = 3 + rank % 10;

	for (size_t i = 0; i < length; i++) {
		out[i] = (char) ('a' + rank % 26);
		rank = rank / 26 + i * 7;
	}
	out[length] = '\0';
}

static uint64_t hash(const char *text)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *text; text++)
		h = (h ^ (unsigned char) *text) * 1099511628211ULL;
	return h;
}

static void *index_words(void *arg)
{
	struct worker *w = arg;
	uint64_t state = 0x9e3779b97f4a7c15ULL * (w->id + 1);
	size_t bucket_count = 64;
	struct word **buckets = calloc(bucket_count, sizeof(*buckets));
	char text[16];

	w->tid = gettid();
	w->bytes_buckets = bucket_count * sizeof(*buckets);
	held(w->bytes_buckets, 0);
	for (w->words = 0; w->words < WORDS_PER_WORKER; w->words++) {
		struct word *entry;
		size_t b;

		generate_word(&state, text);
		b = hash(text) % bucket_count;
		for (entry = buckets[b]; entry && strcmp(entry->text, text); entry = entry->next)
			;
		if (!entry) {
			entry = ALLOCSAMPLE_NEW(struct word);
			allocsample_scope_push("word text");
			entry->text = strdup(text);
			allocsample_scope_pop();
			entry->postings = NULL;
			entry->count = entry->capacity = 0;
			entry->next = buckets[b];
			buckets[b] = entry;
			w->distinct++;
			w->bytes_entries += sizeof(struct word);
			w->bytes_text += strlen(text) + 1;
			held(sizeof(struct word) + strlen(text) + 1, 0);
		}
		if (entry->count == entry->capacity) {
			uint64_t before = entry->capacity * sizeof(uint32_t);

			entry->capacity = entry->capacity ? 2 * entry->capacity : 4;
			allocsample_scope_push("postings");
			entry->postings = realloc(entry->postings, entry->capacity * sizeof(uint32_t));
			allocsample_scope_pop();
			w->bytes_postings += entry->capacity * sizeof(uint32_t);
			held(entry->capacity * sizeof(uint32_t), before);
		}
		entry->postings[entry->count++] = (uint32_t) w->words;
		if (w->distinct > 2 * bucket_count) {
			/* Grow the table: a new bucket array, rehash, free the old. */
			size_t old_count = bucket_count;
			struct word **old = buckets;

			bucket_count *= 4;
			buckets = calloc(bucket_count, sizeof(*buckets));
			w->bytes_buckets += bucket_count * sizeof(*buckets);
			held(bucket_count * sizeof(*buckets), 0);
			for (size_t i = 0; i < old_count; i++) {
				while (old[i]) {
					struct word *moved = old[i];

					old[i] = moved->next;
					b = hash(moved->text) % bucket_count;
					moved->next = buckets[b];
					buckets[b] = moved;
				}
			}
			free(old);
			held(0, old_count * sizeof(*old));
		}
	}
	for (size_t i = 0; i < bucket_count; i++) {
		while (buckets[i]) {
			struct word *gone = buckets[i];

			buckets[i] = gone->next;
			held(0, gone->capacity * sizeof(uint32_t) + strlen(gone->text) + 1 +
				sizeof(struct word));
			free(gone->postings);
			free(gone->text);
			free(gone);
		}
	}
	free(buckets);
	held(0, bucket_count * sizeof(*buckets));
	return NULL;
}

int main(void)
{
	/* Standard output's buffer is the program's own: stdio would allocate
	 * one at the first printf and keep it to the end, a block that the
	 * report would rightly count as live at the end about one run in 25
	 * (when its 4 KiB are sampled), though it is no part of the index. */
	static char out_buffer[BUFSIZ];
	struct worker workers[WORKERS] = { 0 };

	setvbuf(stdout, out_buffer, _IOLBF, sizeof out_buffer);
	for (unsigned i = 0; i < WORKERS; i++) {
		workers[i].id = i;
		if (pthread_create(&workers[i].thread, NULL, index_words, &workers[i])) {
			perror("pthread_create");
			return 1;
		}
	}
	printf("Exact bytes requested, for comparison with the estimates:\n");
	printf("%-8s %10s %10s %14s %14s %14s %14s\n", "thread", "words", "distinct",
	       "struct word", "word text", "postings", "calloc");
	for (unsigned i = 0; i < WORKERS; i++) {
		pthread_join(workers[i].thread, NULL);
		printf("%-8d %10" PRIu64 " %10" PRIu64 " %14" PRIu64 " %14" PRIu64 " %14" PRIu64
		       " %14" PRIu64 "\n",
		       (int) workers[i].tid, workers[i].words, workers[i].distinct,
		       workers[i].bytes_entries, workers[i].bytes_text, workers[i].bytes_postings,
		       workers[i].bytes_buckets);
	}
	printf("Most bytes held at once (the peak of the live heap): %" PRIu64 "\n",
	       atomic_load(&peak_bytes));
	return 0;
}
