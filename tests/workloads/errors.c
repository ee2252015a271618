/* errors.c - return values and errno of the malloc family at its edges; one line per case, to compare with and without the shim. */
#include <errno.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool failed;

static const char *error_name(int error)
{
	const char *name = error ? strerrorname_np(error) : "0";

	return name ? name : "unknown";
}

/* One case: its result on standard output, marked FAIL if `ok` is false. */
static void report(bool ok, const char *what, const char *result)
{
	printf("%s %s: %s\n", ok ? "ok  " : "FAIL", what, result);
	if (!ok)
		failed = true;
}

/* A successful allocation, on standard error: "event TYPE SIZE PTR", so
 * that the test can find its event when every call is sampled. */
static void *note(const char *type, size_t size, void *ptr)
{
	if (ptr && size > 0)
		fprintf(stderr, "event %s %zu %p\n", type, size, ptr);
	return ptr;
}

static bool aligned(const void *p, size_t alignment)
{
	return p && (uintptr_t) p % alignment == 0;
}

static bool all_zero(const unsigned char *p, size_t n)
{
	if (!p)
		return false;
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* A failing request: NULL with errno `expected`. */
static void expect_null(const char *what, void *p, int error, int expected)
{
	char result[64];

	snprintf(result, sizeof(result), "%s errno=%s", p ? "non-NULL" : "NULL", error_name(error));
	report(!p && error == expected, what, result);
	free(p);
}

/* A successful request of n bytes aligned to `alignment`, errno untouched. */
static void expect_block(const char *what, void *p, size_t n, size_t alignment, int error)
{
	char result[96];
	bool ok = aligned(p, alignment) && malloc_usable_size(p) >= n && error == EDOM;

	snprintf(result, sizeof(result), "%s aligned %zu, usable >= %zu: %s, errno=%s",
		 p ? "non-NULL" : "NULL", alignment, n, ok ? "yes" : "no", error_name(error));
	report(ok, what, result);
	if (p)
		memset(p, 0xa5, n);
	free(p);
}

/* Read at run time, so that the compiler neither warns about nor folds the
 * impossible requests. */
static volatile size_t size_max = SIZE_MAX;

static void failing_requests(void)
{
	const size_t max = size_max;
	void *volatile block;
	void *p;
	int ret;
	char result[96];

	errno = 0;
	p = calloc(max / 2 + 1, 2);
	expect_null("calloc(SIZE_MAX/2+1, 2)", p, errno, ENOMEM);
	errno = 0;
	p = calloc(max, max);
	expect_null("calloc(SIZE_MAX, SIZE_MAX)", p, errno, ENOMEM);
	errno = 0;
	p = malloc(max);
	expect_null("malloc(SIZE_MAX)", p, errno, ENOMEM);
	errno = 0;
	p = malloc(max / 2 + 1);
	expect_null("malloc(PTRDIFF_MAX+1)", p, errno, ENOMEM);
	errno = 0;
	p = reallocarray(NULL, max / 2 + 1, 2);
	expect_null("reallocarray(NULL, SIZE_MAX/2+1, 2)", p, errno, ENOMEM);
	errno = 0;
	p = aligned_alloc(64, max - 4096);
	expect_null("aligned_alloc(64, SIZE_MAX-4096)", p, errno, ENOMEM);

	/* A failed resize leaves the block as it was.  Kept in a volatile so
	 * that GCC's use-after-free warning, which assumes success, keeps quiet. */
	block = note("malloc", 64, malloc(64));
	if (!block) {
		report(false, "malloc(64)", "NULL");
		return;
	}
	memset(block, 'x', 64);
	errno = 0;
	p = reallocarray(block, max / 4, 8);
	expect_null("reallocarray(p, SIZE_MAX/4, 8)", p, errno, ENOMEM);
	errno = 0;
	p = realloc(block, max - 4096);
	expect_null("realloc(p, SIZE_MAX-4096)", p, errno, ENOMEM);
	report(((char *) block)[0] == 'x' && ((char *) block)[63] == 'x',
	       "the block survives failed resizes", "intact");
	free(block);

	/* posix_memalign reports through its return value and leaves *out. */
	p = &failed;
	errno = 0;
	ret = posix_memalign(&p, 3, 16);
	snprintf(result, sizeof(result), "returns %s, out %s, errno=%s", error_name(ret),
		 p == &failed ? "unchanged" : "changed", error_name(errno));
	report(ret == EINVAL && p == &failed, "posix_memalign(&p, 3, 16)", result);
	ret = posix_memalign(&p, sizeof(void *) / 2, 16);
	snprintf(result, sizeof(result), "returns %s, out %s", error_name(ret),
		 p == &failed ? "unchanged" : "changed");
	report(ret == EINVAL && p == &failed, "posix_memalign(&p, sizeof(void *)/2, 16)", result);
	ret = posix_memalign(&p, 0, 16);
	snprintf(result, sizeof(result), "returns %s, out %s", error_name(ret),
		 p == &failed ? "unchanged" : "changed");
	report(ret == EINVAL && p == &failed, "posix_memalign(&p, 0, 16)", result);
	ret = posix_memalign(&p, 64, max - 4096);
	snprintf(result, sizeof(result), "returns %s, out %s", error_name(ret),
		 p == &failed ? "unchanged" : "changed");
	report(ret == ENOMEM && p == &failed, "posix_memalign(&p, 64, SIZE_MAX-4096)", result);
}

static void *volatile null_block;

static void zero_sizes(void)
{
	void *p;
	char result[64];

	errno = EDOM;
	p = malloc(0);
	snprintf(result, sizeof(result), "%s, errno=%s", p ? "non-NULL" : "NULL", error_name(errno));
	report(errno == EDOM, "malloc(0)", result);
	free(p);

	p = note("malloc", 32, malloc(32));
	errno = EDOM;
	p = realloc(p, 0);
	snprintf(result, sizeof(result), "%s, errno=%s", p ? "non-NULL" : "NULL", error_name(errno));
	report(errno == EDOM, "realloc(p, 0)", result);
	free(p);

	errno = EDOM;
	free(NULL);
	report(errno == EDOM, "free(NULL)", error_name(errno));

	/* Through a volatile: GCC turns a literal realloc(NULL, n) into malloc(n). */
	errno = EDOM;
	p = note("realloc", 100, realloc(null_block, 100));
	expect_block("realloc(NULL, 100)", p, 100, 1, errno);
}

/* Successful calls leave errno alone (checked by expect_block: EDOM). */
static void successful_requests(void)
{
	static const size_t sizes[] = { 1, 24, 100, 1000, 4096, 100000, 1 << 20 };
	size_t page = (size_t) sysconf(_SC_PAGESIZE);
	char what[64];
	void *p;
	int ret;

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i];

		errno = EDOM;
		p = note("malloc", n, malloc(n));
		snprintf(what, sizeof(what), "malloc(%zu)", n);
		expect_block(what, p, n, 16, errno);

		errno = EDOM;
		p = note("calloc", n, calloc(n, 1));
		snprintf(what, sizeof(what), "calloc(%zu, 1) is zeroed", n);
		report(all_zero(p, n), what, all_zero(p, n) ? "yes" : "no");
		snprintf(what, sizeof(what), "calloc(%zu, 1)", n);
		expect_block(what, p, n, 16, errno);

		errno = EDOM;
		p = note("aligned_alloc", n * 64, aligned_alloc(64, n * 64));
		snprintf(what, sizeof(what), "aligned_alloc(64, %zu)", n * 64);
		expect_block(what, p, n * 64, 64, errno);

		errno = EDOM;
		p = note("memalign", n, memalign(256, n));
		snprintf(what, sizeof(what), "memalign(256, %zu)", n);
		expect_block(what, p, n, 256, errno);

		errno = EDOM;
		ret = posix_memalign(&p, 4096, n);
		note("posix_memalign", n, ret == 0 ? p : NULL);
		snprintf(what, sizeof(what), "posix_memalign(&p, 4096, %zu)", n);
		expect_block(what, ret == 0 ? p : NULL, n, 4096, errno);

		errno = EDOM;
		p = note("valloc", n, valloc(n));
		snprintf(what, sizeof(what), "valloc(%zu)", n);
		expect_block(what, p, n, page, errno);

		errno = EDOM;
		p = note("pvalloc", n, pvalloc(n));
		snprintf(what, sizeof(what), "pvalloc(%zu)", n);
		expect_block(what, p, (n + page - 1) / page * page, page, errno);
	}

	/* realloc and reallocarray keep the contents they had. */
	errno = EDOM;
	p = note("malloc", 10, malloc(10));
	memcpy(p, "allocsamp", 10);
	p = note("realloc", 5000, realloc(p, 5000));
	p = note("reallocarray", 8000, reallocarray(p, 1000, 8));
	report(p && strcmp(p, "allocsamp") == 0 && errno == EDOM, "realloc and reallocarray keep contents",
	       p ? (char *) p : "NULL");
	free(p);
}

/*
 * Usage: errors.  Prints one line per case, "ok" or "FAIL", with what was
 * observed; exits 1 if any case failed.  Standard error lists the
 * successful allocations (they differ between runs).
 */
int main(void)
{
	failing_requests();
	zero_sizes();
	successful_requests();
	return failed ? 1 : 0;
}
