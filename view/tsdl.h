/*
 * tsdl.h - where the whole declarations of a metadata text end.
 *
 * lttng writes the metadata text in packets of a fixed size, cutting it
 * wherever a packet is full, in the middle of a string if need be: a file
 * that ends inside a packet, or even after one, may end inside a
 * declaration, which babeltrace2 cannot parse.  The text up to its last
 * whole declaration parses.
 */
#ifndef ALLOCSAMPLE_VIEW_TSDL_H
#define ALLOCSAMPLE_VIEW_TSDL_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The length of the longest prefix of the `len` bytes at `text` made of
 * whole top-level declarations: up to the last ';' outside braces,
 * strings, character literals and comments, 0 without one.  *rest_blank
 * says whether what follows holds only blanks and whole comments.
 */
size_t as_view_tsdl_whole(const char *text, size_t len, bool *rest_blank);

#endif
