// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrusage(2) accounts what a task did:
 * - RUSAGE_SELF: CPU time (user + system) grows while the task computes;
 *   minor faults grow by at least one per fresh page touched; voluntary
 *   context switches grow when it blocks (in read() of an empty pipe);
 * - RUSAGE_THREAD: the calling thread's minor faults grow the same way;
 * - RUSAGE_CHILDREN: nothing of a child counts until it is waited for;
 *   then its CPU time (at least what it measured itself) and its peak
 *   RSS (at least the 32 MiB it touched) are there;
 * - any other who (RUSAGE_BOTH -2 included: the syscall rejects it) is
 *   EINVAL; an unmapped result pointer EFAULT.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "proc_ids.h"
#include "task_wait.h"
#include "lapi/resource.h"

#define CHILD_MB 32
/* ample under emulation: the loops stop as soon as the clock moved */
#define BURN_LIMIT_SEC 10

static long long cpu_usec(int who)
{
	struct rusage ru;

	if (getrusage(who, &ru))
		tst_brk(TBROK | TERRNO, "getrusage(%d)", who);
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL +
		ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Compute until RUSAGE_SELF CPU time passed start + usec (or give up). */
static long long burn_cpu(long long usec)
{
	long long start = cpu_usec(RUSAGE_SELF), t = start;
	double deadline = now() + BURN_LIMIT_SEC;
	volatile unsigned long x = 0;
	int i;

	while (t < start + usec && now() < deadline) {
		for (i = 0; i < 100000; i++)
			x += i;
		t = cpu_usec(RUSAGE_SELF);
	}
	return t - start;
}

static long fault_count(int who)
{
	struct rusage ru;

	if (getrusage(who, &ru))
		tst_brk(TBROK | TERRNO, "getrusage(%d)", who);
	return ru.ru_minflt;
}

static void touch_new_pages(long pages)
{
	long psz = getpagesize(), i;
	char *p = SAFE_MMAP(NULL, pages * psz, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	for (i = 0; i < pages; i++)
		p[i * psz] = 1;
	SAFE_MUNMAP(p, pages * psz);
}

static void self(void)
{
	long before, after;
	int fds[2];
	pid_t pid;
	char c;
	struct rusage ru;
	long long used;

	used = burn_cpu(20000);
	TST_EXP_EXPR(used >= 20000, "RUSAGE_SELF CPU time grew by %lld us "
		     "while computing", used);

	before = fault_count(RUSAGE_SELF);
	touch_new_pages(256);
	after = fault_count(RUSAGE_SELF);
	TST_EXP_EXPR(after - before >= 256, "RUSAGE_SELF minor faults grew "
		     "by %ld for 256 new pages", after - before);

	before = fault_count(RUSAGE_THREAD);
	touch_new_pages(256);
	after = fault_count(RUSAGE_THREAD);
	TST_EXP_EXPR(after - before >= 256, "RUSAGE_THREAD minor faults grew "
		     "by %ld for 256 new pages", after - before);

	/*
	 * A timed sleep does not make a task block for sure: under emulation
	 * a short one can be over before the task gets to schedule(). So a
	 * child reads an empty pipe that we fill only once we have seen it
	 * asleep in read() (/proc/PID/syscall answers only for a task that is
	 * off the CPU in a sleeping state): by then its switch away was
	 * counted. The child blocks and we watch, not the other way round:
	 * with Yama's ptrace_scope 1 a task may read that file of its
	 * descendants only.
	 */
	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(fds[1]);
		getrusage(RUSAGE_SELF, &ru);
		before = ru.ru_nvcsw;
		SAFE_READ(1, fds[0], &c, 1);
		getrusage(RUSAGE_SELF, &ru);
		TST_EXP_EXPR(ru.ru_nvcsw > before, "voluntary context switches "
			     "grew after blocking in read() (%ld -> %ld)",
			     before, ru.ru_nvcsw);
		exit(0);
	}
	SAFE_CLOSE(fds[0]);
	wait_task_in_syscall(pid, __NR_read);
	SAFE_WRITE(1, fds[1], "x", 1);
	SAFE_CLOSE(fds[1]);
	reap_child(pid);
}

static void children(void)
{
	struct rusage ru;
	long long *child_used, before, after;
	long maxrss_before;
	pid_t pid;

	child_used = SAFE_MMAP(NULL, sizeof(*child_used),
			       PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	getrusage(RUSAGE_CHILDREN, &ru);
	maxrss_before = ru.ru_maxrss;
	before = cpu_usec(RUSAGE_CHILDREN);

	pid = SAFE_FORK();
	if (!pid) {
		touch_new_pages(CHILD_MB * 1024L * 1024 / getpagesize());
		burn_cpu(50000);
		*child_used = cpu_usec(RUSAGE_SELF);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	after = cpu_usec(RUSAGE_CHILDREN);
	TST_EXP_EXPR(after == before, "a running child is not in "
		     "RUSAGE_CHILDREN (%lld -> %lld us)", before, after);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);

	after = cpu_usec(RUSAGE_CHILDREN);
	TST_EXP_EXPR(after - before >= *child_used, "RUSAGE_CHILDREN grew by "
		     "%lld us, the child measured %lld us", after - before,
		     *child_used);
	getrusage(RUSAGE_CHILDREN, &ru);
	/* an earlier iteration's child may have set the peak already */
	TST_EXP_EXPR(ru.ru_maxrss >= CHILD_MB * 1024, "RUSAGE_CHILDREN "
		     "ru_maxrss %ld kB (was %ld) after a child touched %d MiB",
		     ru.ru_maxrss, maxrss_before, CHILD_MB);
	SAFE_MUNMAP(child_used, sizeof(*child_used));
}

static void bad_arguments(void)
{
	struct rusage ru;

	TST_EXP_FAIL(getrusage(-2, &ru), EINVAL, "getrusage(RUSAGE_BOTH)");
	TST_EXP_FAIL(getrusage(2, &ru), EINVAL, "getrusage(2)");
	TST_EXP_FAIL(getrusage(-3, &ru), EINVAL, "getrusage(-3)");
	TST_EXP_FAIL(getrusage(RUSAGE_SELF, unmapped_addr()), EFAULT,
		     "getrusage(RUSAGE_SELF, unmapped)");
}

static void (*const cases[])(void) = {
	self,
	children,
	bad_arguments,
};

static void run(unsigned int n)
{
	cases[n]();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
