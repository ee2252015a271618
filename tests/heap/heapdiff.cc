/*
 * heapdiff.cc - random allocations, growths and releases through every
 * entry point the shim wraps, with an exact count of the bytes held, for
 * the differential live-heap test (tests/heap/differential.sh).
 *
 * Usage: heapdiff SEED OPERATIONS keep|free TRUTH_FILE
 *
 * A pool of slots, each empty or holding one block.  Each operation picks
 * a slot at random: an empty one gets a block from one of malloc, calloc,
 * realloc(NULL, n), reallocarray(NULL, ...), posix_memalign, aligned_alloc,
 * memalign, valloc, pvalloc, every operator new (plain, array, aligned,
 * nothrow), allocsample_malloc_typed or allocsample_calloc_typed; a full
 * one is released the way its block must be (free, every operator delete:
 * plain, sized, aligned, sized and aligned, nothrow; realloc(p, 0)), or,
 * for a block of the malloc family, grown or shrunk by realloc or
 * reallocarray.  Sizes are log-uniform from 1 byte to 64 KiB, so that
 * small blocks share pages with the page-aligned blocks the shim tracks.
 * At the end, `keep` leaves the pool as it is and `free` releases every
 * block.
 *
 * The bytes a block holds count for the entry point that allocated it as
 * the report names it (doc/sampling.md): a realloc or reallocarray
 * allocates its new size, moved or not; every operator new form is
 * "operator new" or "operator new[]"; the typed API's blocks are "struct
 * diff".  Lines of TRUTH_FILE, written with write(2) (stdio's buffer
 * would be a block of its own):
 *
 *   pid PID
 *   type LIVE_BYTES TYPE   live at exit, for every type the run used
 *
 * The program calls nothing that allocates between its operations, so
 * the process's blocks are its own, the C library's start-up aside.
 */
#include <malloc.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "allocsample.h"
#include "truth.h"

namespace {

enum type { MALLOC, CALLOC, REALLOC, REALLOCARRAY, POSIX_MEMALIGN, ALIGNED_ALLOC, MEMALIGN,
	    VALLOC, PVALLOC, NEW, NEW_ARRAY, TYPED, TYPE_COUNT };

const char *const type_names[TYPE_COUNT] = {
	"malloc", "calloc", "realloc", "reallocarray", "posix_memalign", "aligned_alloc",
	"memalign", "valloc", "pvalloc", "operator new", "operator new[]", "struct diff",
};

/* How a block must be released. */
enum release { BY_FREE, BY_DELETE, BY_DELETE_ARRAY, BY_DELETE_ALIGNED, BY_DELETE_ARRAY_ALIGNED };

struct slot {
	void *ptr;           /* NULL: empty */
	size_t size;         /* bytes asked for */
	size_t alignment;    /* of an aligned operator new, for its delete */
	enum type type;
	enum release release;
};

const size_t slot_count = 2048;
slot slots[slot_count];
uint64_t live[TYPE_COUNT];
bool used[TYPE_COUNT];
/* NULL, but not to the compiler, which turns realloc(NULL, n) into
 * malloc(n). */
void *volatile no_block;

/* xorshift64*: the program's own choices, independent of the sampler's. */
uint64_t state;

uint64_t next_random()
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * UINT64_C(2685821657736338717);
}

uint64_t below(uint64_t n)
{
	return next_random() % n;
}

/* 1 byte to 64 KiB, log-uniform: as many blocks of 1-2 bytes as of
 * 32-64 KiB. */
size_t random_size()
{
	unsigned bits = static_cast<unsigned>(below(17));
	uint64_t low = UINT64_C(1) << bits;

	return static_cast<size_t>(low + below(low));
}


void die(const char *what)
{
	truth("error %s\n", what);
	abort();
}

/* Every byte written: no allocation is optimised away, and a block handed
 * out twice would show in a wrong check byte. */
void fill(slot &s)
{
	memset(s.ptr, static_cast<int>(s.size & 0xff), s.size);
}

void check(const slot &s)
{
	const unsigned char *bytes = static_cast<const unsigned char *>(s.ptr);
	unsigned char expected = static_cast<unsigned char>(s.size);

	if (bytes[0] != expected || bytes[s.size - 1] != expected)
		die("a block's bytes changed");
}

void hold(slot &s, void *ptr, size_t size, enum type type, enum release release,
	  size_t alignment = 0)
{
	if (!ptr)
		die(type_names[type]);
	s.ptr = ptr;
	s.size = size;
	s.type = type;
	s.release = release;
	s.alignment = alignment;
	live[type] += size;
	used[type] = true;
	fill(s);
}

size_t random_alignment(size_t smallest)
{
	size_t alignment = smallest;

	for (uint64_t steps = below(9); steps > 0 && alignment < 4096; steps--)
		alignment <<= 1;
	return alignment;
}

void allocate(slot &s)
{
	size_t size = random_size();
	void *ptr = nullptr;

	switch (below(17)) {
	case 0: return hold(s, malloc(size), size, MALLOC, BY_FREE);
	case 1: return hold(s, calloc(1, size), size, CALLOC, BY_FREE);
	case 2: return hold(s, realloc(no_block, size), size, REALLOC, BY_FREE);
	case 3: return hold(s, reallocarray(no_block, size, 1), size, REALLOCARRAY, BY_FREE);
	case 4:
		if (posix_memalign(&ptr, random_alignment(sizeof(void *)), size) != 0)
			die("posix_memalign");
		return hold(s, ptr, size, POSIX_MEMALIGN, BY_FREE);
	case 5: {
		size_t alignment = random_alignment(8);

		size = (size + alignment - 1) / alignment * alignment;
		return hold(s, aligned_alloc(alignment, size), size, ALIGNED_ALLOC, BY_FREE);
	}
	case 6: return hold(s, memalign(random_alignment(8), size), size, MEMALIGN, BY_FREE);
	case 7: return hold(s, valloc(size), size, VALLOC, BY_FREE);
	case 8: return hold(s, pvalloc(size), size, PVALLOC, BY_FREE);
	case 9: return hold(s, operator new(size), size, NEW, BY_DELETE);
	case 10: return hold(s, operator new[](size), size, NEW_ARRAY, BY_DELETE_ARRAY);
	case 11: return hold(s, operator new(size, std::nothrow), size, NEW, BY_DELETE);
	case 12: return hold(s, operator new[](size, std::nothrow), size, NEW_ARRAY, BY_DELETE_ARRAY);
	case 13: {
		size_t alignment = random_alignment(32);
		std::align_val_t align = static_cast<std::align_val_t>(alignment);

		ptr = below(2) ? operator new(size, align) : operator new(size, align, std::nothrow);
		return hold(s, ptr, size, NEW, BY_DELETE_ALIGNED, alignment);
	}
	case 14: {
		size_t alignment = random_alignment(32);
		std::align_val_t align = static_cast<std::align_val_t>(alignment);

		ptr = below(2) ? operator new[](size, align) : operator new[](size, align, std::nothrow);
		return hold(s, ptr, size, NEW_ARRAY, BY_DELETE_ARRAY_ALIGNED, alignment);
	}
	case 15: return hold(s, allocsample_malloc_typed(size, "struct diff"), size, TYPED, BY_FREE);
	default: return hold(s, allocsample_calloc_typed(1, size, "struct diff"), size, TYPED, BY_FREE);
	}
}

void forget(slot &s)
{
	live[s.type] -= s.size;
	s.ptr = nullptr;
}

/* The releases each kind of block allows, chosen at random; out of line,
 * so that GCC's check of matching deallocations does not follow a block
 * from one switch case into another. */
__attribute__((noinline)) void release_malloced(void *ptr)
{
	if (below(4) == 0) {
		/* glibc frees the block and returns NULL. */
		if (realloc(ptr, 0) != nullptr)
			die("realloc(p, 0) returned a block");
	} else {
		free(ptr);
	}
}

__attribute__((noinline)) void release_new(void *ptr, size_t size)
{
	switch (below(3)) {
	case 0: operator delete(ptr); break;
	case 1: operator delete(ptr, size); break;
	default: operator delete(ptr, std::nothrow); break;
	}
}

__attribute__((noinline)) void release_new_array(void *ptr, size_t size)
{
	switch (below(3)) {
	case 0: operator delete[](ptr); break;
	case 1: operator delete[](ptr, size); break;
	default: operator delete[](ptr, std::nothrow); break;
	}
}

__attribute__((noinline)) void release_new_aligned(void *ptr, size_t size, std::align_val_t align)
{
	switch (below(3)) {
	case 0: operator delete(ptr, align); break;
	case 1: operator delete(ptr, size, align); break;
	default: operator delete(ptr, align, std::nothrow); break;
	}
}

__attribute__((noinline)) void release_new_array_aligned(void *ptr, size_t size,
							  std::align_val_t align)
{
	switch (below(3)) {
	case 0: operator delete[](ptr, align); break;
	case 1: operator delete[](ptr, size, align); break;
	default: operator delete[](ptr, align, std::nothrow); break;
	}
}

void release(slot &s)
{
	std::align_val_t align = static_cast<std::align_val_t>(s.alignment);

	check(s);
	switch (s.release) {
	case BY_FREE: release_malloced(s.ptr); break;
	case BY_DELETE: release_new(s.ptr, s.size); break;
	case BY_DELETE_ARRAY: release_new_array(s.ptr, s.size); break;
	case BY_DELETE_ALIGNED: release_new_aligned(s.ptr, s.size, align); break;
	case BY_DELETE_ARRAY_ALIGNED: release_new_array_aligned(s.ptr, s.size, align); break;
	}
	forget(s);
}

/* A block of the malloc family grown or shrunk, most often a little (the
 * common case of a buffer that grows), sometimes to any size. */
void resize(slot &s)
{
	size_t size = below(2) ? random_size() : s.size + 1 + below(s.size + 16);
	bool array = below(2);
	void *ptr;

	check(s);
	ptr = array ? reallocarray(s.ptr, size, 1) : realloc(s.ptr, size);
	if (!ptr)
		die("realloc");
	/* The new block holds the old bytes up to the smaller size. */
	if (static_cast<unsigned char *>(ptr)[0] != static_cast<unsigned char>(s.size))
		die("realloc lost the block's bytes");
	forget(s);
	hold(s, ptr, size, array ? REALLOCARRAY : REALLOC, BY_FREE);
}

} // namespace

int main(int argc, char **argv)
{
	if (argc != 5 || (strcmp(argv[3], "keep") != 0 && strcmp(argv[3], "free") != 0)) {
		static const char usage[] = "usage: heapdiff SEED OPERATIONS keep|free TRUTH_FILE\n";

		if (write(STDERR_FILENO, usage, sizeof usage - 1) < 0)
			return 2;
		return 2;
	}
	state = strtoull(argv[1], nullptr, 10) * UINT64_C(0x9E3779B97F4A7C15) | 1;
	unsigned long operations = strtoul(argv[2], nullptr, 10);
	truth_open(argv[4]);

	for (unsigned long i = 0; i < operations; i++) {
		slot &s = slots[below(slot_count)];

		if (!s.ptr)
			allocate(s);
		else if (s.release == BY_FREE && below(2))
			resize(s);
		else
			release(s);
	}
	if (strcmp(argv[3], "free") == 0)
		for (slot &s : slots)
			if (s.ptr)
				release(s);

	for (int t = 0; t < TYPE_COUNT; t++)
		if (used[t])
			truth("type %llu %s\n", static_cast<unsigned long long>(live[t]), type_names[t]);
	return close(truth_fd) == 0 ? 0 : 2;
}
