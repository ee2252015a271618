/*
 * test-labels.c - how both analysis tools name code (common/labels.h,
 * common/runtime.h): a frame or a site by its function, else its binary's
 * file name and place, else "[unknown]" (never "?"); a stack outermost
 * first; the runtimes' objects by file name, whatever their version, and
 * the C++ runtime's functions compiled into a program by their names; a
 * size class in one style for every format (common/units.h).
 */
#include <check.h>
#include <glib.h>
#include <stdlib.h>

#include "common/labels.h"
#include "common/runtime.h"
#include "common/units.h"
#include "tests/lib/check-run.h"

/* Checks `label` against `expected`, then frees it. */
static void check_label(char *label, const char *expected)
{
	ck_assert_str_eq(label, expected);
	g_free(label);
}

START_TEST(test_code_label)
{
	check_label(as_code_label("fill", "/usr/lib/libx.so", "+0x10"), "fill");
	check_label(as_code_label(NULL, "/usr/lib/libx.so", "+0x10"), "libx.so+0x10");
	check_label(as_code_label(NULL, "prog", "@0x401000"), "prog@0x401000");
	check_label(as_code_label(NULL, "/usr/lib/libx.so", NULL), AS_LABEL_UNKNOWN);
	check_label(as_code_label(NULL, NULL, "+0x10"), AS_LABEL_UNKNOWN);
	check_label(as_code_label(NULL, NULL, NULL), "[unknown]");
}
END_TEST

START_TEST(test_site_label)
{
	check_label(as_site_label("fill", "/b/prog", "+0x10", "/src/sites.c", 21), "fill sites.c:21");
	check_label(as_site_label(NULL, "/b/prog", "+0x10", NULL, 0), "prog+0x10");
	check_label(as_site_label(NULL, NULL, NULL, NULL, 0), "[unknown]");
}
END_TEST

START_TEST(test_stack_label)
{
	const char *frames[] = { "leaf", "caller", "main" };

	check_label(as_stack_label(frames, 3, false), "main;caller;leaf");
	check_label(as_stack_label(frames, 2, true), "[truncated];caller;leaf");
	check_label(as_stack_label(frames, 0, false), "[no stack]");
}
END_TEST

START_TEST(test_base_name)
{
	ck_assert_str_eq(as_base_name("/usr/lib/libc.so.6"), "libc.so.6");
	ck_assert_str_eq(as_base_name("prog"), "prog");
	ck_assert_ptr_null(as_base_name(NULL));
}
END_TEST

START_TEST(test_runtime)
{
	ck_assert(as_runtime_object("/lib/x86_64-linux-gnu/libc.so.6"));
	ck_assert(as_runtime_object("/lib/libc-2.31.so"));
	ck_assert(as_runtime_object("/usr/lib/libstdc++.so.6.0.30"));
	ck_assert(as_runtime_object("/lib64/ld-linux-x86-64.so.2"));
	ck_assert(as_runtime_object("liballocsample-preload.so"));
	ck_assert(as_runtime_object("/usr/lib/libjemalloc.so.2"));
	ck_assert(!as_runtime_object("/usr/lib/libcrypto.so.3"));
	ck_assert(!as_runtime_object("/build/tests/prog"));
}
END_TEST

/* The C++ runtime's functions compiled into a program, by their names;
 * the program's own, even in a template or an operator of its own, are
 * not. */
START_TEST(test_runtime_function)
{
	ck_assert(as_runtime_function("std::__new_allocator<long>::allocate"));
	ck_assert(as_runtime_function("std::vector<long, std::allocator<long> >::_M_realloc_insert<long const&>"));
	ck_assert(as_runtime_function("std::__1::allocator<int>::allocate"));
	ck_assert(as_runtime_function("__gnu_cxx::new_allocator<char>::allocate"));
	ck_assert(as_runtime_function("operator new"));
	ck_assert(as_runtime_function("operator new[]"));
	ck_assert(as_runtime_function("allocsample::type_tag"));
	ck_assert(!as_runtime_function("vector_path"));
	ck_assert(!as_runtime_function("PoolAllocator<long, 2>::allocate"));
	ck_assert(!as_runtime_function("Pool::operator new"));
	ck_assert(!as_runtime_function("mystd::copy"));
	ck_assert(!as_runtime_function(NULL));
}
END_TEST

/* Each end in its own unit, the unit once when they share it: the text's
 * table, the JSON's label and the page's bars all say this. */
START_TEST(test_size_class_label)
{
	check_label(as_size_class_label(1, 1), "1 B");
	check_label(as_size_class_label(16, 31), "16–32 B");
	check_label(as_size_class_label(256, 511), "256–512 B");
	check_label(as_size_class_label(512, 1023), "512 B–1 KiB");
	check_label(as_size_class_label(1024, 2047), "1–2 KiB");
	check_label(as_size_class_label(UINT64_C(524288), UINT64_C(1048575)), "512 KiB–1 MiB");
	check_label(as_size_class_label(UINT64_C(1) << 62, UINT64_MAX >> 1), "4–8 EiB");
	check_label(as_size_class_label(UINT64_C(1) << 63, UINT64_MAX), "8–16 EiB");
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_code_label, 1 },
		{ test_site_label, 1 },
		{ test_stack_label, 1 },
		{ test_base_name, 1 },
		{ test_runtime, 1 },
		{ test_runtime_function, 1 },
		{ test_size_class_label, 1 },
		{ NULL, 0 },
	};

	return as_check_main("labels", "labels", tests);
}
