// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * epoll_pwait2() (Linux 5.11), the nanosecond-timeout epoll_pwait(): a
 * ready eventfd is reported (events and data) with a zero timeout and
 * with no timeout; with nothing ready a zero timeout returns 0 at once
 * and a 100 ms timeout returns 0, not before 100 ms have passed. The
 * signal mask is in force only during the wait: a child that blocks
 * SIGUSR1 and waits with a mask that unblocks it is interrupted (EINTR,
 * the handler ran) and finds SIGUSR1 blocked again afterwards. EINVAL
 * for maxevents 0 and -1, an fd that is not an epoll instance, a
 * sigsetsize other than 8, a timeout with tv_nsec 1e9 or tv_sec -1;
 * EBADF for an fd not open; EFAULT for an unmapped timeout, mask or
 * events buffer (with an event ready).
 */
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include "time_event.h"
#include "task_wait.h"
#include "lapi/signal.h"

static int ep = -1, efd = -1;
static void *bad_addr;
static volatile sig_atomic_t got_usr1;

static long sys_epoll_pwait2(int fd, struct epoll_event *ev, int max,
			     const struct timespec *ts, const sigset_t *mask,
			     size_t size)
{
	return syscall(__NR_epoll_pwait2, fd, ev, max, ts, mask, size);
}

static void set_ready(int ready)
{
	uint64_t v = 1;

	if (ready)
		SAFE_WRITE(1, efd, &v, sizeof(v));
	else if (read(efd, &v, sizeof(v)) < 0 && errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "read(eventfd)");
}

static void test_ready(void)
{
	struct timespec zero = {0, 0};
	struct epoll_event ev[2];

	set_ready(1);
	memset(ev, 0, sizeof(ev));
	TST_EXP_VAL(sys_epoll_pwait2(ep, ev, 2, &zero, NULL, 0), 1,
		    "epoll_pwait2(ready eventfd, timeout 0)");
	TST_EXP_EXPR(ev[0].events == EPOLLIN && ev[0].data.u64 == 0xfeed,
		     "event 0x%x, data 0x%llx", ev[0].events,
		     (unsigned long long)ev[0].data.u64);
	TST_EXP_VAL(sys_epoll_pwait2(ep, ev, 2, NULL, NULL, 0), 1,
		    "epoll_pwait2(ready eventfd, no timeout)");
	set_ready(0);
}

static void test_timeout(void)
{
	struct timespec zero = {0, 0}, t100 = {0, 100 * NSEC_PER_MSEC};
	struct epoll_event ev;
	long long start, end;

	TST_EXP_VAL(sys_epoll_pwait2(ep, &ev, 1, &zero, NULL, 0), 0,
		    "epoll_pwait2(nothing ready, timeout 0)");
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(sys_epoll_pwait2(ep, &ev, 1, &t100, NULL, 0), 0,
		    "epoll_pwait2(nothing ready, timeout 100 ms)");
	end = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_EXPR(end - start >= 100 * NSEC_PER_MSEC,
		     "it waited %lld ns, at least 100 ms", end - start);
}

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1 = 1;
}

static void test_sigmask(void)
{
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		struct epoll_event ev;
		sigset_t open_mask, cur;

		tev_sigaction(SIGUSR1, on_usr1, 0);
		tev_sigmask(SIG_BLOCK, SIGUSR1);
		sigprocmask(SIG_SETMASK, NULL, &open_mask);
		sigdelset(&open_mask, SIGUSR1);
		TST_EXP_FAIL(sys_epoll_pwait2(ep, &ev, 1, NULL, &open_mask,
					      KERNEL_SIGSET_SIZE), EINTR,
			     "epoll_pwait2(mask unblocking SIGUSR1) "
			     "interrupted by SIGUSR1");
		TST_EXP_EXPR(got_usr1, "the handler ran");
		sigprocmask(SIG_SETMASK, NULL, &cur);
		TST_EXP_EXPR(sigismember(&cur, SIGUSR1),
			     "SIGUSR1 is blocked again after the call");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_epoll_pwait2);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void test_errors(void)
{
	struct timespec ts = {0, 0};
	struct epoll_event ev;
	int pipefd[2];
	sigset_t mask;

	sigemptyset(&mask);
	TST_EXP_FAIL(sys_epoll_pwait2(ep, &ev, 0, &ts, NULL, 0), EINVAL,
		     "epoll_pwait2(maxevents 0)");
	TST_EXP_FAIL(sys_epoll_pwait2(ep, &ev, -1, &ts, NULL, 0), EINVAL,
		     "epoll_pwait2(maxevents -1)");
	SAFE_PIPE(pipefd);
	TST_EXP_FAIL(sys_epoll_pwait2(pipefd[0], &ev, 1, &ts, NULL, 0), EINVAL,
		     "epoll_pwait2(pipe fd)");
	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);
	TST_EXP_FAIL(sys_epoll_pwait2(1000, &ev, 1, &ts, NULL, 0), EBADF,
		     "epoll_pwait2(fd 1000, not open)");
	TST_EXP_FAIL(sys_epoll_pwait2(ep, &ev, 1, &ts, &mask, 4), EINVAL,
		     "epoll_pwait2(sigsetsize 4)");
	ts.tv_nsec = NSEC_PER_SEC;
	TST_EXP_FAIL(sys_epoll_pwait2(ep, &ev, 1, &ts, NULL, 0), EINVAL,
		     "epoll_pwait2(timeout tv_nsec 1e9)");
	ts.tv_nsec = 0;
	ts.tv_sec = -1;
	TST_EXP_FAIL(sys_epoll_pwait2(ep, &ev, 1, &ts, NULL, 0), EINVAL,
		     "epoll_pwait2(timeout tv_sec -1)");
	ts.tv_sec = 0;
	TST_EXP_FAIL(sys_epoll_pwait2(ep, &ev, 1, bad_addr, NULL, 0), EFAULT,
		     "epoll_pwait2(unmapped timeout)");
	TST_EXP_FAIL(sys_epoll_pwait2(ep, &ev, 1, &ts, bad_addr, KERNEL_SIGSET_SIZE),
		     EFAULT, "epoll_pwait2(unmapped sigmask)");
	set_ready(1);
	TST_EXP_FAIL(sys_epoll_pwait2(ep, bad_addr, 1, &ts, NULL, 0), EFAULT,
		     "epoll_pwait2(unmapped events, one ready)");
	set_ready(0);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_ready();
		break;
	case 1:
		test_timeout();
		break;
	case 2:
		test_sigmask();
		break;
	default:
		test_errors();
	}
}

static void setup(void)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 0xfeed };
	struct timespec zero = {0, 0};

	bad_addr = tev_bad_addr();
	ep = epoll_create1(0);
	if (ep < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
	(void)tst_syscall(__NR_epoll_pwait2, ep, &ev, 1, &zero, NULL, 0);
	efd = eventfd(0, EFD_NONBLOCK);
	if (efd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	if (epoll_ctl(ep, EPOLL_CTL_ADD, efd, &ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD)");
}

static void cleanup(void)
{
	if (efd >= 0)
		SAFE_CLOSE(efd);
	if (ep >= 0)
		SAFE_CLOSE(ep);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
