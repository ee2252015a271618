/* demangle.h - function names as people read them: without a symbol version, C++ names demangled and without their parameters. */
#ifndef ALLOCSAMPLE_REPORT_SYMBOLS_DEMANGLE_H
#define ALLOCSAMPLE_REPORT_SYMBOLS_DEMANGLE_H

/*
 * A symbol without its version: the ELF symbol tables of versioned
 * libraries name a symbol "NAME@VERSION", or "NAME@@VERSION" for the
 * default one ("__libc_start_main@@GLIBC_2.34"), where the function is
 * NAME; no C or C++ name holds an '@'.  A name without one is returned as
 * it is.  To g_free.
 */
char *asr_without_version(const char *symbol);

/*
 * The name of a function for a frame: without its symbol version
 * (asr_without_version()), then a mangled C++ name ("_Z...") demangled
 * with the C++ runtime's __cxa_demangle, then without its
 * parameter list, its cv- and ref-qualifiers, its "[clone .cold]" suffixes
 * and a template function's return type:
 * "_ZNSt6vectorIiSaIiEE9push_backERKi" gives
 * "std::vector<int, std::allocator<int> >::push_back".  Any other name, or
 * one that does not demangle, is returned as it is.  To g_free.
 */
char *asr_demangle(const char *name);

/* The same for a demangled name. */
char *asr_strip_parameters(const char *demangled);

#endif
