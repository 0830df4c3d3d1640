// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The raw sched_getaffinity(2) system call (the C library wrapper hides
 * its return value):
 * - returns the number of bytes it wrote: a multiple of sizeof(long), no
 *   more than the buffer, enough for all possible CPUs; bytes after that
 *   are left alone;
 * - the mask is Cpus_allowed_list of /proc/PID/status (for the caller and
 *   for a child pinned to one CPU);
 * - a length shorter than the possible CPUs (0) is EINVAL, a length not
 *   a multiple of sizeof(long) is EINVAL, a reaped pid is ESRCH, an
 *   unmapped buffer EFAULT.
 */
#include <stdint.h>
#include <sys/wait.h>
#include "affinity.h"
#include "proc_ids.h"

#define BUF_LONGS 1024

static long sys_getaffinity(pid_t pid, unsigned int len, void *buf)
{
	return tst_syscall(__NR_sched_getaffinity, pid, len, buf);
}

static void check_mask(pid_t pid)
{
	static unsigned long buf[BUF_LONGS];
	long possible = sysconf(_SC_NPROCESSORS_CONF);
	long need = (possible + 63) / 64 * 8;
	cpu_set_t procset, got;
	unsigned int i;
	long ret;

	memset(buf, 0xa5, sizeof(buf));
	TST_EXP_POSITIVE(sys_getaffinity(pid, sizeof(buf), buf),
			 "sched_getaffinity(%d, %zu bytes)", (int)pid,
			 sizeof(buf));
	ret = TST_RET;
	if (ret < 0)
		return;
	TST_EXP_EXPR(ret % sizeof(long) == 0 && ret <= (long)sizeof(buf) &&
		     ret >= need, "returned %ld bytes: multiple of %zu, at "
		     "least %ld for %ld possible CPUs", ret, sizeof(long), need,
		     possible);
	TST_EXP_EXPR(ret == sizeof(buf) || buf[ret / sizeof(long)] ==
		     (unsigned long)0xa5a5a5a5a5a5a5a5ULL,
		     "the bytes after the %ld written are left alone", ret);

	CPU_ZERO(&got);
	for (i = 0; i < ret * 8 && i < CPU_SETSIZE; i++)
		if (buf[i / (8 * sizeof(long))] &
		    (1UL << (i % (8 * sizeof(long)))))
			CPU_SET(i, &got);
	proc_cpus_allowed(pid, &procset);
	TST_EXP_EXPR(CPU_EQUAL(&got, &procset), "pid %d: the mask (%d CPUs) "
		     "is Cpus_allowed_list (%d CPUs)", (int)pid, CPU_COUNT(&got),
		     CPU_COUNT(&procset));
}

static void run(void)
{
	unsigned long buf[BUF_LONGS];
	cpu_set_t one;
	pid_t pid;
	int cpu;

	check_mask(0);
	check_mask(getpid());

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	cpu = sched_getcpu();
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(pid, sizeof(one), &one))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(child, {%d})", cpu);
	check_mask(pid);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);

	TST_EXP_FAIL(sys_getaffinity(0, 0, buf), EINVAL,
		     "sched_getaffinity(0, 0 bytes)");
	TST_EXP_FAIL(sys_getaffinity(0, sizeof(buf) - 1, buf), EINVAL,
		     "sched_getaffinity(0, %zu bytes)", sizeof(buf) - 1);
	TST_EXP_FAIL(sys_getaffinity(pid, sizeof(buf), buf), ESRCH,
		     "sched_getaffinity(reaped pid %d)", (int)pid);
	TST_EXP_FAIL(sys_getaffinity(0, sizeof(buf), unmapped_addr()), EFAULT,
		     "sched_getaffinity(0, unmapped)");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
