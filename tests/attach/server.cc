// server.cc - a program to attach to (tests/attach/*.sh), which knows
// exactly how many bytes went through allocsample while it was attached.
//
// usage: server THREADS SECONDS COUNTERS_FILE [PLUGIN]
//
// THREADS workers each allocate a fixed sequence of blocks (malloc and
// operator new, 24 B to 64 KiB), 64 a second (about 2 MiB/s), keep the
// last 64 and free the oldest, for SECONDS at least and until standard
// input ends (the test decides when the server stops, whatever the pace of
// the machine).  Before each allocation a worker reads
// the program's own relocation slot for the function it is about to call:
// a slot that no longer holds what it held at start-up has been rewritten
// by the attach, so the block goes through the shim and is counted.  That
// count, per thread, is what an attached span's estimates must hold.  The
// slot can change between the read and the call: an error of one block
// per thread and attach or detach, far inside any interval.
//
// Beside the workers, three threads that an attach must not disturb: one
// blocked in read() throughout; one that handles a signal sent to itself
// every millisecond, its handler spinning a while; and, with PLUGIN (a
// bare library name, found along the server's RUNPATH), one that loads
// and unloads it every few milliseconds and counts the loads that fail.
//
// Standard output is the same whether or not anything attached, and
// however long the server ran: the checksum of each worker's first
// SECONDS * 64 blocks (the sequence is fixed, only its pace is timed).  The counters go to COUNTERS_FILE at exit,
// with the errno the blocked thread found on return, the signals handled,
// the loads and the failed loads, and the number of descriptors open at
// start and at exit.
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atomic>
#include <new>

extern "C" {
#include "preload/slots.h"
}

namespace {

void **malloc_slot, **new_slot;
void *malloc_start, *new_start;

void note_slot(void **slot, const char *name, void *)
{
	if (strcmp(name, "malloc") == 0 && !malloc_slot)
		malloc_slot = slot;
	else if (strcmp(name, "_Znwm") == 0 && !new_slot)
		new_slot = slot;
}

struct dl_phdr_info program;

int main_object(struct dl_phdr_info *info, size_t, void *)
{
	static const char *const names[] = { "malloc", "_Znwm", nullptr };

	program = *info;
	as_slots_each(info, names, note_slot, nullptr);
	return 1; // the program is the first object
}

// Neither the function the slot is bound to nor, before its first call,
// the program's own lazy-binding stub.
bool rewritten(void **slot, void *bound)
{
	void *held = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	return held != bound && !as_slots_in_object(&program, held);
}

// Cleared once standard input has ended.
std::atomic<bool> running{true};

struct worker {
	pthread_t thread;
	unsigned index;
	unsigned count;
	uint64_t checksum = 0, blocks = 0;
	uint64_t attached_bytes = 0, attached_blocks = 0;
};

void *work(void *arg)
{
	worker *w = static_cast<worker *>(arg);
	const unsigned keep = 64;
	void *ring[keep] = {};
	bool from_new[keep] = {};
	uint64_t state = 0x9e3779b97f4a7c15ULL * (w->index + 1);

	for (unsigned i = 0; i < w->count || running.load(); i++) {
		unsigned slot = i % keep;
		size_t size;
		bool use_new;

		state = state * 6364136223846793005ULL + 1442695040888963407ULL;
		size = 24 + (state >> 33) % (64 * 1024);
		use_new = (state >> 20) & 1;
		if (ring[slot]) {
			if (from_new[slot])
				::operator delete(ring[slot]);
			else
				free(ring[slot]);
		}
		if (use_new ? rewritten(new_slot, new_start) : rewritten(malloc_slot, malloc_start)) {
			w->attached_bytes += size;
			w->attached_blocks++;
		}
		ring[slot] = use_new ? ::operator new(size) : malloc(size);
		from_new[slot] = use_new;
		memset(ring[slot], (int) i, size < 64 ? size : 64);
		if (i < w->count) {
			w->checksum += static_cast<unsigned char *>(ring[slot])[size < 64 ? size - 1 : 63] + size;
			w->blocks++;
		}
		usleep(1000000 / 64);
	}
	for (unsigned slot = 0; slot < keep; slot++) {
		if (from_new[slot])
			::operator delete(ring[slot]);
		else
			free(ring[slot]);
	}
	return nullptr;
}

int pipe_ends[2];
int blocked_errno;

// Blocked in read() through every attach and detach: the call must
// return the byte written at the end, not EINTR, and errno as it was.
void *blocked(void *)
{
	char byte;

	errno = 4242;
	if (read(pipe_ends[0], &byte, 1) != 1)
		blocked_errno = -errno;
	else
		blocked_errno = errno;
	return nullptr;
}

std::atomic<unsigned long> handled{0}, loads{0}, failed_loads{0};

void spin(int)
{
	for (volatile unsigned i = 0; i < 20000; i++)
		;
	handled.fetch_add(1, std::memory_order_relaxed);
}

void *signalled(void *)
{
	struct sigaction action = {};

	action.sa_handler = spin;
	action.sa_flags = SA_RESTART;
	sigaction(SIGUSR2, &action, nullptr);
	while (running.load()) {
		pthread_kill(pthread_self(), SIGUSR2);
		usleep(1000);
	}
	return nullptr;
}

void *loader(void *arg)
{
	const char *name = static_cast<const char *>(arg);

	while (running.load()) {
		void *handle = dlopen(name, RTLD_NOW);
		auto answer = handle ? reinterpret_cast<int (*)()>(dlsym(handle, "attach_plugin_answer")) : nullptr;

		if (!answer || answer() != 42)
			failed_loads.fetch_add(1);
		if (handle)
			dlclose(handle);
		loads.fetch_add(1);
		usleep(3000);
	}
	return nullptr;
}

unsigned open_descriptors()
{
	unsigned count = 0;
	DIR *dir = opendir("/proc/self/fd");

	if (!dir)
		return 0;
	while (struct dirent *entry = readdir(dir))
		count += entry->d_name[0] != '.';
	closedir(dir);
	return count - 1; // the directory's own
}

} // namespace

int main(int argc, char **argv)
{
	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: server THREADS SECONDS COUNTERS_FILE [PLUGIN]\n");
		return 2;
	}
	unsigned threads = (unsigned) atoi(argv[1]);
	unsigned descriptors_start = open_descriptors();
	worker *workers = new worker[threads];
	pthread_t blocker, signal_thread, loader_thread;

	dl_iterate_phdr(main_object, nullptr);
	if (!malloc_slot || !new_slot) {
		fprintf(stderr, "server: no relocation slot for malloc or operator new\n");
		return 2;
	}
	malloc_start = dlsym(RTLD_DEFAULT, "malloc");
	new_start = dlsym(RTLD_DEFAULT, "_Znwm");
	if (pipe(pipe_ends) != 0 || pthread_create(&blocker, nullptr, blocked, nullptr) != 0 ||
	    pthread_create(&signal_thread, nullptr, signalled, nullptr) != 0 ||
	    (argc == 5 && pthread_create(&loader_thread, nullptr, loader, argv[4]) != 0))
		return 2;
	for (unsigned i = 0; i < threads; i++) {
		workers[i].index = i;
		workers[i].count = (unsigned) (atof(argv[2]) * 64);
		if (pthread_create(&workers[i].thread, nullptr, work, &workers[i]) != 0)
			return 2;
	}
	char ignored[256];
	while (read(STDIN_FILENO, ignored, sizeof(ignored)) > 0)
		;
	running.store(false);
	uint64_t checksum = 0, blocks = 0, attached_bytes = 0, attached_blocks = 0;
	for (unsigned i = 0; i < threads; i++) {
		pthread_join(workers[i].thread, nullptr);
		checksum += workers[i].checksum;
		blocks += workers[i].blocks;
		attached_bytes += workers[i].attached_bytes;
		attached_blocks += workers[i].attached_blocks;
	}
	pthread_join(signal_thread, nullptr);
	if (argc == 5)
		pthread_join(loader_thread, nullptr);
	if (write(pipe_ends[1], "x", 1) != 1)
		return 2;
	pthread_join(blocker, nullptr);
	printf("threads %u blocks %llu checksum %llu\n", threads, (unsigned long long) blocks,
	       (unsigned long long) checksum);
	FILE *counters = fopen(argv[3], "w");
	if (!counters)
		return 2;
	fprintf(counters, "attached_bytes %llu\nattached_blocks %llu\nblocked_errno %d\n"
		"signals %lu\nloads %lu\nfailed_loads %lu\ndescriptors_start %u\ndescriptors_end %u\n",
		(unsigned long long) attached_bytes, (unsigned long long) attached_blocks, blocked_errno,
		handled.load(), loads.load(), failed_loads.load(), descriptors_start, open_descriptors());
	fclose(counters);
	delete[] workers;
	return 0;
}
