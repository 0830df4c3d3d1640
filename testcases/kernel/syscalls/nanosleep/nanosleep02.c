// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nanosleep() errors: EINVAL for tv_nsec of 1e9 or more, for a negative
 * tv_nsec and for a negative tv_sec, without sleeping; EFAULT for an
 * unmapped or NULL request, and for an unmapped rem when the sleep is
 * interrupted by a handler (the time left cannot be stored).
 */
#include <limits.h>
#include "time_event.h"
#include "task_wait.h"

static void *bad_addr;

static void test_einval(void)
{
	static const struct timespec bad[] = {
		{0, NSEC_PER_SEC}, {1, LONG_MAX}, {0, -1}, {-1, 0},
		{-1, NSEC_PER_SEC - 1},
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(syscall(SYS_nanosleep, &bad[i], NULL), EINVAL,
			     "nanosleep({%lld, %ld})", (long long)bad[i].tv_sec,
			     bad[i].tv_nsec);
}

static void handler(int sig)
{
	(void)sig;
}

static void test_efault(void)
{
	struct timespec req = {10, 0};
	pid_t pid;

	TST_EXP_FAIL(syscall(SYS_nanosleep, bad_addr, NULL), EFAULT,
		     "nanosleep(unmapped request)");
	TST_EXP_FAIL(syscall(SYS_nanosleep, NULL, NULL), EFAULT,
		     "nanosleep(NULL request)");

	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, 0);
		TST_EXP_FAIL(syscall(SYS_nanosleep, &req, bad_addr), EFAULT,
			     "interrupted nanosleep() with an unmapped rem");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_nanosleep);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_einval();
	else
		test_efault();
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
