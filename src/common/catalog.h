/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The installed test catalog, metadata/ltp.json (built by src/catalog,
 * layout in doc/test-api.md): what each test says about itself, read once
 * so that no test has to be run or searched to learn it.
 *
 * A flag is set when the catalog has it as "1" (its own layout, that of
 * LTP's metadata file) or true; absent means not set.
 */
#ifndef CATALOG_H
#define CATALOG_H

#include <stddef.h>

struct catalog_test {
	char *name;		/* the runtest tag of a plain run: df01, read01 */
	char *fname;		/* its source, relative to the source tree */
	char *program;		/* the installed program: read01, df01.sh */
	char **syscalls;
	size_t syscalls_n;
	int exclusive;
	int needs_root;
	int needs_device;
	double timeout;		/* seconds; < 0 none of its own; 0 not given */
	char *expected_taint;	/* letters, "" when none */
};

struct catalog {
	struct catalog_test *tests;	/* sorted by program */
	size_t n;
};

/*
 * Read the catalog at path. Returns 0, or -1 after saying on stderr why
 * (missing file, not JSON, not the catalog's layout).
 */
int catalog_load(const char *path, struct catalog *cat);

/* The test whose installed program is named program (a base name). */
const struct catalog_test *catalog_find_program(const struct catalog *cat,
						const char *program);

void catalog_free(struct catalog *cat);

#endif /* CATALOG_H */
