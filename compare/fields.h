/*
 * fields.h - the columns CSV and JSON share, one table: each group's key
 * named as in the report's JSON, both sides, the ratio and the verdict
 * (doc/compare.md, "CSV and JSON").
 */
#ifndef ALLOCSAMPLE_COMPARE_FIELDS_H
#define ALLOCSAMPLE_COMPARE_FIELDS_H

#include "compare/compare.h"

/* A value's type: how CSV and JSON write it. */
enum asc_field_type {
	ASC_F_STRING,  /* text, or absent (CSV empty, JSON null) */
	ASC_F_INTEGER, /* exact integer; absent when `present` is false */
	ASC_F_NUMBER,  /* double: "%.9g"; +inf is CSV "inf", JSON null */
	ASC_F_BOOL,
};

struct asc_field_value {
	enum asc_field_type type;
	bool present;
	const char *string;
	double number;  /* INTEGER (rounded to an integer) and NUMBER */
	bool boolean;
};

/* The number of columns, their names, and a pair's value in column i. */
size_t asc_field_count(void);
const char *asc_field_name(size_t i);
struct asc_field_value asc_field_get(const struct asc_comparison *cmp, const struct asc_pair *p, size_t i);

#endif
