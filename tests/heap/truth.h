/* truth.h - how the live-heap programs write what they hold: a line at a time, with write(2). */
#ifndef ALLOCSAMPLE_TESTS_HEAP_TRUTH_H
#define ALLOCSAMPLE_TESTS_HEAP_TRUTH_H

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The file the truth goes to, opened by the program's main. */
static int truth_fd;

/*
 * One line of the truth file, written whole with write(2): stdio's buffer
 * would be a block of the program's own, live at exit.  Aborts when the
 * line does not fit or cannot be written.
 */
static inline void truth(const char *format, ...) __attribute__((format(printf, 1, 2)));
static inline void truth(const char *format, ...)
{
	char line[256];
	va_list args;
	int n;

	va_start(args, format);
	n = vsnprintf(line, sizeof line, format, args);
	va_end(args);
	if (n < 0 || (size_t) n >= sizeof line || write(truth_fd, line, (size_t) n) != n)
		abort();
}

/* Opens the truth file `path` for truth() and writes the line every
 * truth file starts with, "pid PID"; exits 1, saying why, when it cannot
 * be opened. */
static inline void truth_open(const char *path)
{
	truth_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (truth_fd < 0) {
		perror(path);
		exit(1);
	}
	truth("pid %d\n", (int) getpid());
}

#endif
