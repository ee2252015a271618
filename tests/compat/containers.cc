// containers.cc - eight threads exercise the standard containers and print deterministic checksums, for compat/cxx.sh.
// usage: containers [ROUNDS]   (30 by default; more for a run long enough to attach to)
// Its threads wait halfway until the standard input has ended (tests/lib/compat.sh, compat_gate).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <future>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace {

constexpr unsigned threads = 8;
unsigned rounds = 30;

// A 64-bit linear congruential generator: the same numbers on every run,
// whatever the thread scheduling.
struct Lcg {
	std::uint64_t state;
	std::uint64_t next()
	{
		state = state * 6364136223846793005ULL + 1442695040888963407ULL;
		return state >> 17;
	}
};

std::uint64_t mix(std::uint64_t hash, std::uint64_t value)
{
	return (hash ^ value) * 1099511628211ULL;
}

// Every container grows, is searched and is torn down, so the allocator
// sees the growth patterns real programs make; the checksum uses each
// container's contents so that none of it can be optimised away.
std::uint64_t work(unsigned index, std::shared_future<void> halfway)
{
	Lcg random{index + 1};
	std::uint64_t hash = 14695981039346656037ULL;

	for (unsigned round = 0; round < rounds; round++) {
		if (round == rounds / 2)
			halfway.wait();
		std::vector<std::uint64_t> numbers;
		std::map<std::string, unsigned> ordered;
		std::unordered_map<std::uint64_t, std::string> hashed;
		std::deque<std::shared_ptr<std::string>> queue;
		std::list<std::vector<char>> blocks;
		std::set<std::uint64_t> seen;

		for (unsigned i = 0; i < 2000; i++) {
			std::uint64_t value = random.next();
			std::string word = std::to_string(value % 100000) + "-" + std::string(value % 40, 'x');

			numbers.push_back(value);
			ordered[word] += 1;
			hashed.emplace(value % 5000, word);
			queue.push_back(std::make_shared<std::string>(word));
			if (queue.size() > 64)
				queue.pop_front();
			if (value % 7 == 0)
				blocks.emplace_back(static_cast<std::size_t>(value % 20000), static_cast<char>(value));
			seen.insert(value % 3000);
		}
		std::sort(numbers.begin(), numbers.end());
		for (std::uint64_t n : numbers)
			hash = mix(hash, n);
		for (const auto &entry : ordered)
			hash = mix(hash, entry.first.size() * 131 + entry.second);
		hash = mix(hash, hashed.size());
		for (const auto &item : queue)
			hash = mix(hash, item->size());
		for (const auto &block : blocks)
			hash = mix(hash, block.size() + static_cast<unsigned char>(block.empty() ? 0 : block.back()));
		hash = mix(hash, seen.size());
	}
	return hash;
}

} // namespace

int main(int argc, char **argv)
{
	if (argc > 1)
		rounds = static_cast<unsigned>(std::stoul(argv[1]));
	std::vector<std::uint64_t> results(threads);
	std::vector<std::thread> workers;
	std::promise<void> input_ended;
	std::shared_future<void> halfway = input_ended.get_future().share();

	for (unsigned i = 0; i < threads; i++)
		workers.emplace_back([i, halfway, &results] { results[i] = work(i, halfway); });
	char buffer[4096];
	while (std::fread(buffer, 1, sizeof buffer, stdin) > 0)
		continue;
	input_ended.set_value();
	for (auto &worker : workers)
		worker.join();
	for (unsigned i = 0; i < threads; i++)
		std::printf("thread %u %016llx\n", i, static_cast<unsigned long long>(results[i]));
	return 0;
}
