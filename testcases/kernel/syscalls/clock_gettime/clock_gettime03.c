// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_gettime() errors, through the system call (the vDSO would not
 * return EFAULT but crash): EINVAL for clock ids the kernel does not have
 * (the unused id 10, ids from MAX_CLOCKS on), for the CPU clock of a pid
 * that cannot exist, for the thread CPU clock of a thread of another
 * process, for a CPU clock of an invalid kind, and for a dynamic
 * (descriptor) clock whose descriptor is closed or is not a clock device;
 * EFAULT for an unmapped or NULL result pointer.
 */
#include <limits.h>
#include "time_event.h"
#include "task_wait.h"

static void *bad_addr;

static void test_bad_ids(void)
{
	static const clockid_t ids[] = {10, 12, 15, 16, 100, INT_MAX};
	struct timespec ts;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ids); i++)
		TST_EXP_FAIL(syscall(SYS_clock_gettime, ids[i], &ts), EINVAL,
			     "clock_gettime(%d)", (int)ids[i]);
}

static void test_bad_cpu_clocks(void)
{
	pid_t unused = unused_pid(), child;
	struct timespec ts;

	TST_EXP_FAIL(syscall(SYS_clock_gettime,
			     tev_process_clock(unused, TEV_CPUCLOCK_SCHED),
			     &ts), EINVAL, "clock_gettime(CPU clock of pid "
		     "%d, which cannot exist)", (int)unused);
	TST_EXP_FAIL(syscall(SYS_clock_gettime,
			     tev_thread_clock(unused, TEV_CPUCLOCK_SCHED),
			     &ts), EINVAL, "clock_gettime(thread CPU clock of "
		     "tid %d)", (int)unused);
	/* kind 3 of a thread clock is none of PROF, VIRT, SCHED */
	TST_EXP_FAIL(syscall(SYS_clock_gettime, tev_thread_clock(0, 3), &ts),
		     EINVAL, "clock_gettime(thread CPU clock of kind 3)");

	child = SAFE_FORK();
	if (!child) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	TST_EXP_FAIL(syscall(SYS_clock_gettime,
			     tev_thread_clock(child, TEV_CPUCLOCK_SCHED), &ts),
		     EINVAL, "clock_gettime(thread CPU clock of a thread of "
		     "another process)");
	TST_EXP_PASS(syscall(SYS_clock_gettime,
			     tev_process_clock(child, TEV_CPUCLOCK_SCHED), &ts),
		     "clock_gettime(process CPU clock of that process)");
	TST_CHECKPOINT_WAKE(0);
	reap_child(child);
}

static void test_fd_clocks(void)
{
	struct timespec ts;
	int fd, closed_fd;

	fd = SAFE_OPEN("not_a_clock", O_RDWR | O_CREAT, 0600);
	TST_EXP_FAIL(syscall(SYS_clock_gettime, tev_fd_clock(fd), &ts),
		     EINVAL, "clock_gettime(descriptor clock of a regular "
		     "file)");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("not_a_clock", O_RDONLY);
	closed_fd = fd;
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(syscall(SYS_clock_gettime, tev_fd_clock(closed_fd), &ts),
		     EINVAL, "clock_gettime(descriptor clock of a closed "
		     "descriptor)");
}

static void test_efault(void)
{
	static const clockid_t ids[] = {
		CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME,
		CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID,
		CLOCK_MONOTONIC_COARSE,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		TST_EXP_FAIL(syscall(SYS_clock_gettime, ids[i], bad_addr),
			     EFAULT, "clock_gettime(%d, unmapped)",
			     (int)ids[i]);
		TST_EXP_FAIL(syscall(SYS_clock_gettime, ids[i], NULL),
			     EFAULT, "clock_gettime(%d, NULL)", (int)ids[i]);
	}
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
		test_fd_clocks();
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
