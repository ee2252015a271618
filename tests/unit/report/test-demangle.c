/* test-demangle.c - frame names: without symbol versions; C++ ones demangled, without parameters, qualifiers, clones or return types (plugins/report/symbols/demangle.c). */
#include <check.h>
#include <stdlib.h>

#include <glib.h>

#include "symbols/demangle.h"
#include "tests/lib/check-run.h"

static void expect(const char *name, const char *readable)
{
	char *got = asr_demangle(name);

	ck_assert_msg(g_strcmp0(got, readable) == 0, "%s: got \"%s\", expected \"%s\"", name, got,
		      readable);
	g_free(got);
}

START_TEST(test_names)
{
	/* C and other names pass through. */
	expect("main", "main");
	expect("fill_malloc.constprop.0", "fill_malloc.constprop.0");
	expect("_Znot_mangled", "_Znot_mangled");
	/* Members, templates, operators. */
	expect("_ZNSt6vectorIiSaIiEE9push_backERKi", "std::vector<int, std::allocator<int> >::push_back");
	expect("_ZN3app4PoolIiE4growEm", "app::Pool<int>::grow");
	expect("_Znwm", "operator new");
	expect("_ZdlPvm", "operator delete");
	expect("_ZNK3Foo3getEv", "Foo::get");
	expect("_ZN3FooclEi", "Foo::operator()");
	expect("_ZN3FoocviEv", "Foo::operator int");
	/* A template function's return type goes, with its parameters. */
	expect("_Z3maxIiET_S0_S0_", "max<int>");
	/* Clones keep their function's name. */
	expect("_ZN3app4PoolIiE4growEm.cold", "app::Pool<int>::grow");
	/* Anonymous namespaces and lambdas keep their parentheses. */
	expect("_ZN12_GLOBAL__N_13runEv", "(anonymous namespace)::run");
	expect("_ZZ4mainENKUliE_clEi", "main::{lambda(int)#1}::operator()");
}
END_TEST

START_TEST(test_versions)
{
	/* The default version (@@) and another (@) go, C or C++. */
	expect("__libc_start_main@@GLIBC_2.34", "__libc_start_main");
	expect("memcpy@GLIBC_2.2.5", "memcpy");
	expect("_ZSt9terminatev@@GLIBCXX_3.4", "std::terminate");
	expect("_Znwm@GLIBCXX_3.4", "operator new");
	/* A versioned name that does not demangle keeps its name alone. */
	expect("_Znot_mangled@@V1", "_Znot_mangled");
}
END_TEST

START_TEST(test_without_version)
{
	static const char *const cases[][2] = {
		{ "__libc_start_main@@GLIBC_2.34", "__libc_start_main" },
		{ "pthread_cond_wait@GLIBC_2.3.2", "pthread_cond_wait" },
		{ "main", "main" },
		{ "", "" },
	};
	size_t i;

	for (i = 0; i < G_N_ELEMENTS(cases); i++) {
		char *got = asr_without_version(cases[i][0]);

		ck_assert_str_eq(got, cases[i][1]);
		g_free(got);
	}
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_names, 1 },
		{ test_versions, 1 },
		{ test_without_version, 1 },
		{ NULL, 0 },
	};

	return as_check_main("demangle", "names", tests);
}
