/*
 * demangle.c - symbol versions dropped, C++ names demangled and stripped of
 * their parameters (see demangle.h).  __cxa_demangle is the C++ runtime's (libstdc++), the one
 * demangler every toolchain on the system agrees with; the plugin links it.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "symbols/demangle.h"

/* From the C++ ABI (cxxabi.h), which C cannot include. */
char *__cxa_demangle(const char *mangled, char *buffer, size_t *length, int *status);

static bool ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

/* Length of `s` (of length n) without the trailing qualifiers of a member
 * function and the " [clone ...]" suffixes of compiler clones. */
static size_t without_suffixes(const char *s, size_t n)
{
	static const char *const qualifiers[] = { " const", " volatile", " &&", " &", " noexcept" };
	bool changed = true;
	size_t i;

	while (changed && n > 0) {
		changed = false;
		if (s[n - 1] == ']') {
			const char *clone = g_strrstr_len(s, (gssize) n, " [clone ");

			if (clone) {
				n = (size_t) (clone - s);
				changed = true;
				continue;
			}
		}
		for (i = 0; i < G_N_ELEMENTS(qualifiers); i++) {
			if (ends_with(s, n, qualifiers[i])) {
				n -= strlen(qualifiers[i]);
				changed = true;
			}
		}
	}
	return n;
}

/* Where the parameter list that closes `s` (length n, ending in ')')
 * opens: the matching '('. */
static size_t parameters_start(const char *s, size_t n)
{
	size_t i = n;
	int depth = 0;

	while (i > 0) {
		i--;
		if (s[i] == ')')
			depth++;
		else if (s[i] == '(' && --depth == 0)
			return i;
	}
	return n;
}

/* Whether the space at `i` follows the keyword "operator" ("operator new",
 * "operator int"): part of the name, not after a return type. */
static bool after_operator(const char *s, size_t i)
{
	return i >= 8 && memcmp(s + i - 8, "operator", 8) == 0 &&
	       (i == 8 || s[i - 9] == ':' || s[i - 9] == ' ');
}

/* Where the name starts in `s` (length n): after a template function's
 * return type, the last space outside brackets and parentheses. */
static size_t name_start(const char *s, size_t n)
{
	size_t i, start = 0;
	int depth = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '<' || s[i] == '(' || s[i] == '[' || s[i] == '{')
			depth++;
		else if ((s[i] == '>' || s[i] == ')' || s[i] == ']' || s[i] == '}') && depth > 0)
			depth--;
		else if (s[i] == ' ' && depth == 0 && !after_operator(s, i))
			start = i + 1;
	}
	return start;
}

char *asr_strip_parameters(const char *demangled)
{
	size_t n = without_suffixes(demangled, strlen(demangled)), start;

	if (n > 0 && demangled[n - 1] == ')')
		n = parameters_start(demangled, n);
	start = name_start(demangled, n);
	if (start >= n)
		start = 0;
	return g_strndup(demangled + start, n - start);
}

char *asr_without_version(const char *symbol)
{
	return g_strndup(symbol, strcspn(symbol, "@"));
}

char *asr_demangle(const char *name)
{
	char *symbol = asr_without_version(name), *demangled, *stripped;
	int status = -1;

	/* A versioned C++ symbol does not demangle with its version. */
	if (strncmp(symbol, "_Z", 2) != 0)
		return symbol;
	demangled = __cxa_demangle(symbol, NULL, NULL, &status);
	if (status != 0 || !demangled) {
		free(demangled);
		return symbol;
	}
	stripped = asr_strip_parameters(demangled);
	free(demangled);
	g_free(symbol);
	return stripped;
}
