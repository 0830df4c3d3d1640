// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EPOLLEXCLUSIVE (Linux 4.5): an eventfd added with it to several epoll
 * instances, each with a process blocked in epoll_wait(), wakes exactly
 * one of them per event. Checked without timing: after each write, one
 * waiter reports, and every instance whose waiter is still asleep has
 * nothing queued (epoll_wait() with timeout 0 returns 0), so the event
 * was handed to one instance only; K writes wake the K waiters one by
 * one. Without EPOLLEXCLUSIVE one write wakes all K.
 * Errors (EINVAL): EPOLLEXCLUSIVE with EPOLLRDHUP, EPOLLPRI or
 * EPOLLONESHOT, with EPOLL_CTL_MOD, and EPOLL_CTL_MOD of an entry added
 * with it; EPOLLIN | EPOLLOUT | EPOLLERR | EPOLLHUP | EPOLLET are allowed.
 * Syscalls: epoll_ctl, epoll_wait
 */
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include "task_wait.h"

#define WAITERS 4

static int efd = -1, results[2] = { -1, -1 }, ep[WAITERS];

static void waiter(int i)
{
	struct epoll_event ev;
	unsigned char id = i;

	SAFE_CLOSE(results[0]);
	/* the raw call, so /proc/PID/syscall names epoll_wait */
	if (syscall(__NR_epoll_wait, ep[i], &ev, 1, -1) != 1)
		tst_brk(TBROK | TERRNO, "waiter %d: epoll_wait()", i);
	SAFE_WRITE(1, results[1], &id, 1);
	exit(0);
}

static int queued(int fd)
{
	struct epoll_event ev;
	int n = epoll_wait(fd, &ev, 1, 0);

	if (n < 0)
		tst_brk(TBROK | TERRNO, "epoll_wait(timeout 0)");
	return n;
}

static void start(uint32_t flags, pid_t *pids)
{
	struct epoll_event ev = { .events = EPOLLIN | flags };
	int i;

	SAFE_PIPE(results);
	efd = eventfd(0, EFD_NONBLOCK);
	if (efd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	for (i = 0; i < WAITERS; i++) {
		ep[i] = epoll_create1(0);
		if (ep[i] < 0 || epoll_ctl(ep[i], EPOLL_CTL_ADD, efd, &ev))
			tst_brk(TBROK | TERRNO, "epoll set-up %d", i);
	}
	for (i = 0; i < WAITERS; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			waiter(i);
	}
	SAFE_CLOSE(results[1]);
	for (i = 0; i < WAITERS; i++)
		wait_task_in_syscall(pids[i], __NR_epoll_wait);
}

static void stop(pid_t *pids)
{
	int i;

	for (i = 0; i < WAITERS; i++) {
		reap_child(pids[i]);
		SAFE_CLOSE(ep[i]);
	}
	SAFE_CLOSE(results[0]);
	SAFE_CLOSE(efd);
}

static void kick(void)
{
	uint64_t one = 1;

	SAFE_WRITE(1, efd, &one, sizeof(one));
}

static void test_exclusive(void)
{
	int awake[WAITERS] = { 0 }, round, i, others_empty;
	pid_t pids[WAITERS];
	unsigned char id;

	start(EPOLLEXCLUSIVE, pids);
	for (round = 0; round < WAITERS; round++) {
		kick();
		/* blocking read: the woken waiter reports */
		SAFE_READ(1, results[0], &id, 1);
		if (id >= WAITERS || awake[id]) {
			tst_res(TFAIL, "round %d: waiter %u reported (again)",
				round, id);
			break;
		}
		awake[id] = 1;
		others_empty = 1;
		for (i = 0; i < WAITERS; i++)
			if (!awake[i] && queued(ep[i]))
				others_empty = 0;
		TST_EXP_EXPR(others_empty, "write %d woke waiter %u; the "
			     "instances of the %d still asleep have nothing "
			     "queued", round + 1, id, WAITERS - round - 1);
	}
	stop(pids);
}

static void test_not_exclusive(void)
{
	unsigned char ids[WAITERS];
	pid_t pids[WAITERS];
	int got = 0, n;

	start(0, pids);
	kick();
	/* blocking reads until every waiter reported */
	while (got < WAITERS) {
		n = SAFE_READ(0, results[0], ids + got, WAITERS - got);
		if (!n)
			tst_brk(TBROK, "waiters gone after %d reports", got);
		got += n;
	}
	tst_res(TPASS, "without EPOLLEXCLUSIVE one write woke all %d "
		"waiters", WAITERS);
	stop(pids);
}

static void test_errors(void)
{
	struct epoll_event ev;
	int e, fd;

	e = epoll_create1(0);
	fd = eventfd(0, 0);
	if (e < 0 || fd < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1() or eventfd()");
#define EXPECT_ADD(bits, err) do { \
	ev.events = (bits); \
	if (err) { \
		TST_EXP_FAIL(epoll_ctl(e, EPOLL_CTL_ADD, fd, &ev), err, \
			     "ADD " #bits); \
	} else { \
		TST_EXP_PASS(epoll_ctl(e, EPOLL_CTL_ADD, fd, &ev), \
			     "ADD " #bits); \
		epoll_ctl(e, EPOLL_CTL_DEL, fd, NULL); \
	} \
} while (0)
	EXPECT_ADD(EPOLLEXCLUSIVE | EPOLLIN | EPOLLRDHUP, EINVAL);
	EXPECT_ADD(EPOLLEXCLUSIVE | EPOLLIN | EPOLLPRI, EINVAL);
	EXPECT_ADD(EPOLLEXCLUSIVE | EPOLLIN | EPOLLONESHOT, EINVAL);
	EXPECT_ADD(EPOLLEXCLUSIVE | EPOLLIN | EPOLLOUT | EPOLLERR | EPOLLHUP |
		   EPOLLET, 0);

	ev.events = EPOLLIN;
	if (epoll_ctl(e, EPOLL_CTL_ADD, fd, &ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD)");
	ev.events = EPOLLIN | EPOLLEXCLUSIVE;
	TST_EXP_FAIL(epoll_ctl(e, EPOLL_CTL_MOD, fd, &ev), EINVAL,
		     "MOD with EPOLLEXCLUSIVE");
	epoll_ctl(e, EPOLL_CTL_DEL, fd, NULL);
	if (epoll_ctl(e, EPOLL_CTL_ADD, fd, &ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD, EPOLLEXCLUSIVE)");
	ev.events = EPOLLIN;
	TST_EXP_FAIL(epoll_ctl(e, EPOLL_CTL_MOD, fd, &ev), EINVAL,
		     "MOD of an entry added with EPOLLEXCLUSIVE");
	SAFE_CLOSE(fd);
	SAFE_CLOSE(e);
}

static void run(void)
{
	test_errors();
	test_exclusive();
	test_not_exclusive();
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
