// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrandom(2) fills a buffer with random bytes:
 * - a blocking call returns the whole 256 bytes asked; two calls differ,
 *   and the bytes are spread (more than 100 distinct values in 256);
 * - once the pool is ready (after that blocking call), GRND_NONBLOCK and
 *   GRND_RANDOM also return the whole request; GRND_INSECURE (Linux 5.6)
 *   too;
 * - 1 MiB comes back whole and holds every byte value;
 * - count 0 returns 0;
 * - an unknown flag bit, and GRND_INSECURE with GRND_RANDOM, are EINVAL;
 *   a buffer in unmapped memory is EFAULT.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include "tst_test.h"
#include "proc_ids.h"
#include "lapi/random.h"

#define BIG (1024 * 1024)

static long sys_getrandom(void *buf, size_t len, unsigned int flags)
{
	return tst_syscall(__NR_getrandom, buf, len, flags);
}

static int distinct(const unsigned char *buf, size_t len)
{
	int seen[256] = { 0 }, n = 0;
	size_t i;

	for (i = 0; i < len; i++)
		if (!seen[buf[i]]++)
			n++;
	return n;
}

static void run(void)
{
	static unsigned char a[256], b[256], *big;
	int n;

	TST_EXP_VAL(sys_getrandom(a, sizeof(a), 0), 256, "getrandom(256, 0)");
	TST_EXP_VAL(sys_getrandom(b, sizeof(b), 0), 256, "getrandom(256, 0)");
	TST_EXP_EXPR(memcmp(a, b, sizeof(a)), "two calls returned different "
		     "bytes");
	n = distinct(a, sizeof(a));
	TST_EXP_EXPR(n > 100, "%d distinct byte values in 256", n);

	TST_EXP_VAL(sys_getrandom(a, sizeof(a), GRND_NONBLOCK), 256,
		    "getrandom(256, GRND_NONBLOCK)");
	TST_EXP_VAL(sys_getrandom(a, sizeof(a), GRND_RANDOM), 256,
		    "getrandom(256, GRND_RANDOM)");
	if (tst_kvercmp(5, 6, 0) < 0)
		tst_res(TCONF, "GRND_INSECURE is Linux 5.6+");
	else
		TST_EXP_VAL(sys_getrandom(a, sizeof(a), GRND_INSECURE), 256,
			    "getrandom(256, GRND_INSECURE)");

	big = SAFE_MALLOC(BIG);
	TST_EXP_VAL(sys_getrandom(big, BIG, 0), BIG, "getrandom(1 MiB, 0)");
	n = distinct(big, BIG);
	TST_EXP_EXPR(n == 256, "1 MiB holds %d of the 256 byte values", n);
	free(big);

	TST_EXP_VAL(sys_getrandom(a, 0, 0), 0, "getrandom(count 0)");
	TST_EXP_FAIL(sys_getrandom(a, sizeof(a), 0x8), EINVAL,
		     "getrandom(flags 0x8)");
	TST_EXP_FAIL(sys_getrandom(a, sizeof(a), -1), EINVAL,
		     "getrandom(flags -1)");
	if (tst_kvercmp(5, 6, 0) >= 0)
		TST_EXP_FAIL(sys_getrandom(a, sizeof(a),
					   GRND_INSECURE | GRND_RANDOM), EINVAL,
			     "getrandom(GRND_INSECURE | GRND_RANDOM)");
	TST_EXP_FAIL(sys_getrandom(unmapped_addr(), 16, 0), EFAULT,
		     "getrandom(unmapped buffer)");
}

static struct tst_test test = {
	.test_all = run,
};
