// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select() errors, through the system call: EBADF for a descriptor not
 * open in readfds, writefds or exceptfds; EINVAL for a negative nfds and
 * for a negative tv_sec or tv_usec; EFAULT for an unmapped set or
 * timeout; EINTR when a signal handler runs, also one with SA_RESTART
 * (select is never restarted after a handler).
 */
#include <sys/select.h>
#include "wait_signal.h"

static int rfd = -1, wfd = -1;
static void *bad_addr;

static long sys_select(int nfds, fd_set *r, fd_set *w, fd_set *e,
		       struct timeval *tv)
{
	return syscall(SYS_select, nfds, r, w, e, tv);
}

static void test_ebadf(void)
{
	struct timeval zero = {0, 0};
	int tmp, closed_fd;
	fd_set set;

	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed_fd = tmp;
	SAFE_CLOSE(tmp);
	FD_ZERO(&set);
	FD_SET(closed_fd, &set);
	TST_EXP_FAIL(sys_select(closed_fd + 1, &set, NULL, NULL, &zero),
		     EBADF, "select(readfds with a descriptor not open)");
	FD_SET(closed_fd, &set);
	TST_EXP_FAIL(sys_select(closed_fd + 1, NULL, &set, NULL, &zero),
		     EBADF, "select(writefds with a descriptor not open)");
	FD_SET(closed_fd, &set);
	TST_EXP_FAIL(sys_select(closed_fd + 1, NULL, NULL, &set, &zero),
		     EBADF, "select(exceptfds with a descriptor not open)");
}

static void test_einval(void)
{
	static const struct timeval bad[] = {{-1, 0}, {0, -1}};
	struct timeval tv = {0, 0};
	unsigned int i;
	fd_set set;

	FD_ZERO(&set);
	FD_SET(rfd, &set);
	TST_EXP_FAIL(sys_select(-1, &set, NULL, NULL, &tv), EINVAL,
		     "select(nfds -1)");
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		tv = bad[i];
		TST_EXP_FAIL(sys_select(rfd + 1, &set, NULL, NULL, &tv),
			     EINVAL, "select(timeout {%lld, %ld})",
			     (long long)bad[i].tv_sec, (long)bad[i].tv_usec);
	}
}

static void test_efault(void)
{
	struct timeval tv = {0, 0};
	fd_set set;

	TST_EXP_FAIL(sys_select(rfd + 1, bad_addr, NULL, NULL, &tv), EFAULT,
		     "select(unmapped readfds)");
	TST_EXP_FAIL(sys_select(rfd + 1, NULL, bad_addr, NULL, &tv), EFAULT,
		     "select(unmapped writefds)");
	FD_ZERO(&set);
	FD_SET(rfd, &set);
	TST_EXP_FAIL(sys_select(rfd + 1, &set, NULL, NULL, bad_addr), EFAULT,
		     "select(unmapped timeout)");
}

static void eintr_call(int sa_flags)
{
	fd_set set;

	FD_ZERO(&set);
	FD_SET(rfd, &set);
	TST_EXP_FAIL(sys_select(rfd + 1, &set, NULL, NULL, NULL), EINTR,
		     "select() interrupted by a handler (%s)",
		     sa_flags ? "SA_RESTART" : "no SA_RESTART");
}

static void test_eintr(void)
{
	ws_interrupt(__NR_select, 0, eintr_call);
}

static void test_eintr_restart(void)
{
	ws_interrupt(__NR_select, SA_RESTART, eintr_call);
}

static void (*const cases[])(void) = {
	test_ebadf,
	test_einval,
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
}

static void cleanup(void)
{
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
