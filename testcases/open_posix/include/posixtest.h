/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Exit codes of the Open POSIX Test Suite convention, used by the tests
 * under testcases/open_posix/. These tests are standalone programs that do
 * not use the test library; run-posix-test.sh maps their exit codes to the
 * suite's result classes (PTS_PASS -> TPASS, PTS_FAIL -> TFAIL,
 * PTS_UNRESOLVED -> TBROK, PTS_UNSUPPORTED and PTS_UNTESTED -> TCONF).
 */
#ifndef POSIXTEST_H
#define POSIXTEST_H

#include <stdio.h>
#include <stdlib.h>

#define PTS_PASS	0	/* the implementation did what POSIX says */
#define PTS_FAIL	1	/* it did not */
#define PTS_UNRESOLVED	2	/* the test could not decide (set-up failed) */
#define PTS_UNSUPPORTED	4	/* an optional feature is not there */
#define PTS_UNTESTED	5	/* the assertion is not tested here */

/* Print "name: message" and exit with a PTS code. */
#define PTS_EXIT(code, ...) do { \
	printf(__VA_ARGS__); \
	printf("\n"); \
	fflush(stdout); \
	exit(code); \
} while (0)

#define PTS_PASSED(...) PTS_EXIT(PTS_PASS, "Test PASSED: " __VA_ARGS__)
#define PTS_FAILED(...) PTS_EXIT(PTS_FAIL, "Test FAILED: " __VA_ARGS__)
#define PTS_UNRES(...) PTS_EXIT(PTS_UNRESOLVED, "Test UNRESOLVED: " __VA_ARGS__)
#define PTS_UNSUPP(...) PTS_EXIT(PTS_UNSUPPORTED, "Test UNSUPPORTED: " __VA_ARGS__)

#endif /* POSIXTEST_H */
