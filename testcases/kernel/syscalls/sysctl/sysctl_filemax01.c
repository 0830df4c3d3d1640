// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writes to /proc/sys/fs/file-max, an unsigned long bounded to
 * [0, LONG_MAX] (proc_doulongvec_minmax), each a single write(2) of the
 * decimal text, the value read back after each:
 * - 2^64 (one above the largest unsigned long) fails with EINVAL and the
 *   value stays: the parser used to wrap around to 0 (fixed by
 *   7f2923c4f73f "sysctl: handle overflow in proc_get_long");
 * - 2^64 - 1 and 2^63 (above LONG_MAX) fail with EINVAL and the value
 *   stays: file-max had no bounds, and a huge value read back negative
 *   through the int counters (fixed by 32a5ad9c2285 "sysctl: handle
 *   overflow for file-max");
 * - LONG_MAX (2^63 - 1) is taken and reads back;
 * - 0 is taken and reads back 0: the lower bound was an int zero read as
 *   an unsigned long, 8 bytes of which only 4 were the zero (KASAN:
 *   global-out-of-bounds; without KASAN the bound took the next int's
 *   bits and 0 was refused), fixed by 9002b21465fa ("kernel/sysctl.c:
 *   fix out-of-bounds access when setting file-max");
 * - "-1" and "12abc" fail with EINVAL, the value stays.
 * The original value is put back after each case (and by the library's
 * save_restore, which also keeps the test from running beside others:
 * with file-max 0 no other unprivileged process could open a file).
 */
#include <errno.h>
#include <stdio.h>
#include "tst_test.h"

#define FILE_MAX "/proc/sys/fs/file-max"

static char orig[64];

static const struct tcase {
	const char *val;
	int err;		/* expected errno, 0: taken */
	const char *what;
} tcases[] = {
	{"18446744073709551616", EINVAL, "2^64"},
	{"18446744073709551615", EINVAL, "2^64 - 1"},
	{"9223372036854775808", EINVAL, "2^63"},
	{"9223372036854775807", 0, "LONG_MAX"},
	{"0", 0, "0"},
	{"-1", EINVAL, "-1"},
	{"12abc", EINVAL, "trailing garbage"},
};

static void read_val(char *buf, size_t len)
{
	SAFE_FILE_SCANF(FILE_MAX, "%63s", buf);
	(void)len;
}

static int write_val(const char *val)
{
	int fd = SAFE_OPEN(FILE_MAX, O_WRONLY);
	ssize_t ret = write(fd, val, strlen(val));
	int err = errno;

	SAFE_CLOSE(fd);
	if (ret == (ssize_t)strlen(val))
		return 0;
	if (ret >= 0)
		tst_brk(TBROK, "short write of \"%s\" to " FILE_MAX ": %zd",
			val, ret);
	return err;
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	char now[64];
	int err;

	err = write_val(tc->val);
	read_val(now, sizeof(now));
	if (tc->err) {
		TST_EXP_EXPR(err == tc->err && !strcmp(now, orig),
			     "file-max = %s (%s): %s (%s), reads %s (was %s)",
			     tc->val, tc->what, tst_strerrno(tc->err),
			     err ? tst_strerrno(err) : "taken", now, orig);
	} else {
		TST_EXP_EXPR(!err && !strcmp(now, tc->val),
			     "file-max = %s (%s) taken (%s), reads %s",
			     tc->val, tc->what,
			     err ? tst_strerrno(err) : "ok", now);
	}
	if (write_val(orig))
		tst_brk(TBROK, "cannot put file-max back to %s", orig);
}

static void setup(void)
{
	read_val(orig, sizeof(orig));
	tst_res(TINFO, "file-max is %s", orig);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.save_restore = (const struct tst_path_val[]) {
		{FILE_MAX, NULL, 0},
		{NULL, NULL, 0}
	},
	.tags = (const struct tst_tag[]) {
		/* sysctl: handle overflow in proc_get_long */
		{"linux-git", "7f2923c4f73f"},
		/* sysctl: handle overflow for file-max */
		{"linux-git", "32a5ad9c2285"},
		/* kernel/sysctl.c: fix out-of-bounds access when setting
		 * file-max */
		{"linux-git", "9002b21465fa"},
		{}
	},
};
