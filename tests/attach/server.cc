// server.cc - a program to attach to (tests/attach/*.sh), which knows
// exactly how many bytes went through allocsample while it was attached.
//
// usage: server THREADS COUNTERS_FILE [PLUGIN]
//        server replay COUNTERS_FILE
//
// THREADS workers each allocate a fixed sequence of blocks (malloc and
// operator new, 24 B to 64 KiB), 64 a second (about 2 MiB/s), keep the
// last 64 and free the oldest, until standard input ends (the test decides
// when the server stops, whatever the pace of the machine).  Before each
// allocation a worker reads
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
// Standard output is the checksum of every block the workers allocated
// (the sequence is fixed, only its pace is timed); `server replay`, given
// the counters of a run, allocates the same blocks in one thread, at once,
// and prints what that run must have printed: the test compares the two,
// which covers every block allocated while attached.  The counters go to
// COUNTERS_FILE at exit: each worker's blocks, the bytes and blocks
// counted while attached, the errno the blocked thread found on return,
// the signals handled, the loads and the failed loads, and the number of
// descriptors open at start and at exit.
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

// A worker's fixed sequence of blocks, the last 64 of them kept.
struct sequence {
	static const unsigned keep = 64;
	uint64_t state;
	void *ring[keep] = {};
	bool from_new[keep] = {};
	uint64_t checksum = 0, blocks = 0;

	explicit sequence(unsigned index) : state(0x9e3779b97f4a7c15ULL * (index + 1)) {}

	// The next block's size and allocator; the oldest block freed.
	size_t next(bool *use_new)
	{
		unsigned slot = blocks % keep;

		state = state * 6364136223846793005ULL + 1442695040888963407ULL;
		*use_new = (state >> 20) & 1;
		release(slot);
		return 24 + (state >> 33) % (64 * 1024);
	}

	// The next block allocated, its first bytes written and one read
	// back into the checksum.
	void place(size_t size, bool use_new)
	{
		unsigned slot = blocks % keep;
		unsigned char *block = static_cast<unsigned char *>(use_new ? ::operator new(size) : malloc(size));

		memset(block, (int) blocks, size < 64 ? size : 64);
		checksum += block[size < 64 ? size - 1 : 63] + size;
		ring[slot] = block;
		from_new[slot] = use_new;
		blocks++;
	}

	// The block kept in SLOT, if any, freed.
	void release(unsigned slot)
	{
		if (!ring[slot])
			return;
		if (from_new[slot])
			::operator delete(ring[slot]);
		else
			free(ring[slot]);
		ring[slot] = nullptr;
	}

	~sequence()
	{
		for (unsigned slot = 0; slot < keep; slot++)
			release(slot);
	}
};

struct worker {
	pthread_t thread;
	unsigned index;
	uint64_t checksum = 0, blocks = 0;
	uint64_t attached_bytes = 0, attached_blocks = 0;
};

void *work(void *arg)
{
	worker *w = static_cast<worker *>(arg);
	sequence blocks(w->index);

	while (running.load()) {
		bool use_new;
		size_t size = blocks.next(&use_new);

		if (use_new ? rewritten(new_slot, new_start) : rewritten(malloc_slot, malloc_start)) {
			w->attached_bytes += size;
			w->attached_blocks++;
		}
		blocks.place(size, use_new);
		usleep(1000000 / 64);
	}
	w->checksum = blocks.checksum;
	w->blocks = blocks.blocks;
	return nullptr;
}

// The line a run of THREADS workers that allocated BLOCKS in all prints.
void print_result(unsigned threads, uint64_t blocks, uint64_t checksum)
{
	printf("threads %u blocks %llu checksum %llu\n", threads, (unsigned long long) blocks,
	       (unsigned long long) checksum);
}

// server replay COUNTERS_FILE: the blocks each worker of that run
// allocated (its line `worker_blocks N...`), allocated again here.
int replay(const char *path)
{
	FILE *counters = fopen(path, "r");
	char key[32];
	unsigned threads = 0;
	unsigned long long count;
	uint64_t blocks = 0, checksum = 0;

	if (!counters || fscanf(counters, "%31s", key) != 1 || strcmp(key, "worker_blocks") != 0) {
		fprintf(stderr, "server: no worker_blocks in %s\n", path);
		return 2;
	}
	while (fscanf(counters, " %llu", &count) == 1) {
		sequence s(threads++);

		while (s.blocks < count) {
			bool use_new;
			size_t size = s.next(&use_new);

			s.place(size, use_new);
		}
		blocks += s.blocks;
		checksum += s.checksum;
	}
	fclose(counters);
	print_result(threads, blocks, checksum);
	return 0;
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
	if (argc == 3 && strcmp(argv[1], "replay") == 0)
		return replay(argv[2]);
	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: server THREADS COUNTERS_FILE [PLUGIN] | server replay COUNTERS_FILE\n");
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
	    (argc == 4 && pthread_create(&loader_thread, nullptr, loader, argv[3]) != 0))
		return 2;
	for (unsigned i = 0; i < threads; i++) {
		workers[i].index = i;
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
	if (argc == 4)
		pthread_join(loader_thread, nullptr);
	if (write(pipe_ends[1], "x", 1) != 1)
		return 2;
	pthread_join(blocker, nullptr);
	print_result(threads, blocks, checksum);
	FILE *counters = fopen(argv[2], "w");
	if (!counters)
		return 2;
	fprintf(counters, "worker_blocks");
	for (unsigned i = 0; i < threads; i++)
		fprintf(counters, " %llu", (unsigned long long) workers[i].blocks);
	fprintf(counters, "\nattached_bytes %llu\nattached_blocks %llu\nblocked_errno %d\n"
		"signals %lu\nloads %lu\nfailed_loads %lu\ndescriptors_start %u\ndescriptors_end %u\n",
		(unsigned long long) attached_bytes, (unsigned long long) attached_blocks, blocked_errno,
		handled.load(), loads.load(), failed_loads.load(), descriptors_start, open_descriptors());
	fclose(counters);
	delete[] workers;
	return 0;
}
