/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a test says about itself (needs_root, exclusive, needs_device,
 * timeout, expected_taint): the executor reads it to run tests that need
 * the machine to themselves alone under -x N, and to set its backstop
 * timeout above the test's own.
 *
 * It comes from the installed catalog, $LTPROOT/metadata/ltp.json, for
 * the programs of $LTPROOT/testcases/bin it lists. Any other program is
 * asked with "-M" (what the library tests answer, and what the catalog
 * was built from): a JSON object is its metadata, anything else means it
 * has none. A command that is no plain word (a shell pipeline) or names
 * no program is never run with "-M". The answer is cached per program.
 */
#ifndef TEST_META_H
#define TEST_META_H

struct test_meta {
	/*
	 * "catalog", "test" (from -M), "none" (no metadata), "unreadable"
	 * (its -M began a JSON object it did not finish: a broken test)
	 */
	const char *source;
	int library;		/* a library test: catalog or test */
	int exclusive;
	int needs_device;
	int needs_root;
	double timeout;		/* seconds before LTP_TIMEOUT_MUL; < 0 none */
	/* taint bits the test sets by design ("expected_taint" letters) */
	unsigned long expected_taint;
};

/*
 * Look up the metadata of the program cmd (a runtest command) starts,
 * found through path (a PATH value). probe_timeout bounds "-M".
 */
void test_meta_get(const char *cmd, const char *path, double probe_timeout,
		   struct test_meta *m);

#endif /* TEST_META_H */
