// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * epoll_wait() errors: EBADF for a descriptor not open; EINVAL for one
 * that is not an epoll instance, for maxevents 0 or negative, and for
 * maxevents above INT_MAX / sizeof(struct epoll_event); EFAULT when the
 * events of a ready descriptor cannot be stored (unmapped or NULL array);
 * EINTR when a signal handler runs, also one with SA_RESTART (epoll_wait
 * is never restarted after a handler).
 */
#include <limits.h>
#include "wait_signal.h"

static int epfd = -1, rfd = -1, wfd = -1;
static void *bad_addr;

static long sys_epoll_wait(int fd, struct epoll_event *evs, int max,
			   int timeout)
{
	return syscall(SYS_epoll_wait, fd, evs, max, timeout);
}

static void test_bad_fd(void)
{
	struct epoll_event ev;
	int tmp, closed;

	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed = tmp;
	SAFE_CLOSE(tmp);
	TST_EXP_FAIL(sys_epoll_wait(closed, &ev, 1, 0), EBADF,
		     "epoll_wait(descriptor not open)");
	TST_EXP_FAIL(sys_epoll_wait(-1, &ev, 1, 0), EBADF, "epoll_wait(-1)");
	TST_EXP_FAIL(sys_epoll_wait(rfd, &ev, 1, 0), EINVAL,
		     "epoll_wait(pipe)");
}

static void test_maxevents(void)
{
	int too_many = INT_MAX / sizeof(struct epoll_event) + 1;
	struct epoll_event ev;

	TST_EXP_FAIL(sys_epoll_wait(epfd, &ev, 0, 0), EINVAL,
		     "epoll_wait(maxevents 0)");
	TST_EXP_FAIL(sys_epoll_wait(epfd, &ev, -1, 0), EINVAL,
		     "epoll_wait(maxevents -1)");
	TST_EXP_FAIL(sys_epoll_wait(epfd, &ev, too_many, 0), EINVAL,
		     "epoll_wait(maxevents %d)", too_many);
}

static void test_efault(void)
{
	struct epoll_event ev;

	SAFE_WRITE(1, wfd, "x", 1);
	TST_EXP_FAIL(sys_epoll_wait(epfd, bad_addr, 1, 0), EFAULT,
		     "epoll_wait(ready descriptor, unmapped events)");
	TST_EXP_FAIL(sys_epoll_wait(epfd, NULL, 1, 0), EFAULT,
		     "epoll_wait(ready descriptor, NULL events)");
	TST_EXP_VAL(sys_epoll_wait(epfd, &ev, 1, 0), 1,
		    "the level-triggered event is still there afterwards");
	SAFE_READ(1, rfd, &ev, 1);
}

static void eintr_call(int sa_flags)
{
	struct epoll_event ev;

	TST_EXP_FAIL(sys_epoll_wait(epfd, &ev, 1, -1), EINTR,
		     "epoll_wait() interrupted by a handler (%s)",
		     sa_flags ? "SA_RESTART" : "no SA_RESTART");
}

static void test_eintr(void)
{
	ws_interrupt(__NR_epoll_wait, 0, eintr_call);
}

static void test_eintr_restart(void)
{
	ws_interrupt(__NR_epoll_wait, SA_RESTART, eintr_call);
}

static void (*const cases[])(void) = {
	test_bad_fd,
	test_maxevents,
	test_efault,
	test_eintr,
	test_eintr_restart,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	ws_pipe(&rfd, &wfd, 0);
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
