/* stacks-cxx.cc - a C++ program whose allocations come from a function template, a lambda and std::vector's growth, each path's exact bytes written to a file, for tests/stacks. */
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <unistd.h>

/*
 * As in stacks.c: each path is one call stack (one call line per caller,
 * one allocating line), noipa keeps each of the program's functions a frame
 * of its own, KEEP_FRAME keeps calls from being tail calls, and ESCAPE
 * keeps the compiler from dropping a new and delete pair whose object
 * nothing reads.  With RATE 4096 (the test's --rate) each path gets a few
 * hundred samples.
 */
#define KEEP_FRAME() __asm__ volatile("" ::: "memory")
#define ESCAPE(p) __asm__ volatile("" : : "r"(p) : "memory")

constexpr std::size_t TEMPLATE_COUNT = 1500;
constexpr std::size_t LAMBDA_SIZE = 1300;
constexpr std::size_t LAMBDA_COUNT = 1900;
constexpr std::size_t VECTOR_ELEMENTS = 1000;  // per vector: capacities 1, 2, 4 ... 1024
constexpr std::size_t VECTOR_REPEATS = 40;

// Outside any namespace, so that frames read make_objects<Widget>.
struct Widget {
	char bytes[1200];
};

struct Item {
	long a, b, c;
};

// A function template, instantiated for Widget: its frame is
// make_objects<Widget>.
template <typename T> __attribute__((noipa)) unsigned long long make_objects(std::size_t count)
{
	for (std::size_t i = 0; i < count; i++) {
		T *object = new T; // STACK:make_objects
		ESCAPE(object);
		delete object;
	}
	return static_cast<unsigned long long>(sizeof(T)) * count;
}

// A lambda kept out of line: its frame is its closure's operator(), called
// from run_lambda.
__attribute__((noipa)) static unsigned long long run_lambda()
{
	auto allocate = [](std::size_t size) __attribute__((noipa)) {
		char *chars = new char[size]; // STACK:lambda
		ESCAPE(chars);
		delete[] chars;
		return static_cast<unsigned long long>(size);
	};
	unsigned long long bytes = 0;

	for (std::size_t i = 0; i < LAMBDA_COUNT; i++)
		bytes += allocate(LAMBDA_SIZE); // STACK:run_lambda
	return bytes;
}

// The objects grow_vector allocated.
static unsigned long long vector_objects;

// std::vector's growth: push_back reallocates in libstdc++'s
// _M_realloc_insert (a template compiled into this program), called from
// here.  Every new capacity is one allocation of capacity * sizeof(Item)
// bytes: 24 B to 24 KiB, the small ones almost never sampled.
__attribute__((noipa)) static unsigned long long grow_vector()
{
	unsigned long long bytes = 0;

	for (std::size_t r = 0; r < VECTOR_REPEATS; r++) {
		std::vector<Item> items;
		std::size_t capacity = items.capacity();

		for (std::size_t i = 0; i < VECTOR_ELEMENTS; i++) {
			items.push_back(Item{ static_cast<long>(i), 0, 0 }); // STACK:grow_vector
			if (items.capacity() != capacity) {
				capacity = items.capacity();
				bytes += capacity * sizeof(Item);
				vector_objects++;
			}
		}
		ESCAPE(items.data());
	}
	return bytes;
}

// Usage: stacks-cxx TRUTH_FILE.  Runs every path once, then writes `pid
// PID` and one `path NAME BYTES OBJECTS` line per path to TRUTH_FILE.
int main(int argc, char **argv)
{
	if (argc != 2) {
		std::fputs("usage: stacks-cxx TRUTH_FILE\n", stderr);
		return 1;
	}
	unsigned long long templated = make_objects<Widget>(TEMPLATE_COUNT);
	KEEP_FRAME();
	unsigned long long lambda = run_lambda();
	KEEP_FRAME();
	unsigned long long vector = grow_vector();
	KEEP_FRAME();

	std::FILE *truth = std::fopen(argv[1], "w");
	if (!truth) {
		std::fputs("stacks-cxx: cannot write the truth file\n", stderr);
		return 1;
	}
	std::fprintf(truth, "pid %d\n", static_cast<int>(getpid()));
	std::fprintf(truth, "path template %llu %zu\n", templated, TEMPLATE_COUNT);
	std::fprintf(truth, "path lambda %llu %zu\n", lambda, LAMBDA_COUNT);
	std::fprintf(truth, "path vector %llu %llu\n", vector, vector_objects);
	return std::fclose(truth) == 0 ? 0 : 1;
}
