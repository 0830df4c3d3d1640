// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The old epoll_create(size) (glibc's epoll_create() may use
 * epoll_create1(), so it is made with syscall()): any size > 0 gives an
 * epoll descriptor ("anon_inode:[eventpoll]", read-write, neither
 * O_NONBLOCK nor FD_CLOEXEC: the old call has no flags) that works: a
 * readable pipe added with epoll_ctl() is reported by epoll_wait(); the
 * size is only a hint (1 and INT_MAX both work, and more descriptors
 * than size can be added). EINVAL for size 0 and a negative size,
 * EMFILE when the descriptor table is full.
 */
#include <limits.h>
#include <string.h>
#include <sys/epoll.h>
#include "fd_checks.h"

static long sys_epoll_create(int size)
{
	return syscall(__NR_epoll_create, size);
}

static void test_create(void)
{
	static const int sizes[] = {1, 2, INT_MAX};
	struct epoll_event ev, out[4];
	int i, j, ep, pipes[3][2];

	for (i = 0; i < 3; i++) {
		TST_EXP_FD(sys_epoll_create(sizes[i]), "epoll_create(%d)",
			   sizes[i]);
		if (!TST_PASS)
			continue;
		ep = TST_RET;
		TST_EXP_EXPR(!strcmp(fd_link(ep), "anon_inode:[eventpoll]") &&
			     fd_accmode(ep) == O_RDWR && fd_flags_are(ep, 0, 0),
			     "fd %d is '%s', read-write, without O_NONBLOCK and "
			     "FD_CLOEXEC", ep, fd_link(ep));
		SAFE_CLOSE(ep);
	}

	ep = sys_epoll_create(1);
	if (ep < 0)
		tst_brk(TBROK | TERRNO, "epoll_create(1)");
	for (j = 0; j < 3; j++) {
		SAFE_PIPE(pipes[j]);
		memset(&ev, 0, sizeof(ev));
		ev.events = EPOLLIN;
		ev.data.u32 = 100 + j;
		if (epoll_ctl(ep, EPOLL_CTL_ADD, pipes[j][0], &ev))
			tst_brk(TBROK | TERRNO, "epoll_ctl(ADD)");
	}
	TST_EXP_VAL(epoll_wait(ep, out, 4, 0), 0,
		    "epoll_wait() on 3 empty pipes (size hint 1)");
	SAFE_WRITE(1, pipes[2][1], "x", 1);
	TST_EXP_VAL(epoll_wait(ep, out, 4, 0), 1,
		    "epoll_wait() after writing to the third pipe");
	TST_EXP_EXPR(TST_RET == 1 && out[0].data.u32 == 102 &&
		     (out[0].events & EPOLLIN), "the event is the third pipe's "
		     "(data %u, events 0x%x)", out[0].data.u32, out[0].events);
	for (j = 0; j < 3; j++) {
		SAFE_CLOSE(pipes[j][0]);
		SAFE_CLOSE(pipes[j][1]);
	}
	SAFE_CLOSE(ep);
}

static void test_errors(void)
{
	TST_EXP_FAIL(sys_epoll_create(0), EINVAL, "epoll_create(0)");
	TST_EXP_FAIL(sys_epoll_create(-1), EINVAL, "epoll_create(-1)");
	TST_EXP_FAIL(sys_epoll_create(INT_MIN), EINVAL,
		     "epoll_create(INT_MIN)");
	FD_EXP_EMFILE(sys_epoll_create(1), "epoll_create(1), table full");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_create();
	else
		test_errors();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.forks_child = 1,
};
