// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * futex_waitv() (Linux 5.16): a child waiting on two shared 32-bit
 * futexes returns the index of the one a FUTEX_WAKE woke (1, then 0 in a
 * second round), and FUTEX_WAKE reports one waiter woken. EAGAIN at once
 * when a futex's value differs from the expected one (also the second of
 * two), ETIMEDOUT at once for an absolute CLOCK_MONOTONIC or
 * CLOCK_REALTIME timeout already in the past, and not before an absolute
 * timeout 100 ms ahead. EINVAL for syscall flags, 0 or more than 128
 * waiters, a NULL vector, a waiter without FUTEX2_SIZE_U32 or with the
 * 64-bit size or an unknown flag, a nonzero __reserved field, a
 * misaligned address, a timeout clock other than MONOTONIC and REALTIME,
 * and a tv_nsec of 1e9; EFAULT for an unmapped vector, futex or timeout.
 */
#include <linux/futex.h>
#include <sys/mman.h>
#include "time_event.h"
#include "task_wait.h"
#include "lapi/futex.h"

static uint32_t *futexes;
static void *bad_addr;

static long sys_futex_waitv(struct kwaitv *w, unsigned int nr,
			    unsigned int flags, struct timespec *ts, int clk)
{
	return syscall(__NR_futex_waitv, w, nr, flags, ts, clk);
}

static void waiter(struct kwaitv *w, uint32_t *addr, uint32_t val)
{
	memset(w, 0, sizeof(*w));
	w->uaddr = (uintptr_t)addr;
	w->val = val;
	w->flags = FUTEX2_SIZE_U32;
}

static void test_wake(void)
{
	struct kwaitv w[2];
	int round, status;
	pid_t pid;

	for (round = 1; round >= 0; round--) {
		futexes[0] = 10;
		futexes[1] = 20;
		waiter(&w[0], &futexes[0], 10);
		waiter(&w[1], &futexes[1], 20);
		pid = SAFE_FORK();
		if (!pid) {
			long ret = sys_futex_waitv(w, 2, 0, NULL, 0);

			_exit(ret >= 0 ? ret : 100 + errno);
		}
		wait_task_in_syscall(pid, __NR_futex_waitv);
		TST_EXP_VAL(syscall(__NR_futex, &futexes[round], FUTEX_WAKE, 1,
				    NULL, NULL, 0), 1,
			    "FUTEX_WAKE on futex %d woke one waiter", round);
		SAFE_WAITPID(pid, &status, 0);
		TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == round,
			     "futex_waitv() returned index %d (exit status "
			     "%d)", round, WEXITSTATUS(status));
	}
}

static void test_immediate(void)
{
	struct timespec ts;
	struct kwaitv w[2];
	long long now, start;

	futexes[0] = 1;
	futexes[1] = 2;
	waiter(&w[0], &futexes[0], 1);
	waiter(&w[1], &futexes[1], 3);
	TST_EXP_FAIL(sys_futex_waitv(w, 2, 0, NULL, 0), EAGAIN,
		     "futex_waitv(second value differs)");
	waiter(&w[0], &futexes[0], 5);
	TST_EXP_FAIL(sys_futex_waitv(w, 1, 0, NULL, 0), EAGAIN,
		     "futex_waitv(first value differs)");

	waiter(&w[0], &futexes[0], 1);
	waiter(&w[1], &futexes[1], 2);
	ts = ns_ts(clock_ns(CLOCK_MONOTONIC) - NSEC_PER_SEC);
	TST_EXP_FAIL(sys_futex_waitv(w, 2, 0, &ts, CLOCK_MONOTONIC), ETIMEDOUT,
		     "futex_waitv(CLOCK_MONOTONIC timeout 1 s in the past)");
	ts = ns_ts(clock_ns(CLOCK_REALTIME) - NSEC_PER_SEC);
	TST_EXP_FAIL(sys_futex_waitv(w, 2, 0, &ts, CLOCK_REALTIME), ETIMEDOUT,
		     "futex_waitv(CLOCK_REALTIME timeout 1 s in the past)");

	start = clock_ns(CLOCK_MONOTONIC);
	ts = ns_ts(start + 100 * NSEC_PER_MSEC);
	TST_EXP_FAIL(sys_futex_waitv(w, 2, 0, &ts, CLOCK_MONOTONIC), ETIMEDOUT,
		     "futex_waitv(CLOCK_MONOTONIC timeout 100 ms ahead)");
	now = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_EXPR(now >= ts_ns(&ts), "it did not return before the "
		     "deadline (%lld ns after the call)", now - start);
}

static void test_einval(void)
{
	struct kwaitv w[129], one;
	struct timespec ts = {0, 0};
	unsigned int i;

	for (i = 0; i < 129; i++)
		waiter(&w[i], &futexes[0], futexes[0] + 1);
	TST_EXP_FAIL(sys_futex_waitv(w, 1, 1, NULL, 0), EINVAL,
		     "futex_waitv(flags 1)");
	TST_EXP_FAIL(sys_futex_waitv(w, 0, 0, NULL, 0), EINVAL,
		     "futex_waitv(0 waiters)");
	TST_EXP_FAIL(sys_futex_waitv(w, 129, 0, NULL, 0), EINVAL,
		     "futex_waitv(129 waiters)");
	TST_EXP_FAIL(sys_futex_waitv(NULL, 1, 0, NULL, 0), EINVAL,
		     "futex_waitv(NULL vector)");
	TST_EXP_FAIL(sys_futex_waitv(w, 128, 0, NULL, 0), EAGAIN,
		     "futex_waitv(128 waiters, values differ)");

	waiter(&one, &futexes[0], futexes[0]);
	one.flags = 0;
	TST_EXP_FAIL(sys_futex_waitv(&one, 1, 0, NULL, 0), EINVAL,
		     "futex_waitv(waiter flags 0, no size)");
	one.flags = FUTEX2_SIZE_U64;
	TST_EXP_FAIL(sys_futex_waitv(&one, 1, 0, NULL, 0), EINVAL,
		     "futex_waitv(waiter FUTEX2_SIZE_U64)");
	one.flags = FUTEX2_SIZE_U32 | (1U << 10);
	TST_EXP_FAIL(sys_futex_waitv(&one, 1, 0, NULL, 0), EINVAL,
		     "futex_waitv(waiter flag 1 << 10)");
	one.flags = FUTEX2_SIZE_U32;
	one.reserved = 1;
	TST_EXP_FAIL(sys_futex_waitv(&one, 1, 0, NULL, 0), EINVAL,
		     "futex_waitv(__reserved 1)");
	one.reserved = 0;
	one.uaddr = (uintptr_t)futexes + 1;
	TST_EXP_FAIL(sys_futex_waitv(&one, 1, 0, NULL, 0), EINVAL,
		     "futex_waitv(misaligned futex address)");
	waiter(&one, &futexes[0], futexes[0]);
	TST_EXP_FAIL(sys_futex_waitv(&one, 1, 0, &ts, CLOCK_BOOTTIME), EINVAL,
		     "futex_waitv(timeout on CLOCK_BOOTTIME)");
	ts.tv_nsec = NSEC_PER_SEC;
	TST_EXP_FAIL(sys_futex_waitv(&one, 1, 0, &ts, CLOCK_MONOTONIC), EINVAL,
		     "futex_waitv(timeout tv_nsec 1e9)");
}

static void test_efault(void)
{
	struct kwaitv one;

	TST_EXP_FAIL(sys_futex_waitv(bad_addr, 1, 0, NULL, 0), EFAULT,
		     "futex_waitv(unmapped vector)");
	waiter(&one, bad_addr, 0);
	TST_EXP_FAIL(sys_futex_waitv(&one, 1, 0, NULL, 0), EFAULT,
		     "futex_waitv(unmapped futex)");
	waiter(&one, &futexes[0], futexes[0]);
	TST_EXP_FAIL(sys_futex_waitv(&one, 1, 0, bad_addr, CLOCK_MONOTONIC),
		     EFAULT, "futex_waitv(unmapped timeout)");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_wake();
		break;
	case 1:
		test_immediate();
		break;
	case 2:
		test_einval();
		break;
	default:
		test_efault();
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	futexes = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	(void)tst_syscall(__NR_futex_waitv, NULL, 0, 0, NULL, 0);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
