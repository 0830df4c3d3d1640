/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Checking macros. TEST() stores the return value in TST_RET and errno in
 * TST_ERR; the TST_EXP_* macros check them and report TPASS or TFAIL with
 * the call's text, so a test states what the kernel must do in one line.
 * TST_PASS is 1 after a TST_EXP_* macro passed, 0 after it failed.
 */
#ifndef TST_TEST_MACROS_H
#define TST_TEST_MACROS_H

#include <errno.h>
#include <string.h>

extern long TST_RET;
extern int TST_ERR;
extern int TST_PASS;

#define TEST(SCALL) do { \
	errno = 0; \
	TST_RET = (long)(SCALL); \
	TST_ERR = errno; \
} while (0)

/* Build the message: the caller's fmt if given, else the call text. */
void tst_exp_msg_(char *buf, size_t size, const char *scall,
		  const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * The caller's message is optional: "" glued to it gives the call text when
 * it is absent, and keeps printf format checking when it is present.
 */
#pragma GCC diagnostic ignored "-Wformat-zero-length"
#define TST_MSG_(buf, scall, ...) \
	tst_exp_msg_(buf, sizeof(buf), scall, "" __VA_ARGS__)

/* Expect SCALL to return 0. */
#define TST_EXP_PASS(SCALL, ...) do { \
	char tst_msg_[512]; \
	TST_MSG_(tst_msg_, #SCALL, ##__VA_ARGS__); \
	TEST(SCALL); \
	TST_PASS = 0; \
	if (TST_RET == 0) { \
		tst_res(TPASS, "%s passed", tst_msg_); \
		TST_PASS = 1; \
	} else if (TST_RET == -1) { \
		tst_res(TFAIL | TTERRNO, "%s failed", tst_msg_); \
	} else { \
		tst_res(TFAIL, "%s returned invalid value %ld", \
			tst_msg_, TST_RET); \
	} \
} while (0)

/* Expect SCALL to return a value >= 0 (an fd, a count); kept in TST_RET. */
#define TST_EXP_POSITIVE(SCALL, ...) do { \
	char tst_msg_[512]; \
	TST_MSG_(tst_msg_, #SCALL, ##__VA_ARGS__); \
	TEST(SCALL); \
	TST_PASS = 0; \
	if (TST_RET >= 0) { \
		tst_res(TPASS, "%s returned %ld", tst_msg_, TST_RET); \
		TST_PASS = 1; \
	} else if (TST_RET == -1) { \
		tst_res(TFAIL | TTERRNO, "%s failed", tst_msg_); \
	} else { \
		tst_res(TFAIL, "%s returned invalid value %ld", \
			tst_msg_, TST_RET); \
	} \
} while (0)

#define TST_EXP_FD(SCALL, ...) TST_EXP_POSITIVE(SCALL, ##__VA_ARGS__)

/* Expect SCALL to return exactly VAL. */
#define TST_EXP_VAL(SCALL, VAL, ...) do { \
	char tst_msg_[512]; \
	long tst_val_ = (long)(VAL); \
	TST_MSG_(tst_msg_, #SCALL, ##__VA_ARGS__); \
	TEST(SCALL); \
	TST_PASS = 0; \
	if (TST_RET == tst_val_) { \
		tst_res(TPASS, "%s returned %ld", tst_msg_, tst_val_); \
		TST_PASS = 1; \
	} else if (TST_RET == -1) { \
		tst_res(TFAIL | TTERRNO, "%s failed, expected %ld", \
			tst_msg_, tst_val_); \
	} else { \
		tst_res(TFAIL, "%s returned %ld, expected %ld", \
			tst_msg_, TST_RET, tst_val_); \
	} \
} while (0)

/* Expect SCALL to return -1 with errno ERRNO. */
#define TST_EXP_FAIL(SCALL, ERRNO, ...) do { \
	char tst_msg_[512]; \
	int tst_exp_err_ = (ERRNO); \
	TST_MSG_(tst_msg_, #SCALL, ##__VA_ARGS__); \
	TEST(SCALL); \
	TST_PASS = 0; \
	if (TST_RET != -1) { \
		tst_res(TFAIL, "%s succeeded (returned %ld), expected %s", \
			tst_msg_, TST_RET, tst_strerrno(tst_exp_err_)); \
	} else if (TST_ERR != tst_exp_err_) { \
		tst_res(TFAIL | TTERRNO, "%s failed with unexpected errno, " \
			"expected %s", tst_msg_, tst_strerrno(tst_exp_err_)); \
	} else { \
		tst_res(TPASS | TTERRNO, "%s failed as expected", tst_msg_); \
		TST_PASS = 1; \
	} \
} while (0)

/* Compare two integer expressions. */
#define TST_EXP_EQ_LI(A, B) do { \
	long long tst_a_ = (long long)(A), tst_b_ = (long long)(B); \
	TST_PASS = tst_a_ == tst_b_; \
	tst_res(TST_PASS ? TPASS : TFAIL, "%s (%lld) %s %s (%lld)", \
		#A, tst_a_, TST_PASS ? "==" : "!=", #B, tst_b_); \
} while (0)

#define TST_EXP_EQ_LU(A, B) do { \
	unsigned long long tst_a_ = (unsigned long long)(A); \
	unsigned long long tst_b_ = (unsigned long long)(B); \
	TST_PASS = tst_a_ == tst_b_; \
	tst_res(TST_PASS ? TPASS : TFAIL, "%s (%llu) %s %s (%llu)", \
		#A, tst_a_, TST_PASS ? "==" : "!=", #B, tst_b_); \
} while (0)

/* Expect a condition to hold. */
#define TST_EXP_EXPR(EXPR, ...) do { \
	char tst_msg_[512]; \
	TST_MSG_(tst_msg_, #EXPR, ##__VA_ARGS__); \
	TST_PASS = !!(EXPR); \
	tst_res(TST_PASS ? TPASS : TFAIL, "%s", tst_msg_); \
} while (0)

#endif /* TST_TEST_MACROS_H */
