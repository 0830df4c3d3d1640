/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a test says about itself. A test built with the C library or the
 * shell library prints its metadata as JSON with "-M" (needs_root,
 * exclusive, needs_device, timeout, tags): the executor reads it to run
 * tests that need the machine to themselves alone under -x N, and to set
 * its backstop timeout above the test's own.
 *
 * Only programs known to be library tests are asked: a C test is a file
 * holding the metadata format string of src/lib/tst_test.c, a shell test
 * a script that sources tst_test.sh. Any other command (a plain program,
 * a shell pipeline) has no metadata; "-M" is never run on it. The answer
 * is cached per program.
 */
#ifndef TEST_META_H
#define TEST_META_H

struct test_meta {
	/* "test" (from -M), "none" (not a library test), "unreadable" */
	const char *source;
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
