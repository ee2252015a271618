// dlmodule-cxx.cc - a dlopen'ed C++ module whose static object allocates with new in its constructor and destructor, for stress/dlopen.sh.
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

// Odd sizes no library allocates by chance; tests/stress/dlopen.sh lists them.
constexpr std::size_t objects = 4;
constexpr std::size_t constructor_size = 21017;
constexpr std::size_t destructor_size = 27011;

struct Holder {
	std::vector<std::unique_ptr<char[]>> blocks;

	Holder()
	{
		blocks.reserve(objects);
		for (std::size_t i = 0; i < objects; i++) {
			blocks.emplace_back(new char[constructor_size]);
			std::fill_n(blocks.back().get(), constructor_size - 1, static_cast<char>('a' + i));
			blocks.back()[constructor_size - 1] = '\0';
		}
	}

	~Holder()
	{
		for (std::size_t i = 0; i < objects; i++) {
			std::unique_ptr<char[]> scratch(new char[destructor_size]());

			scratch[destructor_size - 1] = static_cast<char>(i + 1);
			if (scratch[destructor_size / 2] != 0 || scratch[destructor_size - 1] != static_cast<char>(i + 1))
				std::abort();
		}
	}
};

// Constructed at dlopen, destroyed at dlclose (its destructor is registered
// with the module's DSO handle).
Holder holder;

} // namespace

// Called by the loader between dlopen and dlclose: 1 if the constructor's
// blocks still hold their text.
extern "C" __attribute__((visibility("default"))) int dlmodule_check(void);
extern "C" int dlmodule_check(void)
{
	for (std::size_t i = 0; i < objects; i++) {
		const char *block = holder.blocks[i].get();

		if (block[0] != static_cast<char>('a' + i) || block[constructor_size - 2] != block[0] ||
		    block[constructor_size - 1] != '\0')
			return 0;
	}
	return 1;
}
