/*
 * server.c - a bundled stand-in for a request server, the `./server` of the
 * documents' examples.
 *
 * Four threads named "worker" each serve 25000 requests of a fixed
 * sequence, then the program exits.  A request gets a session (typed
 * "struct session"), a buffer the request is read into (plain malloc, 256
 * bytes to 4 KiB) and a response (strdup inside the type scope
 * "response"); all are freed when the request is served, except every
 * 100th session, which stays in a cache that is never freed: what
 * `allocsample-record --leaks` finds.  With --bigger-sessions every session
 * is 30% larger, the regression that the README's CI gate catches.  At the
 * end the program prints the exact bytes it asked for, by type, to compare
 * with the estimates.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <allocsample.h>

#define WORKERS 4
#define REQUESTS_PER_WORKER 25000
#define SESSION_BYTES 2048
#define BIGGER_SESSION_BYTES (SESSION_BYTES * 13 / 10)
#define CACHE_EVERY 100

struct session {
	struct session *next_cached;
	uint64_t request;
	char state[]; /* the rest of the session's bytes */
};

struct worker {
	pthread_t thread;
	unsigned id;
	size_t session_bytes;
	struct session *cache; /* never freed */
	uint64_t bytes_sessions, bytes_buffers, bytes_responses;
};

static uint64_t next_random(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void *serve(void *arg)
{
	struct worker *w = arg;
	uint64_t state = 0x9e3779b97f4a7c15ULL * (w->id + 1);
	char text[64];

	pthread_setname_np(pthread_self(), "worker");
	for (uint64_t request = 0; request < REQUESTS_PER_WORKER; request++) {
		size_t buffer_bytes = 256 + next_random(&state) % (4096 - 256 + 1);
		struct session *session = allocsample_malloc_typed(w->session_bytes, "struct session");
		char *buffer = malloc(buffer_bytes), *response;

		if (!session || !buffer)
			die("malloc");
		session->request = request;
		memset(session->state, 0, w->session_bytes - sizeof(*session));
		memset(buffer, 'r', buffer_bytes);
		snprintf(text, sizeof(text), "200 OK request %" PRIu64 " of worker %u", request, w->id);
		allocsample_scope_push("response");
		response = strdup(text);
		allocsample_scope_pop();
		if (!response)
			die("strdup");
		w->bytes_sessions += w->session_bytes;
		w->bytes_buffers += buffer_bytes;
		w->bytes_responses += strlen(text) + 1;
		free(response);
		free(buffer);
		if (request % CACHE_EVERY == 0) {
			session->next_cached = w->cache;
			w->cache = session;
		} else {
			free(session);
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker workers[WORKERS] = { 0 };
	size_t session_bytes = SESSION_BYTES;

	if (argc == 2 && strcmp(argv[1], "--bigger-sessions") == 0) {
		session_bytes = BIGGER_SESSION_BYTES;
	} else if (argc != 1) {
		fprintf(stderr, "usage: server [--bigger-sessions]\n");
		return 2;
	}
	for (unsigned i = 0; i < WORKERS; i++) {
		workers[i].id = i;
		workers[i].session_bytes = session_bytes;
		if (pthread_create(&workers[i].thread, NULL, serve, &workers[i]) != 0) {
			fprintf(stderr, "server: pthread_create failed\n");
			return 1;
		}
	}
	printf("Exact bytes requested, for comparison with the estimates:\n");
	printf("%-8s %14s %14s %14s\n", "worker", "struct session", "malloc", "response");
	for (unsigned i = 0; i < WORKERS; i++) {
		pthread_join(workers[i].thread, NULL);
		printf("%-8u %14" PRIu64 " %14" PRIu64 " %14" PRIu64 "\n", i, workers[i].bytes_sessions,
		       workers[i].bytes_buffers, workers[i].bytes_responses);
	}
	return 0;
}
