/*
 * own-bytes.c - a program that counts every block it allocates, for the
 * tests of the tracer's own allocations (tests/record/tracer.sh).
 *
 * Usage: own-bytes exact TRUTH_FILE
 *        own-bytes busy MODULE
 *
 * `exact` allocates, grows and frees blocks through malloc, calloc,
 * realloc, posix_memalign and free, and writes what it did with write(2)
 * (stdio's buffer would be a block of its own):
 *
 *   objects N        blocks allocated (every realloc that returns a block
 *                    counts one, of its new size)
 *   bytes N          their bytes
 *   live N           the bytes still allocated at exit
 *
 * They include the blocks of its constructor, which runs before main():
 * the program's too, whatever the tracer did before it.  It calls nothing
 * else that allocates (not even pthread_create, for which the C library
 * allocates a thread's TLS vector), so at rate 1, where every block is
 * sampled, the report must say exactly these.
 *
 * `busy` runs what makes lttng-ust allocate in the program's own threads:
 * dlopen and dlclose of MODULE (lttng-ust-dl's bookkeeping), a fork whose
 * child allocates (lttng-ust-fork's hooks, the child's registration), and
 * a thread; its own blocks are a few mallocs.  The blocks the dynamic
 * linker allocates for the dlopen are its own too, in number unknown
 * here: the test checks only that no sample is the tracer's.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static uint64_t objects, bytes, live;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void counted(void *ptr, size_t size)
{
	if (!ptr)
		abort();
	memset(ptr, 1, size);
	pthread_mutex_lock(&lock);
	objects++;
	bytes += size;
	live += size;
	pthread_mutex_unlock(&lock);
}

static void released(void *ptr, size_t size)
{
	free(ptr);
	pthread_mutex_lock(&lock);
	live -= size;
	pthread_mutex_unlock(&lock);
}

/* Blocks of 1 byte to 64 KiB, three in four freed, a chain grown by
 * realloc; `salt` makes the two threads' sizes differ. */
static void *allocate_some(void *salt)
{
	size_t step = (size_t) (uintptr_t) salt;
	void *kept[64] = { 0 };
	size_t kept_size[64] = { 0 };
	void *chain, *ptr;
	size_t size;

	for (unsigned i = 0; i < 256; i++) {
		size = 1 + (i * 2654435761u + step) % 65536;
		switch (i % 3) {
		case 0: ptr = malloc(size); break;
		case 1: ptr = calloc(1, size); break;
		default:
			if (posix_memalign(&ptr, 64, size) != 0)
				ptr = NULL;
			break;
		}
		counted(ptr, size);
		if (i % 4 == 0) {
			kept[i / 4] = ptr;
			kept_size[i / 4] = size;
		} else {
			released(ptr, size);
		}
	}
	chain = malloc(16);
	counted(chain, 16);
	for (size = 32; size <= 1 << 20; size *= 2) {
		ptr = realloc(chain, size);
		if (!ptr)
			abort();
		released(NULL, size / 2);
		chain = ptr;
		counted(chain, size);
	}
	for (unsigned i = 0; i < 64; i += 2)
		released(kept[i], kept_size[i]);
	return NULL;
}

/* Before main(): one block kept, one freed. */
static void *constructed;

__attribute__((constructor)) static void construct(void)
{
	void *freed;

	constructed = malloc(3000);
	counted(constructed, 3000);
	freed = malloc(5000);
	counted(freed, 5000);
	released(freed, 5000);
}

static void say(int fd, const char *key, uint64_t value)
{
	char line[64];
	int n = snprintf(line, sizeof line, "%s %llu\n", key, (unsigned long long) value);

	if (n < 0 || write(fd, line, (size_t) n) != n)
		abort();
}

static int exact(const char *truth_file)
{
	int fd;

	allocate_some((void *) 3);
	fd = open(truth_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 2;
	say(fd, "objects", objects);
	say(fd, "bytes", bytes);
	say(fd, "live", live);
	return close(fd) == 0 ? 0 : 2;
}

static int busy(const char *module)
{
	pthread_t thread;
	pid_t child;
	void *handle;
	int status;

	for (int round = 0; round < 3; round++) {
		handle = dlopen(module, RTLD_NOW);
		if (!handle)
			return 2;
		dlclose(handle);
	}
	child = fork();
	if (child < 0)
		return 2;
	if (child == 0) {
		allocate_some((void *) 5);
		_exit(0);
	}
	if (pthread_create(&thread, NULL, allocate_some, (void *) 9) != 0)
		return 2;
	pthread_join(thread, NULL);
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return 2;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "exact") == 0)
		return exact(argv[2]);
	if (argc == 3 && strcmp(argv[1], "busy") == 0)
		return busy(argv[2]);
	return 2;
}
