// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * epoll_wait() wake-ups and reporting order:
 *  - edge-triggered pipe ends: EPOLLIN once per write, EPOLLOUT for the
 *    write end once, and again only after a full pipe got room;
 *  - a waiter blocked on a pipe's read end wakes with EPOLLHUP when the
 *    last write end closes; one blocked on the write end wakes with
 *    EPOLLERR when the last read end closes;
 *  - one event on an eventfd watched (without EPOLLEXCLUSIVE) by three
 *    instances wakes the waiter of each;
 *  - with more ready descriptors than maxevents, level-triggered entries
 *    rotate: over 4 rounds each of 8 pipes is reported exactly 4 times;
 *  - /proc/self/mounts watched for EPOLLPRI reports it (with EPOLLERR)
 *    after each mount and umount in the mount namespace, once;
 *  - small timeouts of epoll_wait(), epoll_pwait() and epoll_pwait2()
 *    (1 ms, 1 ns, 1 us) expire: they return 0 and are not taken for an
 *    infinite wait (d9ec73301099).
 * Syscalls: epoll_wait, epoll_pwait, epoll_pwait2
 */
#include <sched.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mount.h>
#include "task_wait.h"

#define WAIT_MS ((int)(10000 * tst_timeout_mul()))
#define NPIPES 8
static int new_ep(int fd, uint32_t events)
{
	struct epoll_event ev = { .events = events, .data.fd = fd };
	int ep = epoll_create1(0);

	if (ep < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
	if (fd >= 0 && epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD %d)", fd);
	return ep;
}

static int wait_now(int ep, struct epoll_event *ev, int max)
{
	int n = epoll_wait(ep, ev, max, 0);

	if (n < 0)
		tst_brk(TBROK | TERRNO, "epoll_wait()");
	return n;
}

static void test_et_pipe(void)
{
	struct epoll_event ev;
	char buf[4096];
	int p[2], rep, wep, n, flags;

	SAFE_PIPE(p);
	flags = fcntl(p[1], F_GETFL);
	if (fcntl(p[1], F_SETFL, flags | O_NONBLOCK))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETFL)");
	rep = new_ep(p[0], EPOLLIN | EPOLLET);
	wep = new_ep(p[1], EPOLLOUT | EPOLLET);

	TST_EXP_EXPR(wait_now(rep, &ev, 1) == 0, "ET, empty pipe: no EPOLLIN");
	SAFE_WRITE(1, p[1], "a", 1);
	n = wait_now(rep, &ev, 1);
	TST_EXP_EXPR(n == 1 && ev.events == EPOLLIN, "ET, after a write: "
		     "EPOLLIN (%#x)", n ? ev.events : 0);
	TST_EXP_EXPR(wait_now(rep, &ev, 1) == 0, "ET, no new write: nothing");
	SAFE_WRITE(1, p[1], "b", 1);
	TST_EXP_EXPR(wait_now(rep, &ev, 1) == 1, "ET, a second write: "
		     "EPOLLIN again");

	n = wait_now(wep, &ev, 1);
	TST_EXP_EXPR(n == 1 && ev.events == EPOLLOUT, "ET, write end: "
		     "EPOLLOUT (%#x)", n ? ev.events : 0);
	TST_EXP_EXPR(wait_now(wep, &ev, 1) == 0, "ET, write end: once");
	/* fill the pipe: no room, nothing to report */
	while (write(p[1], buf, sizeof(buf)) > 0)
		;
	TST_EXP_EXPR(wait_now(wep, &ev, 1) == 0, "ET, full pipe: no EPOLLOUT");
	/* a reader makes a page of room: EPOLLOUT again */
	while (read(p[0], buf, sizeof(buf)) == sizeof(buf) &&
	       !wait_now(wep, &ev, 1))
		;
	TST_EXP_EXPR(ev.events == EPOLLOUT, "ET, room made by reading: "
		     "EPOLLOUT again");
	SAFE_CLOSE(rep);
	SAFE_CLOSE(wep);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

/* The child closes fd once the parent sleeps in epoll_wait(). */
static void close_when_waiting(int fd)
{
	pid_t parent = getppid();

	wait_task_in_syscall(parent, __NR_epoll_wait);
	SAFE_CLOSE(fd);
	exit(0);
}

static void test_hup_err(void)
{
	struct epoll_event ev;
	int p[2], ep, n, i;
	pid_t pid;

	for (i = 0; i < 2; i++) {
		SAFE_PIPE(p);
		/* i 0: wait on the read end for the writer to go */
		ep = new_ep(p[i], i ? EPOLLOUT : EPOLLIN);
		if (i) {
			/* fill it so that only the error can wake us */
			if (fcntl(p[1], F_SETFL, O_NONBLOCK))
				tst_brk(TBROK | TERRNO, "fcntl()");
			while (write(p[1], &ev, sizeof(ev)) > 0)
				;
		}
		pid = SAFE_FORK();
		if (!pid) {
			SAFE_CLOSE(p[i]);
			close_when_waiting(p[!i]);
		}
		SAFE_CLOSE(p[!i]);
		n = epoll_wait(ep, &ev, 1, WAIT_MS);
		if (!i)
			TST_EXP_EXPR(n == 1 && ev.events == EPOLLHUP,
				     "read end, writer closed: woken with "
				     "EPOLLHUP (%d, %#x)", n, n > 0 ? ev.events : 0);
		else
			TST_EXP_EXPR(n == 1 && (ev.events & EPOLLERR) &&
				     !(ev.events & EPOLLOUT), "write end, "
				     "reader closed: woken with EPOLLERR (%d, "
				     "%#x)", n, n > 0 ? ev.events : 0);
		reap_child(pid);
		SAFE_CLOSE(ep);
		SAFE_CLOSE(p[i]);
	}
}

static void test_all_instances(void)
{
	struct epoll_event ev;
	pid_t pids[3];
	int efd, eps[3], i, n;
	uint64_t one = 1;

	efd = eventfd(0, 0);
	if (efd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	for (i = 0; i < 3; i++)
		eps[i] = new_ep(efd, EPOLLIN);
	for (i = 0; i < 3; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			n = epoll_wait(eps[i], &ev, 1, WAIT_MS);
			TST_EXP_EXPR(n == 1 && ev.events == EPOLLIN, "waiter %d "
				     "of instance %d woken (%d)", i, i, n);
			exit(0);
		}
	}
	for (i = 0; i < 3; i++)
		wait_task_in_syscall(pids[i], __NR_epoll_wait);
	SAFE_WRITE(1, efd, &one, 8);
	for (i = 0; i < 3; i++)
		reap_child(pids[i]);
	for (i = 0; i < 3; i++)
		SAFE_CLOSE(eps[i]);
	SAFE_CLOSE(efd);
}

static void test_rotation(void)
{
	struct epoll_event ev = { .events = EPOLLIN }, out[2];
	int p[NPIPES][2], count[NPIPES] = {0}, ep, i, n, j, fair = 1;

	ep = new_ep(-1, 0);
	for (i = 0; i < NPIPES; i++) {
		SAFE_PIPE(p[i]);
		SAFE_WRITE(1, p[i][1], "x", 1);
		ev.data.u32 = i;
		if (epoll_ctl(ep, EPOLL_CTL_ADD, p[i][0], &ev))
			tst_brk(TBROK | TERRNO, "epoll_ctl()");
	}
	for (i = 0; i < 4 * NPIPES / 2; i++) {
		n = wait_now(ep, out, 2);
		for (j = 0; j < n; j++)
			count[out[j].data.u32]++;
		if (n != 2)
			fair = 0;
	}
	for (i = 0; i < NPIPES; i++) {
		if (count[i] != 4) {
			tst_res(TINFO, "pipe %d reported %d times", i,
				count[i]);
			fair = 0;
		}
		SAFE_CLOSE(p[i][0]);
		SAFE_CLOSE(p[i][1]);
	}
	TST_EXP_EXPR(fair, "%d ready pipes, maxevents 2, %d calls: each "
		     "reported 4 times", NPIPES, 2 * NPIPES);
	SAFE_CLOSE(ep);
}

static void mounts_child(void)
{
	struct epoll_event ev;
	int fd, ep, n;

	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	fd = SAFE_OPEN("/proc/self/mounts", O_RDONLY);
	ep = new_ep(fd, EPOLLPRI);
	TST_EXP_EXPR(wait_now(ep, &ev, 1) == 0, "/proc/self/mounts: no "
		     "EPOLLPRI before a change");
	SAFE_MKDIR("m", 0700);
	SAFE_MOUNT("ltp", "m", "tmpfs", 0, NULL);
	n = epoll_wait(ep, &ev, 1, WAIT_MS);
	TST_EXP_EXPR(n == 1 && (ev.events & EPOLLPRI) &&
		     (ev.events & EPOLLERR), "after mount: EPOLLPRI and "
		     "EPOLLERR (%#x)", n > 0 ? ev.events : 0);
	TST_EXP_EXPR(wait_now(ep, &ev, 1) == 0, "reported once");
	SAFE_UMOUNT("m");
	n = epoll_wait(ep, &ev, 1, WAIT_MS);
	TST_EXP_EXPR(n == 1 && (ev.events & EPOLLPRI), "after umount: "
		     "EPOLLPRI (%#x)", n > 0 ? ev.events : 0);
	exit(0);
}

static void test_mounts(void)
{
	pid_t pid;

	if (geteuid()) {
		tst_res(TCONF, "mounting needs root");
		return;
	}
	pid = SAFE_FORK();
	if (!pid)
		mounts_child();
	reap_child(pid);
}

static void test_timeouts(void)
{
	static const struct timespec ts[] = {{0, 1}, {0, 1000}, {0, 1000000}};
	struct epoll_event ev;
	unsigned int i;
	int ep;

	ep = new_ep(-1, 0);
	TST_EXP_VAL(epoll_wait(ep, &ev, 1, 1), 0, "epoll_wait(), 1 ms");
	TST_EXP_VAL(epoll_pwait(ep, &ev, 1, 1, NULL), 0,
		    "epoll_pwait(), 1 ms");
	for (i = 0; i < ARRAY_SIZE(ts); i++) {
		TEST(syscall(__NR_epoll_pwait2, ep, &ev, 1, &ts[i], NULL, 0));
		if (TST_RET < 0 && TST_ERR == ENOSYS) {
			tst_res(TCONF, "no epoll_pwait2() (Linux 5.11)");
			break;
		}
		TST_EXP_EXPR(TST_RET == 0, "epoll_pwait2(), %ld ns: %ld",
			     ts[i].tv_nsec, TST_RET);
	}
	SAFE_CLOSE(ep);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_et_pipe();
		break;
	case 1:
		test_hup_err();
		break;
	case 2:
		test_all_instances();
		break;
	case 3:
		test_rotation();
		break;
	case 4:
		test_mounts();
		break;
	case 5:
		test_timeouts();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* fs/eventpoll: fix endless busy loop after timeout has expired */
		{"linux-git", "d9ec73301099"},
		{}
	},
};
