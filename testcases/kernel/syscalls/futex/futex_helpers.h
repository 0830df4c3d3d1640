/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the futex tests: the raw futex() call (the C library has no
 * wrapper), futex words in memory shared by the test's processes, and a
 * wait until a waiter is really asleep in the kernel, so that wake counts
 * are exact and nothing depends on timing.
 */
#ifndef FUTEX_HELPERS_H
#define FUTEX_HELPERS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/futex.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "task_wait.h"

static inline long sys_futex(void *uaddr, int op, uint32_t val,
			     const struct timespec *timeout, void *uaddr2,
			     uint32_t val3)
{
	return tst_syscall(__NR_futex, uaddr, op, val, timeout, uaddr2, val3);
}

/* The val2 argument of the requeue operations travels in "timeout". */
static inline long sys_futex_val2(void *uaddr, int op, uint32_t val,
				  unsigned long val2, void *uaddr2,
				  uint32_t val3)
{
	return tst_syscall(__NR_futex, uaddr, op, val, val2, uaddr2, val3);
}

/* Zeroed memory shared with forked children. */
static inline void *futex_shared(size_t size)
{
	void *p = SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	memset(p, 0, size);
	return p;
}

/*
 * Wait until pid sleeps ('S'). Callers make the child's futex call its
 * only blocking step after it announced itself, so asleep means queued on
 * the futex. TBROK after 10 s (times LTP_TIMEOUT_MUL).
 */
static inline void wait_asleep(pid_t pid)
{
	wait_task_state(pid, pid, "S");
}

/*
 * Fork a waiter that makes the futex call op on uaddr, expecting the value
 * 0, with timeout to and val3 (the bitset of FUTEX_WAIT_BITSET); it
 * asserts that the call returned 0 or, when expect_err is set, failed with
 * that errno. Return its pid once it sleeps on the futex. Checkpoint 0
 * (.needs_checkpoints) tells the parent the waiter is about to call.
 */
static inline pid_t futex_waiter(uint32_t *uaddr, int op,
				 const struct timespec *to, uint32_t val3,
				 int expect_err)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_CHECKPOINT_WAKE(0);
		TEST(sys_futex(uaddr, op, 0, to, NULL, val3));
		if (expect_err && (TST_RET != -1 || TST_ERR != expect_err))
			tst_res(TFAIL | TTERRNO, "waiter (op %d, val3 %#x) "
				"returned %ld, expected %s", op, val3, TST_RET,
				tst_strerrno(expect_err));
		if (!expect_err && TST_RET)
			tst_res(TFAIL | TTERRNO, "waiter (op %d, val3 %#x) "
				"returned %ld", op, val3, TST_RET);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	wait_asleep(pid);
	return pid;
}

static inline double mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Reap whichever child ends next, checking its exit status as
 * reap_child() does (a child that asserted and then crashed or exited
 * with an unexplained value fails the test); return its pid.
 */
static inline pid_t reap_next(void)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	if (waitid(P_ALL, 0, &info, WEXITED | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(P_ALL, WNOWAIT)");
	reap_child(info.si_pid);
	return info.si_pid;
}

/* Number of children that have exited so far, reaping them. */
static inline int reap_exited(void)
{
	int n = 0;

	while (waitpid(-1, NULL, WNOHANG) > 0)
		n++;
	return n;
}

#endif /* FUTEX_HELPERS_H */
