/* attach.h - what attach.c needs of the shim's other files. */
#ifndef ALLOCSAMPLE_PRELOAD_ATTACH_H
#define ALLOCSAMPLE_PRELOAD_ATTACH_H

/*
 * The entry points allocsample-record calls in the process, through gdb
 * (src/record/attach.py): rewrite the program's relocation slots to the
 * shim's functions, or write the global definitions back.  Each returns
 * one of the AS_ATTACH_* codes of attach.c.  `by` is the attaching
 * allocsample-record's process id: while it lives, another attach is
 * refused; once it has gone without detaching, another takes over.
 */
int allocsample_attach(int by);
int allocsample_detach(void);

/*
 * dlopen(file, mode) as called from `caller`, an address in the program's
 * code: what glibc's dlopen would return had the program called it
 * itself, for a name whose search depends on who calls (a bare name: the
 * caller's RPATH and RUNPATH come first).  Defined in attach_dlopen.c.
 */
void *as_attach_dlopen_as(const void *caller, const char *file, int mode)
	__attribute__((visibility("hidden")));

#endif
