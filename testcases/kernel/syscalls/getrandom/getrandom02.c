// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrandom(2) needs no file descriptor: in a child whose RLIMIT_NOFILE
 * is 0 (open() of /dev/urandom fails with EMFILE there), getrandom()
 * still returns the 100 bytes asked for, with GRND_NONBLOCK too, and two
 * calls give different bytes.
 * Syscalls: getrandom
 */
#include <stdlib.h>
#include <sys/resource.h>
#include "tst_test.h"

static void child(void)
{
	struct rlimit rl = { 0, 0 };
	unsigned char a[100], b[100];

	if (getrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit()");
	rl.rlim_cur = 0;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, 0)");
	TST_EXP_FAIL(open("/dev/urandom", O_RDONLY), EMFILE,
		     "open(/dev/urandom) with RLIMIT_NOFILE 0");
	TST_EXP_VAL(tst_syscall(__NR_getrandom, a, sizeof(a), 0), 100,
		    "getrandom(100) with RLIMIT_NOFILE 0");
	TST_EXP_VAL(tst_syscall(__NR_getrandom, b, sizeof(b), 0x1), 100,
		    "getrandom(100, GRND_NONBLOCK) with RLIMIT_NOFILE 0");
	TST_EXP_EXPR(memcmp(a, b, sizeof(a)), "the two results differ");
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		child();
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
