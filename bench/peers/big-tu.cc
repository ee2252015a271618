// big-tu.cc - a large C++ translation unit for bench/peers.sh: most of the
// standard library and a good part of Boost's headers (Debian's
// libboost-dev), and a little code that instantiates their templates, so
// that the compiler parses, instantiates and generates code as it does for
// a real program of this kind.

// boost/format.hpp includes boost/bind.hpp, which would print a
// deprecation note at every compilation.
#define BOOST_BIND_GLOBAL_PLACEHOLDERS

#include <bits/stdc++.h>

#include <boost/algorithm/string.hpp>
#include <boost/circular_buffer.hpp>
#include <boost/container/flat_map.hpp>
#include <boost/dynamic_bitset.hpp>
#include <boost/format.hpp>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/lexical_cast.hpp>
#include <boost/multi_index/hashed_index.hpp>
#include <boost/multi_index/member.hpp>
#include <boost/multi_index/ordered_index.hpp>
#include <boost/multi_index_container.hpp>
#include <boost/optional.hpp>
#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <boost/variant.hpp>

namespace bench_tu {

struct record {
	int id;
	std::string name;
	double score;
};

using record_set = boost::multi_index_container<
	record,
	boost::multi_index::indexed_by<
		boost::multi_index::ordered_unique<boost::multi_index::member<record, int, &record::id>>,
		boost::multi_index::hashed_non_unique<
			boost::multi_index::member<record, std::string, &record::name>>>>;

using graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
				    boost::property<boost::edge_weight_t, int>>;

// Shortest distances from vertex 0 of a ring with chords.
std::vector<int> distances(int n)
{
	graph g(n);
	for (int i = 0; i < n; i++) {
		boost::add_edge(i, (i + 1) % n, 1, g);
		boost::add_edge(i, (i * 7) % n, 3, g);
	}
	std::vector<int> d(n);
	boost::dijkstra_shortest_paths(g, 0, boost::distance_map(d.data()));
	return d;
}

// Sums the integers of a comma-separated list, or nothing if one does not parse.
boost::optional<long> parse_sum(const std::string &text)
{
	std::vector<std::string> fields;
	boost::algorithm::split(fields, text, boost::is_any_of(","));
	long sum = 0;
	for (std::string &f : fields) {
		boost::algorithm::trim(f);
		try {
			sum += boost::lexical_cast<long>(f);
		} catch (const boost::bad_lexical_cast &) {
			return boost::none;
		}
	}
	return sum;
}

std::string describe(const record_set &records)
{
	boost::property_tree::ptree tree;
	for (const record &r : records)
		tree.put("records." + r.name, (boost::format("%1%:%2$.2f") % r.id % r.score).str());
	std::ostringstream out;
	boost::property_tree::write_json(out, tree);
	return out.str();
}

std::map<std::string, std::vector<std::string>> words(const std::string &text)
{
	std::vector<std::string> parts;
	boost::algorithm::split(parts, text, boost::is_any_of(" ,;"), boost::token_compress_on);
	std::map<std::string, std::vector<std::string>> by_first;
	for (auto &p : parts) {
		boost::algorithm::to_lower(p);
		by_first[p.substr(0, 1)].push_back(p);
	}
	return by_first;
}

using value = boost::variant<int, double, std::string>;

struct printer : boost::static_visitor<std::string> {
	std::string operator()(int i) const { return boost::lexical_cast<std::string>(i); }
	std::string operator()(double d) const { return std::to_string(d); }
	std::string operator()(const std::string &s) const { return s; }
};

} // namespace bench_tu

int main(int argc, char **argv)
{
	using namespace bench_tu;
	record_set records;
	for (int i = 0; i < argc * 10; i++)
		records.insert({i, "r" + std::to_string(i % 7), i * 0.5});
	boost::circular_buffer<int> ring(8);
	boost::container::flat_map<int, std::string> flat;
	boost::dynamic_bitset<> bits(argc * 64);
	std::regex pattern("[a-z]+([0-9]+)");
	std::unordered_map<std::string, std::set<int>> seen;
	for (int i = 0; i < argc; i++) {
		std::smatch m;
		std::string arg = argv[i];
		if (std::regex_search(arg, m, pattern))
			seen[m[1]].insert(i);
		ring.push_back(i);
		flat[i] = arg;
		bits.set(i);
	}
	std::vector<value> values{1, 2.5, std::string("three")};
	std::string joined;
	for (const value &v : values)
		joined += boost::apply_visitor(printer(), v);
	std::cout << describe(records).size() << ' ' << distances(100 + argc).back() << ' '
		  << parse_sum("1, 2, 3").value_or(-1) << ' ' << words(joined).size() << ' '
		  << seen.size() << ' '
		  << bits.count() << std::endl;
	return 0;
}
