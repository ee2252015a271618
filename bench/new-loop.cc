// new-loop.cc - N operator new + sized operator delete pairs of 16-256 bytes, for callgrind.
#include <cstdio>
#include <cstdlib>
#include <new>

// The measured loop, out of line for --toggle-collect=bench_new_loop.  The
// pair is what `new T` and `delete p` compile to with C++14 sized
// deallocation: _Znwm and _ZdlPvm.  The block is used and its address
// escapes, so the compiler cannot elide the pair.
__attribute__((noinline)) static unsigned long bench_new_loop(unsigned long pairs)
{
	unsigned long sum = 0;

	for (unsigned long i = 0; i < pairs; i++) {
		std::size_t size = 16 + (i % 16) * 16;
		unsigned char *p = static_cast<unsigned char *>(::operator new(size));

		p[0] = static_cast<unsigned char>(i);
		p[size - 1] = static_cast<unsigned char>(i >> 8);
		__asm__ volatile("" : : "r"(p) : "memory");
		sum += p[0] + p[size - 1];
		::operator delete(p, size);
	}
	return sum;
}

int main(int argc, char **argv)
{
	char *end;
	unsigned long pairs;

	if (argc != 2 || (pairs = std::strtoul(argv[1], &end, 10), *end != '\0' || end == argv[1])) {
		std::fprintf(stderr, "usage: %s PAIRS\n", argv[0]);
		return 2;
	}
	std::printf("%lu\n", bench_new_loop(pairs));
	return 0;
}
