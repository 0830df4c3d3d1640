// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * epoll_pwait() waits with the signal mask given: a signal blocked by the
 * process but not by that mask interrupts it (EINTR, the handler ran) and
 * the process's mask is back afterwards; a signal blocked by that mask
 * stays pending and does not interrupt, and its handler runs once the
 * call returned. A NULL mask makes it epoll_wait(). Errors: EINVAL for a
 * sigsetsize other than 8, EFAULT for an unmapped mask. epoll_pwait2()
 * (Linux 5.11) takes a timespec: {0, 0} returns at once, 30 ms waits at
 * least that long, NULL waits for an event; EINVAL for a timespec outside
 * the valid range.
 */
#include "wait_signal.h"
#include "lapi/signal.h"

static int epfd = -1, rfd = -1, wfd = -1;
static void *bad_addr;

static long sys_epoll_pwait(struct epoll_event *ev, int timeout,
			    const sigset_t *mask, size_t size)
{
	return syscall(SYS_epoll_pwait, epfd, ev, 1, timeout, mask, size);
}

static void drain_pipe(void)
{
	char buf[16];

	while (read(rfd, buf, sizeof(buf)) > 0)
		;
}

static void unblocked_call(const sigset_t *empty)
{
	struct epoll_event ev;

	TST_EXP_FAIL(sys_epoll_pwait(&ev, -1, empty, KERNEL_SIGSET_SIZE), EINTR,
		     "epoll_pwait(empty mask) with SIGUSR1 blocked by the "
		     "process");
}

static void test_unblocked_by_mask(void)
{
	ws_mask_lets_through(__NR_epoll_pwait, SIGUSR1, unblocked_call);
}

static void blocked_call(const sigset_t *usr2)
{
	struct epoll_event ev;

	TST_EXP_VAL(sys_epoll_pwait(&ev, -1, usr2, KERNEL_SIGSET_SIZE), 1,
		    "epoll_pwait(mask with SIGUSR2) returned the event, not "
		    "EINTR");
}

static void test_blocked_by_mask(void)
{
	ws_mask_holds_back(__NR_epoll_pwait, SIGUSR2, rfd, wfd, blocked_call);
}

static void test_null_mask(void)
{
	struct epoll_event ev;

	TST_EXP_VAL(sys_epoll_pwait(&ev, 0, NULL, KERNEL_SIGSET_SIZE), 0,
		    "epoll_pwait(NULL mask, timeout 0), nothing ready");
	SAFE_WRITE(1, wfd, "x", 1);
	TST_EXP_VAL(sys_epoll_pwait(&ev, -1, NULL, 0), 1,
		    "epoll_pwait(NULL mask, sigsetsize 0), ready pipe");
	drain_pipe();
}

static void test_errors(void)
{
	struct epoll_event ev;
	sigset_t empty;

	sigemptyset(&empty);
	TST_EXP_FAIL(sys_epoll_pwait(&ev, 0, &empty, 4), EINVAL,
		     "epoll_pwait(sigsetsize 4)");
	TST_EXP_FAIL(sys_epoll_pwait(&ev, 0, &empty, 16), EINVAL,
		     "epoll_pwait(sigsetsize 16)");
	TST_EXP_FAIL(sys_epoll_pwait(&ev, 0, bad_addr, KERNEL_SIGSET_SIZE), EFAULT,
		     "epoll_pwait(unmapped mask)");
}

static long pwait2(const struct timespec *ts)
{
	struct epoll_event ev;

	return syscall(__NR_epoll_pwait2, epfd, &ev, 1, ts, NULL,
		       KERNEL_SIGSET_SIZE);
}

static void test_pwait2(void)
{
	struct timespec zero = {0, 0}, ms30 = {0, 30 * NSEC_PER_MSEC};
	struct timespec bad = {0, NSEC_PER_SEC}, neg = {-1, 0};
	long long start, waited;

	if (pwait2(&zero) == -1 && errno == ENOSYS) {
		tst_res(TCONF, "epoll_pwait2() is not supported (Linux 5.11)");
		return;
	}
	TST_EXP_VAL(pwait2(&zero), 0, "epoll_pwait2({0, 0}), nothing ready");
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(pwait2(&ms30), 0, "epoll_pwait2(30 ms), nothing ready");
	waited = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(waited >= 30 * NSEC_PER_MSEC, "it waited %lld ns >= "
		     "30 ms", waited);
	TST_EXP_FAIL(pwait2(&bad), EINVAL, "epoll_pwait2({0, 1e9})");
	TST_EXP_FAIL(pwait2(&neg), EINVAL, "epoll_pwait2({-1, 0})");
	SAFE_WRITE(1, wfd, "x", 1);
	TST_EXP_VAL(pwait2(NULL), 1, "epoll_pwait2(NULL), ready pipe");
	drain_pipe();
}

static void (*const cases[])(void) = {
	test_unblocked_by_mask,
	test_blocked_by_mask,
	test_null_mask,
	test_errors,
	test_pwait2,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	ws_pipe(&rfd, &wfd, O_NONBLOCK);
	epfd = ws_epoll_on(rfd);
}

static void cleanup(void)
{
	ws_close(&epfd);
	ws_close(&rfd);
	ws_close(&wfd);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cases),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
