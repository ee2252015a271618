/*
 * heap-cxx.cc - C++ containers destroyed at different times, for the
 * live-heap tests (tests/heap/cxx.sh).
 *
 * Usage: heap-cxx TRUTH_FILE
 *
 * Thread "builder" fills three sets of containers (std::vector<char>,
 * std::basic_string of 40 to 200 characters, std::map of vectors), all
 * through an allocator that counts the bytes it asks operator new for:
 *   - the first set is destroyed by the builder before it returns;
 *   - the second is destroyed by main after the builder has ended (frees
 *     on another thread than the allocation);
 *   - the third is never destroyed: it lives in static storage that is
 *     constructed in place and never torn down, so nothing frees it at
 *     exit either.
 * Thread "arrays" allocates arrays with new[] and over-aligned objects
 * with the aligned operator new, deletes two in three, keeps the rest.
 *
 * Lines of TRUTH_FILE (written with write(2), never stdio):
 *   pid PID
 *   cell NAME TID LIVE_BYTES TYPE   live at exit, by thread and type
 */
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "truth.h"

namespace {

pid_t gettid_now()
{
	return static_cast<pid_t>(syscall(SYS_gettid));
}

/* The live bytes one thread's containers asked for.  Written by the
 * builder, then by main once the builder is joined: never at once. */
struct tally {
	uint64_t live = 0;
};

template <class T> struct counting {
	using value_type = T;
	tally *counts;

	explicit counting(tally *t) : counts(t) {}
	template <class U> counting(const counting<U> &other) : counts(other.counts) {}

	T *allocate(size_t n)
	{
		counts->live += n * sizeof(T);
		return static_cast<T *>(::operator new(n * sizeof(T)));
	}
	void deallocate(T *p, size_t n)
	{
		counts->live -= n * sizeof(T);
		::operator delete(p, n * sizeof(T));
	}
	template <class U> bool operator==(const counting<U> &other) const { return counts == other.counts; }
	template <class U> bool operator!=(const counting<U> &other) const { return counts != other.counts; }
};

using bytes = std::vector<char, counting<char>>;
using text = std::basic_string<char, std::char_traits<char>, counting<char>>;
using table = std::map<int, bytes, std::less<int>, counting<std::pair<const int, bytes>>>;

struct containers {
	std::vector<bytes, counting<bytes>> vectors;
	std::vector<text, counting<text>> strings;
	table map;

	explicit containers(tally *t) : vectors(counting<bytes>(t)), strings(counting<text>(t)),
		map(std::less<int>(), counting<std::pair<const int, bytes>>(t)) {}
};

uint64_t lcg_state = 20261124;

size_t next_size(size_t least, size_t spread)
{
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return least + static_cast<size_t>((lcg_state >> 33) % spread);
}

void fill(containers &c, tally *t, int n)
{
	for (int i = 0; i < n; i++) {
		bytes v(next_size(256, 3841), 'v', counting<char>(t));
		c.vectors.push_back(std::move(v));
		c.strings.emplace_back(next_size(40, 161), 's', counting<char>(t));
		c.map.emplace(i, bytes(next_size(512, 2049), 'm', counting<char>(t)));
	}
}

tally builder_tally;
pid_t builder_tid;
containers *handed;
alignas(containers) unsigned char forever_storage[sizeof(containers)];

void builder()
{
	builder_tid = gettid_now();
	{
		containers gone(&builder_tally);
		fill(gone, &builder_tally, 600);
	}
	handed = new containers(&builder_tally);
	fill(*handed, &builder_tally, 600);
	containers *forever = new (forever_storage) containers(&builder_tally);
	fill(*forever, &builder_tally, 600);
}

struct alignas(64) over_aligned {
	unsigned char data[3000];
};

uint64_t arrays_new_array_live, arrays_new_live;
pid_t arrays_tid;
/* Plain arrays: a std::vector here would allocate on this thread too. */
char *kept_arrays[500];
over_aligned *kept_aligned[500];

void arrays()
{
	arrays_tid = gettid_now();
	for (int i = 0; i < 1500; i++) {
		size_t n = next_size(1024, 6145);
		char *a = new char[n];
		auto *o = new over_aligned;

		a[0] = a[n - 1] = 'a';
		o->data[0] = 'o';
		if (i % 3 == 0) {
			kept_arrays[i / 3] = a;
			kept_aligned[i / 3] = o;
			arrays_new_array_live += n;
			arrays_new_live += sizeof(over_aligned);
		} else {
			delete[] a;
			delete o;
		}
	}
}

} // namespace

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s TRUTH_FILE\n", argv[0]);
		return 2;
	}
	truth_open(argv[1]);
	std::thread(builder).join();
	std::thread(arrays).join();
	/* The builder's second set, freed here.  The containers object itself
	 * came from plain new: not counted, since the tally counts what the
	 * containers ask for; its own bytes are freed here too. */
	delete handed;

	truth("cell builder %d %llu operator new\n", static_cast<int>(builder_tid),
	      static_cast<unsigned long long>(builder_tally.live));
	truth("cell arrays %d %llu operator new[]\n", static_cast<int>(arrays_tid),
	      static_cast<unsigned long long>(arrays_new_array_live));
	truth("cell arrays %d %llu operator new\n", static_cast<int>(arrays_tid),
	      static_cast<unsigned long long>(arrays_new_live));
	return close(truth_fd) == 0 ? 0 : 1;
}
