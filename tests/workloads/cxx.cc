// cxx.cc - a C++ thread allocates through every kind of new and ALLOCSAMPLE_NEW(Widget); prints expected sample counts per type.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "allocsample.h"
#include "workload.h"

namespace {

constexpr unsigned iterations = 60000;
constexpr unsigned slots = 64;

double rate;

struct tally {
	const char *type; // as harness_events prints it: spaces become '_'
	unsigned long long objects;
	double expected;
};

tally new_tally{"operator_new", 0, 0};
tally new_array_tally{"operator_new[]", 0, 0};
tally widget_tally{"Widget", 0, 0};

void count(tally &t, std::size_t n)
{
	t.objects++;
	t.expected += workload_sample_probability(n, rate);
}

// What std::allocator does (one ::operator new per request), counting each
// request, so that container growth has an exact expected sample count.
template <class T> struct counting_allocator {
	using value_type = T;

	counting_allocator() = default;
	template <class U> counting_allocator(const counting_allocator<U> &) noexcept {}

	T *allocate(std::size_t n)
	{
		count(new_tally, n * sizeof(T));
		return static_cast<T *>(::operator new(n * sizeof(T)));
	}

	void deallocate(T *p, std::size_t) noexcept { ::operator delete(p); }
};

template <class T, class U>
bool operator==(const counting_allocator<T> &, const counting_allocator<U> &) { return true; }
template <class T, class U>
bool operator!=(const counting_allocator<T> &, const counting_allocator<U> &) { return false; }

using counted_string = std::basic_string<char, std::char_traits<char>, counting_allocator<char>>;
template <class T> using counted_vector = std::vector<T, counting_allocator<T>>;
using counted_map = std::map<int, int, std::less<int>, counting_allocator<std::pair<const int, int>>>;

struct Widget {
	Widget(int id_, double weight_) : id(id_), weight(weight_) { name[0] = 'w'; }
	int id;
	double weight;
	char name[32];
};

struct Node {
	long values[5];
};

struct alignas(64) Aligned {
	unsigned char data[192];
};

unsigned checksum;

template <class T> void touch(T *p, std::size_t bytes, unsigned i)
{
	checksum += workload_touch(p, bytes, static_cast<unsigned char>(i));
}

// Builds containers of n elements one at a time, so that they grow.
void grow_containers(unsigned n)
{
	counted_vector<int> numbers;
	counted_string text;
	counted_map map;

	for (unsigned i = 0; i < n; i++) {
		numbers.push_back(static_cast<int>(i));
		text += static_cast<char>('a' + i % 26);
		map[static_cast<int>(i)] = static_cast<int>(i);
	}
	checksum += static_cast<unsigned>(numbers.back()) + static_cast<unsigned>(text.back()) +
		    static_cast<unsigned>(map.rbegin()->second);
}

void *work(void *tid)
{
	uint64_t state = workload_seed(0);
	Widget *widgets[slots] = {};
	Node *nodes[slots] = {};
	int *arrays[slots] = {};
	Aligned *aligned[slots] = {};
	Aligned *aligned_arrays[slots] = {};

	*static_cast<pid_t *>(tid) = gettid();
	for (unsigned i = 0; i < iterations; i++) {
		unsigned slot = static_cast<unsigned>(workload_random(&state) % slots);
		std::size_t k = 1 + static_cast<std::size_t>(workload_random(&state) % 256);

		delete widgets[slot];
		widgets[slot] = ALLOCSAMPLE_NEW(Widget)(static_cast<int>(i), 0.5 * i);
		count(widget_tally, sizeof(Widget));
		touch(widgets[slot], sizeof(Widget), i);

		switch (workload_random(&state) % 6) {
		case 0:
			delete nodes[slot];
			nodes[slot] = new Node;
			count(new_tally, sizeof(Node));
			touch(nodes[slot], sizeof(Node), i);
			break;
		case 1:
			delete nodes[slot];
			nodes[slot] = new (std::nothrow) Node;
			if (!nodes[slot])
				workload_die("nothrow new failed");
			count(new_tally, sizeof(Node));
			touch(nodes[slot], sizeof(Node), i);
			break;
		case 2:
			delete[] arrays[slot];
			arrays[slot] = new int[k];
			count(new_array_tally, k * sizeof(int));
			touch(arrays[slot], k * sizeof(int), i);
			break;
		case 3:
			delete[] arrays[slot];
			arrays[slot] = new (std::nothrow) int[k];
			if (!arrays[slot])
				workload_die("nothrow new[] failed");
			count(new_array_tally, k * sizeof(int));
			touch(arrays[slot], k * sizeof(int), i);
			break;
		case 4:
			delete aligned[slot];
			aligned[slot] = new Aligned;
			count(new_tally, sizeof(Aligned));
			if (reinterpret_cast<std::uintptr_t>(aligned[slot]) % alignof(Aligned) != 0)
				workload_die("aligned new returned a misaligned object");
			touch(aligned[slot], sizeof(Aligned), i);
			break;
		default:
			delete[] aligned_arrays[slot];
			aligned_arrays[slot] = new Aligned[k % 16 + 1];
			count(new_array_tally, (k % 16 + 1) * sizeof(Aligned));
			if (reinterpret_cast<std::uintptr_t>(aligned_arrays[slot]) % alignof(Aligned) != 0)
				workload_die("aligned new[] returned a misaligned array");
			touch(aligned_arrays[slot], sizeof(Aligned), i);
			break;
		}
		if (i % 1000 == 0)
			grow_containers(1 + i / 100);
	}
	for (unsigned i = 0; i < slots; i++) {
		delete widgets[i];
		delete nodes[i];
		delete[] arrays[i];
		delete aligned[i];
		delete[] aligned_arrays[i];
	}
	return nullptr;
}

} // namespace

// Usage: cxx RATE.  Prints "tid TID" (the only line that differs between
// runs), "widget-size N", one line "type TYPE objects O expected E" per type,
// E the expected number of samples at RATE, and a checksum of the objects.
int main(int argc, char **argv)
{
	rate = workload_rate(argc, argv);
	std::printf("tid %d\n", static_cast<int>(workload_on_thread(work)));
	std::printf("widget-size %zu\n", sizeof(Widget));
	for (const tally *t : {&new_tally, &new_array_tally, &widget_tally})
		std::printf("type %s objects %llu expected %.3f\n", t->type, t->objects, t->expected);
	std::printf("checksum %u\n", checksum);
	return 0;
}
