/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The runtest file of each tag, by the files the run record names: what
 * --per runtest counts by and what KCIDB's test paths start with.
 */
#ifndef RUNTEST_MAP_H
#define RUNTEST_MAP_H

#include "records.h"
#include "runtest.h"

struct runtest_map {
	struct test_list tests;
	char **names;		/* the file's base name, per test */
};

/*
 * Read the runtest files rr's run record names; dir, when not NULL, is
 * where they are (a guest's run names the guest's paths).
 */
void runtest_map_load(const struct run_records *rr, const char *dir,
		      struct runtest_map *m);

/* The base name of the runtest file listing tag; "-" when none does. */
const char *runtest_map_name(const struct runtest_map *m, const char *tag);

#endif /* RUNTEST_MAP_H */
