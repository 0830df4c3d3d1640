// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * epoll_ctl() errors: EBADF for an epoll descriptor or a target not open;
 * EPERM for a target that cannot be polled (a regular file, a directory);
 * EINVAL for an epoll descriptor that is not one, for adding an instance
 * to itself, for an unknown op, and for EPOLLEXCLUSIVE with EPOLL_CTL_MOD,
 * on an epoll target or with EPOLLONESHOT; EEXIST for adding a target
 * twice; ENOENT for modifying or deleting one not registered; EFAULT for
 * an unmapped event with ADD and MOD; ELOOP for a cycle of instances
 * (A in B, then B in A; and A in B in C, then C in A). Instances nest
 * exactly EP_MAX_NESTS (4) levels of epoll in epoll, 5 instances: the
 * add that would make a sixth level fails with ELOOP, whether the chain
 * is built from the bottom (the depth below the added instance counts)
 * or from the top (the depth above the instance added into counts too:
 * without that check, "eventpoll: Fix semi-unbounded recursion", a chain
 * built from the top grew without bound), and over a pipe. Upstream's
 * epoll_ctl04 checks the bottom-up chain over a pipe.
 */
#include <sys/epoll.h>
#include "time_event.h"

/* EP_MAX_NESTS in fs/eventpoll.c */
#define MAX_NESTED_ADDS 4

static int epfd = -1, rfd = -1, wfd = -1, file_fd = -1, dir_fd = -1;
static void *bad_addr;

static struct epoll_event in_ev = {.events = EPOLLIN};

static int new_epoll(void)
{
	int fd = epoll_create1(0);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
	return fd;
}

static void test_ebadf_eperm(void)
{
	int tmp, closed;

	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed = tmp;
	SAFE_CLOSE(tmp);
	TST_EXP_FAIL(epoll_ctl(closed, EPOLL_CTL_ADD, rfd, &in_ev), EBADF,
		     "epoll_ctl(epoll descriptor not open)");
	TST_EXP_FAIL(epoll_ctl(-1, EPOLL_CTL_ADD, rfd, &in_ev), EBADF,
		     "epoll_ctl(-1)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_ADD, closed, &in_ev), EBADF,
		     "epoll_ctl(ADD, target not open)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_DEL, closed, NULL), EBADF,
		     "epoll_ctl(DEL, target not open)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_ADD, file_fd, &in_ev), EPERM,
		     "epoll_ctl(ADD, regular file)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_ADD, dir_fd, &in_ev), EPERM,
		     "epoll_ctl(ADD, directory)");
}

static void test_einval(void)
{
	struct epoll_event excl = {.events = EPOLLIN | EPOLLEXCLUSIVE};
	struct epoll_event excl_oneshot = {
		.events = EPOLLIN | EPOLLEXCLUSIVE | EPOLLONESHOT,
	};
	int other = new_epoll();

	TST_EXP_FAIL(epoll_ctl(rfd, EPOLL_CTL_ADD, wfd, &in_ev), EINVAL,
		     "epoll_ctl(a pipe as the epoll descriptor)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_ADD, epfd, &in_ev), EINVAL,
		     "epoll_ctl(ADD, the instance to itself)");
	TST_EXP_FAIL(epoll_ctl(epfd, 0, rfd, &in_ev), EINVAL,
		     "epoll_ctl(op 0)");
	TST_EXP_FAIL(epoll_ctl(epfd, 4, rfd, &in_ev), EINVAL,
		     "epoll_ctl(op 4)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_ADD, other, &excl), EINVAL,
		     "epoll_ctl(ADD, epoll target, EPOLLEXCLUSIVE)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, &excl_oneshot),
		     EINVAL, "epoll_ctl(ADD, EPOLLEXCLUSIVE | EPOLLONESHOT)");
	if (epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, &in_ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_MOD, rfd, &excl), EINVAL,
		     "epoll_ctl(MOD, EPOLLEXCLUSIVE)");
	epoll_ctl(epfd, EPOLL_CTL_DEL, rfd, NULL);
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, &excl),
		     "epoll_ctl(ADD, EPOLLEXCLUSIVE) is fine");
	epoll_ctl(epfd, EPOLL_CTL_DEL, rfd, NULL);
	SAFE_CLOSE(other);
}

static void test_eexist_enoent(void)
{
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_MOD, rfd, &in_ev), ENOENT,
		     "epoll_ctl(MOD, not registered)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_DEL, rfd, NULL), ENOENT,
		     "epoll_ctl(DEL, not registered)");
	if (epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, &in_ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, &in_ev), EEXIST,
		     "epoll_ctl(ADD) twice");
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_DEL, rfd, NULL),
		     "epoll_ctl(DEL)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_DEL, rfd, NULL), ENOENT,
		     "epoll_ctl(DEL) twice");
}

static void test_efault(void)
{
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, bad_addr), EFAULT,
		     "epoll_ctl(ADD, unmapped event)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, NULL), EFAULT,
		     "epoll_ctl(ADD, NULL event)");
	if (epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, &in_ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD)");
	TST_EXP_FAIL(epoll_ctl(epfd, EPOLL_CTL_MOD, rfd, bad_addr), EFAULT,
		     "epoll_ctl(MOD, unmapped event)");
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_DEL, rfd, bad_addr),
		     "epoll_ctl(DEL) ignores the event pointer");
}

static void test_eloop(void)
{
	int a = new_epoll(), b = new_epoll(), c = new_epoll();

	if (epoll_ctl(b, EPOLL_CTL_ADD, a, &in_ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(B, ADD, A)");
	TST_EXP_FAIL(epoll_ctl(a, EPOLL_CTL_ADD, b, &in_ev), ELOOP,
		     "epoll_ctl(A, ADD, B) with A in B");
	if (epoll_ctl(c, EPOLL_CTL_ADD, b, &in_ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(C, ADD, B)");
	TST_EXP_FAIL(epoll_ctl(a, EPOLL_CTL_ADD, c, &in_ev), ELOOP,
		     "epoll_ctl(A, ADD, C) with A in B in C");
	SAFE_CLOSE(a);
	SAFE_CLOSE(b);
	SAFE_CLOSE(c);
}

/*
 * A chain of instances, each watching the next: n levels of epoll in
 * epoll. Built from the bottom (each new instance watches the top of
 * the chain) or from the top (each new instance is added into the
 * deepest one). Returns how many adds succeeded, *err the errno of the
 * first that failed.
 */
static int build_chain(int *fds, int n, int from_top, int *err)
{
	int i, ret;

	*err = 0;
	for (i = 0; i < n; i++)
		fds[i] = new_epoll();
	for (i = 0; i < n - 1; i++) {
		if (from_top)
			ret = epoll_ctl(fds[i], EPOLL_CTL_ADD, fds[i + 1],
					&in_ev);
		else
			ret = epoll_ctl(fds[i + 1], EPOLL_CTL_ADD, fds[i],
					&in_ev);
		if (ret) {
			*err = errno;
			break;
		}
	}
	return i;
}

static void test_depth(void)
{
	int fds[10], i, adds, err, from_top;

	for (from_top = 0; from_top < 2; from_top++) {
		adds = build_chain(fds, 10, from_top, &err);
		TST_EXP_EXPR(adds == MAX_NESTED_ADDS && err == ELOOP,
			     "chain built from the %s: %d epoll-in-epoll adds "
			     "succeeded, the next failed with %s (expected %d "
			     "and ELOOP)", from_top ? "top" : "bottom", adds,
			     err ? tst_strerrno(err) : "no error",
			     MAX_NESTED_ADDS);
		for (i = 0; i < 10; i++)
			SAFE_CLOSE(fds[i]);
	}

	/* with a pipe at the bottom, as a real watch chain would have */
	for (i = 0; i < 10; i++)
		fds[i] = new_epoll();
	if (epoll_ctl(fds[0], EPOLL_CTL_ADD, rfd, &in_ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD, pipe)");
	for (adds = 0; adds < 9; adds++) {
		if (epoll_ctl(fds[adds + 1], EPOLL_CTL_ADD, fds[adds], &in_ev))
			break;
	}
	TST_EXP_EXPR(adds == MAX_NESTED_ADDS && errno == ELOOP,
		     "chain over a pipe: %d epoll-in-epoll adds succeeded, "
		     "the next failed with %s (expected %d and ELOOP)", adds,
		     adds < 9 ? tst_strerrno(errno) : "no error",
		     MAX_NESTED_ADDS);
	for (i = 0; i < 10; i++)
		SAFE_CLOSE(fds[i]);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_ebadf_eperm();
		break;
	case 1:
		test_einval();
		break;
	case 2:
		test_eexist_enoent();
		break;
	case 3:
		test_efault();
		break;
	case 4:
		test_eloop();
		break;
	case 5:
		test_depth();
		break;
	}
}

static void setup(void)
{
	int fds[2];

	bad_addr = tev_bad_addr();
	epfd = new_epoll();
	SAFE_PIPE(fds);
	rfd = fds[0];
	wfd = fds[1];
	file_fd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0600);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (epfd >= 0)
		SAFE_CLOSE(epfd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (rfd >= 0)
		SAFE_CLOSE(rfd);
	if (wfd >= 0)
		SAFE_CLOSE(wfd);
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
