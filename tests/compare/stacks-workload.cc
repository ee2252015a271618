/* stacks-workload.cc - functions of a C++ program allocating through library code, for allocsample-compare's stack labels. */
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

/*
 * Usage: stacks-workload INDEX_MIB TABLE_MIB
 * (vector_path allocates INDEX_MIB too)
 *
 * build_index and load_table each grow std::vectors of long through one
 * allocator template, PoolAllocator<long, 2>, until they have allocated
 * about INDEX_MIB and TABLE_MIB MiB: their stacks share every frame from
 * the allocator up to std::vector's growth (library code compiled into
 * this program) and differ only in the program's own function, the one a
 * label must show.  vector_path grows a std::vector<long> with the
 * standard allocator as much as build_index grows its vectors: its stacks
 * start in the C++ standard library's templates compiled into this
 * program (std::__new_allocator<long>::allocate, the vector's growth),
 * which a label must skip to name vector_path.  noipa keeps each of those
 * functions a frame of its own.
 */

template <class T, int Alignment> struct PoolAllocator {
	using value_type = T;

	PoolAllocator() = default;
	template <class U> PoolAllocator(const PoolAllocator<U, Alignment> &) noexcept {}
	template <class U> struct rebind {
		using other = PoolAllocator<U, Alignment>;
	};

	T *allocate(std::size_t n) { return static_cast<T *>(::operator new(n * sizeof(T))); }
	void deallocate(T *p, std::size_t) noexcept { ::operator delete(p); }
};

template <class T, class U, int A>
bool operator==(const PoolAllocator<T, A> &, const PoolAllocator<U, A> &) { return true; }
template <class T, class U, int A>
bool operator!=(const PoolAllocator<T, A> &, const PoolAllocator<U, A> &) { return false; }

using pool_vector = std::vector<long, PoolAllocator<long, 2>>;

/* One vector grown to 1024 elements: 16 KiB allocated (every capacity up
 * to 8 KiB), so that a MiB is 64 growths and about 250 samples at rate
 * 4096 (a sample is one object, however large). */
constexpr std::size_t ELEMENTS = 1024;
constexpr unsigned GROWTHS_PER_MIB = 64;

static void grow(pool_vector &v)
{
	v.clear();
	v.shrink_to_fit();
	for (std::size_t i = 0; i < ELEMENTS; i++)
		v.push_back(static_cast<long>(i));
}

__attribute__((noipa)) static void build_index(unsigned mib)
{
	pool_vector v;

	for (unsigned i = 0; i < mib * GROWTHS_PER_MIB; i++)
		grow(v);
}

__attribute__((noipa)) static void load_table(unsigned mib)
{
	pool_vector v;

	for (unsigned i = 0; i < mib * GROWTHS_PER_MIB; i++)
		grow(v);
}

__attribute__((noipa)) static void vector_path(unsigned mib)
{
	std::vector<long> v;

	for (unsigned i = 0; i < mib * GROWTHS_PER_MIB; i++) {
		v.clear();
		v.shrink_to_fit();
		for (std::size_t j = 0; j < ELEMENTS; j++)
			v.push_back(static_cast<long>(j));
	}
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		std::fprintf(stderr, "usage: stacks-workload INDEX_MIB TABLE_MIB\n");
		return 2;
	}
	build_index(static_cast<unsigned>(std::atoi(argv[1])));
	vector_path(static_cast<unsigned>(std::atoi(argv[1])));
	load_table(static_cast<unsigned>(std::atoi(argv[2])));
	return 0;
}
