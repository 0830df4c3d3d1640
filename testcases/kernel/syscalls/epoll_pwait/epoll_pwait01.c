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
#include <sys/epoll.h>
#include "../common/time_event.h"
#include "../common/task_wait.h"

#ifndef __NR_epoll_pwait2
# define __NR_epoll_pwait2 441
#endif

#define KSIGSET_SIZE 8

static int epfd = -1, rfd = -1, wfd = -1;
static void *bad_addr;
static volatile int handled;

static long sys_epoll_pwait(struct epoll_event *ev, int timeout,
			    const sigset_t *mask, size_t size)
{
	return syscall(SYS_epoll_pwait, epfd, ev, 1, timeout, mask, size);
}

static void handler(int sig)
{
	(void)sig;
	handled++;
}

static void drain_pipe(void)
{
	char buf[16];

	while (read(rfd, buf, sizeof(buf)) > 0)
		;
}

static void test_unblocked_by_mask(void)
{
	struct epoll_event ev;
	sigset_t empty, cur;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, 0);
		tev_sigmask(SIG_BLOCK, SIGUSR1);
		sigemptyset(&empty);
		TST_EXP_FAIL(sys_epoll_pwait(&ev, -1, &empty, KSIGSET_SIZE),
			     EINTR, "epoll_pwait(empty mask) with SIGUSR1 "
			     "blocked by the process");
		sigprocmask(SIG_BLOCK, NULL, &cur);
		TST_EXP_EXPR(handled == 1 && sigismember(&cur, SIGUSR1),
			     "the handler ran (%d) and SIGUSR1 is blocked "
			     "again", handled);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_epoll_pwait);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void test_blocked_by_mask(void)
{
	struct epoll_event ev;
	sigset_t usr2;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR2, handler, 0);
		sigemptyset(&usr2);
		sigaddset(&usr2, SIGUSR2);
		TST_EXP_VAL(sys_epoll_pwait(&ev, -1, &usr2, KSIGSET_SIZE), 1,
			    "epoll_pwait(mask with SIGUSR2) returned the "
			    "event, not EINTR");
		TST_EXP_EXPR(handled == 1, "the SIGUSR2 handler ran after the "
			     "call (%d)", handled);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_epoll_pwait);
	SAFE_KILL(pid, SIGUSR2);
	TST_EXP_EXPR(tev_wait_proc_pending(pid, SIGUSR2) &&
		     task_state(pid, pid) == 'S', "SIGUSR2 pending while the "
		     "child still waits");
	SAFE_WRITE(1, wfd, "x", 1);
	reap_child(pid);
	drain_pipe();
}

static void test_null_mask(void)
{
	struct epoll_event ev;

	TST_EXP_VAL(sys_epoll_pwait(&ev, 0, NULL, KSIGSET_SIZE), 0,
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
	TST_EXP_FAIL(sys_epoll_pwait(&ev, 0, bad_addr, KSIGSET_SIZE), EFAULT,
		     "epoll_pwait(unmapped mask)");
}

static long pwait2(const struct timespec *ts)
{
	struct epoll_event ev;

	return syscall(__NR_epoll_pwait2, epfd, &ev, 1, ts, NULL,
		       KSIGSET_SIZE);
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

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_unblocked_by_mask();
		break;
	case 1:
		test_blocked_by_mask();
		break;
	case 2:
		test_null_mask();
		break;
	case 3:
		test_errors();
		break;
	case 4:
		test_pwait2();
		break;
	}
}

static void setup(void)
{
	struct epoll_event ev = {.events = EPOLLIN};
	int fds[2];

	bad_addr = tev_bad_addr();
	SAFE_PIPE2(fds, O_NONBLOCK);
	rfd = fds[0];
	wfd = fds[1];
	epfd = epoll_create1(0);
	if (epfd < 0 || epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, &ev))
		tst_brk(TBROK | TERRNO, "epoll_create1(), epoll_ctl()");
}

static void cleanup(void)
{
	if (epfd >= 0)
		SAFE_CLOSE(epfd);
	if (rfd >= 0)
		SAFE_CLOSE(rfd);
	if (wfd >= 0)
		SAFE_CLOSE(wfd);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
