// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * epoll_wait() delivery rules. Level-triggered: a readable pipe is
 * reported on every call until drained. Edge-triggered (EPOLLET): once
 * per change; new data reports it again. EPOLLONESHOT: once, then not
 * until EPOLL_CTL_MOD re-arms it. Timeout 0 returns at once, a positive
 * timeout waits at least that long when nothing happens, -1 waits until
 * another process makes a descriptor ready. maxevents caps the number
 * returned, and the events left over come with the next call. EPOLLOUT is
 * reported for a pipe's write end with room, EPOLLRDHUP for a socket whose
 * peer shut down writing.
 */
#include <sys/epoll.h>
#include <sys/socket.h>
#include "time_event.h"
#include "task_wait.h"

static int epfd = -1;

static int ready(struct epoll_event *evs, int max)
{
	int n = epoll_wait(epfd, evs, max, 0);

	if (n < 0)
		tst_brk(TBROK | TERRNO, "epoll_wait()");
	return n;
}

static void add(int fd, unsigned int events, uint64_t data)
{
	struct epoll_event ev = {.events = events, .data.u64 = data};

	if (epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD, %d)", fd);
}

static void test_level_edge(void)
{
	struct epoll_event ev[2];
	int lt[2], et[2], n;
	char buf[4];

	SAFE_PIPE(lt);
	SAFE_PIPE(et);
	add(lt[0], EPOLLIN, 1);
	add(et[0], EPOLLIN | EPOLLET, 2);
	SAFE_WRITE(1, lt[1], "ab", 2);
	SAFE_WRITE(1, et[1], "ab", 2);
	TST_EXP_VAL(ready(ev, 2), 2, "both pipes reported the first time");
	n = ready(ev, 2);
	TST_EXP_EXPR(n == 1 && ev[0].data.u64 == 1,
		     "only the level-triggered pipe reported again");
	SAFE_READ(1, lt[0], buf, 1);
	SAFE_READ(1, et[0], buf, 1);
	n = ready(ev, 2);
	TST_EXP_EXPR(n == 1 && ev[0].data.u64 == 1,
		     "after a partial read: level-triggered still reported, "
		     "edge-triggered not");
	SAFE_WRITE(1, et[1], "c", 1);
	n = ready(ev, 2);
	TST_EXP_EXPR(n == 2, "new data reports the edge-triggered "
		     "pipe again");
	SAFE_READ(1, lt[0], buf, 1);
	n = ready(ev, 2);
	TST_EXP_EXPR(n == 0, "a drained level-triggered pipe is not "
		     "reported");
	SAFE_CLOSE(lt[0]);
	SAFE_CLOSE(lt[1]);
	SAFE_CLOSE(et[0]);
	SAFE_CLOSE(et[1]);
}

static void test_oneshot(void)
{
	struct epoll_event ev, mod = {.events = EPOLLIN | EPOLLONESHOT,
				      .data.u64 = 3};
	int p[2];

	SAFE_PIPE(p);
	add(p[0], EPOLLIN | EPOLLONESHOT, 3);
	SAFE_WRITE(1, p[1], "a", 1);
	TST_EXP_VAL(ready(&ev, 1), 1, "EPOLLONESHOT: reported once");
	SAFE_WRITE(1, p[1], "b", 1);
	TST_EXP_VAL(ready(&ev, 1), 0, "then not again, even with new data");
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_MOD, p[0], &mod),
		     "epoll_ctl(MOD) re-arms it");
	TST_EXP_VAL(ready(&ev, 1), 1, "reported again after re-arming");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void test_timeouts(void)
{
	struct epoll_event ev;
	long long start, waited;
	int p[2];
	pid_t pid;

	SAFE_PIPE(p);
	add(p[0], EPOLLIN, 4);
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(epoll_wait(epfd, &ev, 1, 0), 0, "epoll_wait(timeout 0) "
		    "with nothing ready");
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(epoll_wait(epfd, &ev, 1, 50), 0, "epoll_wait(timeout "
		    "50 ms) with nothing ready");
	waited = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(waited >= 50 * NSEC_PER_MSEC, "it waited %lld ns >= "
		     "50 ms", waited);

	/*
	 * The child blocks and the parent watches it: under Yama's
	 * ptrace_scope 1 a task may read /proc/PID/syscall of its
	 * descendants only.
	 */
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(syscall(SYS_epoll_wait, epfd, &ev, 1, -1), 1,
			    "epoll_wait(timeout -1) woken by another process's "
			    "write");
		TST_EXP_EQ_LU(ev.data.u64, 4);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_epoll_wait);
	SAFE_WRITE(1, p[1], "x", 1);
	reap_child(pid);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void test_maxevents(void)
{
	struct epoll_event ev[8];
	int p[5][2], i, seen = 0, n;

	for (i = 0; i < 5; i++) {
		SAFE_PIPE(p[i]);
		add(p[i][0], EPOLLIN | EPOLLONESHOT, 1u << i);
		SAFE_WRITE(1, p[i][1], "x", 1);
	}
	n = ready(ev, 2);
	TST_EXP_VAL(n, 2, "epoll_wait(maxevents 2) with 5 ready");
	for (i = 0; i < n; i++)
		seen |= ev[i].data.u64;
	n = ready(ev, 8);
	TST_EXP_VAL(n, 3, "the next call returns the other 3");
	for (i = 0; i < n; i++) {
		TST_EXP_EXPR(!(seen & ev[i].data.u64), "event %#llx not "
			     "returned twice",
			     (unsigned long long)ev[i].data.u64);
		seen |= ev[i].data.u64;
	}
	TST_EXP_EQ_LI(seen, 0x1f);
	for (i = 0; i < 5; i++) {
		SAFE_CLOSE(p[i][0]);
		SAFE_CLOSE(p[i][1]);
	}
}

static void test_out_rdhup(void)
{
	struct epoll_event ev;
	int p[2], sv[2], n;

	SAFE_PIPE(p);
	add(p[1], EPOLLOUT, 5);
	n = ready(&ev, 1);
	TST_EXP_EXPR(n == 1 && ev.events == EPOLLOUT,
		     "EPOLLOUT for a pipe with room (%#x)", ev.events);
	epoll_ctl(epfd, EPOLL_CTL_DEL, p[1], NULL);

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sv);
	add(sv[0], EPOLLIN | EPOLLRDHUP, 6);
	TST_EXP_VAL(ready(&ev, 1), 0, "an idle socket is not reported");
	if (shutdown(sv[1], SHUT_WR))
		tst_brk(TBROK | TERRNO, "shutdown(SHUT_WR)");
	n = ready(&ev, 1);
	TST_EXP_EXPR(n == 1 && (ev.events & EPOLLRDHUP) &&
		     (ev.events & EPOLLIN), "EPOLLRDHUP | EPOLLIN once the peer"
		     " shut down writing (%#x)", ev.events);
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_level_edge();
		break;
	case 1:
		test_oneshot();
		break;
	case 2:
		test_timeouts();
		break;
	case 3:
		test_maxevents();
		break;
	case 4:
		test_out_rdhup();
		break;
	}
}

static void setup(void)
{
	epfd = epoll_create1(0);
	if (epfd < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
}

static void cleanup(void)
{
	if (epfd >= 0)
		SAFE_CLOSE(epfd);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
