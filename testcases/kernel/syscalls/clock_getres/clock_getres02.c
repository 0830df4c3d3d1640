// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_getres() errors, through the system call: EINVAL for clock ids
 * the kernel does not have, for the CPU clock of a pid that cannot exist
 * and of a thread of another process, and for a descriptor clock whose
 * descriptor is not a clock device; EFAULT for an unmapped result
 * pointer. An invalid id is EINVAL even with a NULL result pointer.
 */
#include <limits.h>
#include "time_event.h"
#include "task_wait.h"

static void *bad_addr;

static void test_bad_ids(void)
{
	static const clockid_t ids[] = {10, 12, 16, 1000, INT_MAX};
	struct timespec ts;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		TST_EXP_FAIL(syscall(SYS_clock_getres, ids[i], &ts), EINVAL,
			     "clock_getres(%d)", (int)ids[i]);
		TST_EXP_FAIL(syscall(SYS_clock_getres, ids[i], NULL), EINVAL,
			     "clock_getres(%d, NULL)", (int)ids[i]);
	}
}

static void test_bad_cpu_clocks(void)
{
	pid_t unused = unused_pid(), child;
	struct timespec ts;

	TST_EXP_FAIL(syscall(SYS_clock_getres,
			     tev_process_clock(unused, TEV_CPUCLOCK_SCHED),
			     &ts), EINVAL, "clock_getres(CPU clock of pid %d, "
		     "which cannot exist)", (int)unused);

	child = SAFE_FORK();
	if (!child) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	TST_EXP_FAIL(syscall(SYS_clock_getres,
			     tev_thread_clock(child, TEV_CPUCLOCK_SCHED), &ts),
		     EINVAL, "clock_getres(thread CPU clock of a thread of "
		     "another process)");
	TST_CHECKPOINT_WAKE(0);
	reap_child(child);
}

static void test_fd_clock(void)
{
	struct timespec ts;
	int fd;

	fd = SAFE_OPEN("not_a_clock", O_RDWR | O_CREAT, 0600);
	TST_EXP_FAIL(syscall(SYS_clock_getres, tev_fd_clock(fd), &ts),
		     EINVAL, "clock_getres(descriptor clock of a regular "
		     "file)");
	SAFE_CLOSE(fd);
}

static void test_efault(void)
{
	static const clockid_t ids[] = {
		CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_MONOTONIC_COARSE,
		CLOCK_PROCESS_CPUTIME_ID,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ids); i++)
		TST_EXP_FAIL(syscall(SYS_clock_getres, ids[i], bad_addr),
			     EFAULT, "clock_getres(%d, unmapped)",
			     (int)ids[i]);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_bad_ids();
		break;
	case 1:
		test_bad_cpu_clocks();
		break;
	case 2:
		test_fd_clock();
		break;
	case 3:
		test_efault();
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
