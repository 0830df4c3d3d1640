// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * epoll_create1() gives a descriptor of an "anon_inode:[eventpoll]",
 * open O_RDWR, whose interest list is empty (epoll_wait() with timeout 0
 * returns 0); EPOLL_CLOEXEC and only it sets FD_CLOEXEC. Each call makes
 * a separate instance. Errors: EINVAL for any other flag, EMFILE at
 * RLIMIT_NOFILE. The older epoll_create() needs a size above 0 (EINVAL
 * otherwise) and ignores it beyond that.
 */
#include <stdio.h>
#include <sys/epoll.h>
#include "time_event.h"
#include "fd_checks.h"

static void check_instance(int fd, const char *desc)
{
	const char *link = fd_link(fd);
	struct epoll_event ev;

	TST_EXP_EXPR(!strcmp(link, "anon_inode:[eventpoll]") &&
		     fd_accmode(fd) == O_RDWR, "%s: %s, open O_RDWR", desc,
		     link);
	TST_EXP_VAL(epoll_wait(fd, &ev, 1, 0), 0, "epoll_wait() on the new "
		    "instance (%s)", desc);
}

static void test_flags(void)
{
	int fd;

	TST_EXP_FD(epoll_create1(0), "epoll_create1(0)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	check_instance(fd, "epoll_create1(0)");
	TST_EXP_EXPR(!(fcntl(fd, F_GETFD) & FD_CLOEXEC),
		     "flags 0: no FD_CLOEXEC");
	SAFE_CLOSE(fd);

	TST_EXP_FD(epoll_create1(EPOLL_CLOEXEC),
		   "epoll_create1(EPOLL_CLOEXEC)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	TST_EXP_EXPR(fcntl(fd, F_GETFD) & FD_CLOEXEC, "EPOLL_CLOEXEC sets "
		     "FD_CLOEXEC");
	SAFE_CLOSE(fd);
}

static void test_separate(void)
{
	struct epoll_event ev = {.events = EPOLLIN}, out;
	int a, b, pipefd[2];

	a = epoll_create1(0);
	b = epoll_create1(0);
	if (a < 0 || b < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
	SAFE_PIPE(pipefd);
	if (epoll_ctl(a, EPOLL_CTL_ADD, pipefd[0], &ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD)");
	SAFE_WRITE(1, pipefd[1], "x", 1);
	TST_EXP_VAL(epoll_wait(a, &out, 1, 0), 1, "epoll_wait(instance with "
		    "the ready pipe)");
	TST_EXP_VAL(epoll_wait(b, &out, 1, 0), 0, "epoll_wait(another "
		    "instance)");
	SAFE_CLOSE(a);
	SAFE_CLOSE(b);
	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);
}

static void test_einval(void)
{
	static const int bad[] = {1, O_NONBLOCK, O_RDWR, EPOLL_CLOEXEC << 1,
				  -1};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(epoll_create1(bad[i]), EINVAL,
			     "epoll_create1(%#x)", bad[i]);
}

static void test_epoll_create(void)
{
	int fd;

	TST_EXP_FAIL(epoll_create(0), EINVAL, "epoll_create(0)");
	TST_EXP_FAIL(epoll_create(-1), EINVAL, "epoll_create(-1)");
	TST_EXP_FD(epoll_create(1), "epoll_create(1)");
	if (TST_PASS) {
		fd = TST_RET;
		check_instance(fd, "epoll_create(1)");
		SAFE_CLOSE(fd);
	}
	TST_EXP_FD(epoll_create(1 << 30), "epoll_create(1 << 30)");
	if (TST_PASS) {
		fd = TST_RET;
		SAFE_CLOSE(fd);
	}
}

static void test_emfile(void)
{
	FD_EXP_EMFILE(epoll_create1(0),
		      "epoll_create1() with no free descriptor");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_flags();
		break;
	case 1:
		test_separate();
		break;
	case 2:
		test_einval();
		break;
	case 3:
		test_epoll_create();
		break;
	case 4:
		test_emfile();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.forks_child = 1,
};
