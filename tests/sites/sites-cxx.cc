// sites-cxx.cc - a C++ workload: new, std::string and std::vector growth in known functions, for tests/sites.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

// As in sites.c: SITE:name markers for grep -n, noipa functions, results
// used after each call.

namespace {

struct Node {
	char payload[4000];
};

constexpr int object_size = 4000;

__attribute__((noipa)) void make_nodes(Node **slots, int count)
{
	for (int i = 0; i < count; i++) {
		slots[i] = new Node; // SITE:make_nodes
		slots[i]->payload[0] = 1;
	}
}

// std::string's constructor is compiled into libstdc++ (an explicit
// instantiation): its operator new call returns into libstdc++.
__attribute__((noipa)) void make_strings(std::string **slots, int count)
{
	for (int i = 0; i < count; i++)
		slots[i] = new std::string(object_size - 1, 'x'); // SITE:make_strings
}

// std::vector<int>'s growth is a template instantiated in this program.
__attribute__((noipa)) std::size_t grow_vectors(int count)
{
	std::size_t bytes = 0;

	for (int i = 0; i < count; i++) {
		std::vector<int> v;

		v.reserve(object_size / sizeof(int)); // SITE:grow_vectors
		v.push_back(i);
		bytes += v.capacity() * sizeof(int);
	}
	return bytes;
}

// Growth by push_back reallocates in std::vector::_M_realloc_insert, a
// template GCC compiles out of line, into this program: that is the site
// the report names (tests/sites/cxx.sh).
__attribute__((noipa)) std::size_t push_vectors(int count)
{
	std::size_t bytes = 0;

	for (int i = 0; i < count; i++) {
		std::vector<int> v;

		for (int j = 0; j < 1024; j++) {
			std::size_t before = v.capacity();

			v.push_back(j); // SITE:push_vectors
			if (v.capacity() != before)
				bytes += v.capacity() * sizeof(int);
		}
	}
	return bytes;
}

} // namespace

int main(int argc, char **argv)
{
	int count = argc > 1 ? std::atoi(argv[1]) : 2000;
	Node **nodes = static_cast<Node **>(std::calloc(count, sizeof *nodes));
	std::string **strings = static_cast<std::string **>(std::calloc(count, sizeof *strings));

	if (count < 1 || !nodes || !strings)
		return 1;
	make_nodes(nodes, count);
	for (int i = 0; i < count; i++)
		delete nodes[i];
	std::printf("site make_nodes %llu\n", (unsigned long long) count * sizeof(Node));
	make_strings(strings, count);
	for (int i = 0; i < count; i++)
		delete strings[i];
	// The string objects (from here) and their characters (from libstdc++).
	std::printf("site make_strings %llu\n",
		    (unsigned long long) count * (object_size + sizeof(std::string)));
	std::size_t vector_bytes = grow_vectors(count);
	std::printf("site grow_vectors %zu\n", vector_bytes);
	std::printf("site push_vectors %zu\n", push_vectors(count));
	std::free(nodes);
	std::free(strings);
	return 0;
}
