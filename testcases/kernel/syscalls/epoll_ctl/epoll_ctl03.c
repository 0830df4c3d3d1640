// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The exact epoll nesting limit (EP_MAX_NESTS 4 in fs/eventpoll.c): a
 * chain of epoll instances watching one another may hold 5 instances (4
 * epoll-in-epoll links), whichever way it is built, and the link that
 * would make a 6th fails with ELOOP:
 *  - bottom-up: each new instance watches the previous outermost one;
 *  - top-down: each new instance is added into the innermost one (before
 *    f2e467a48287 only the depth below the added instance was checked, so
 *    this way chains grew without bound);
 *  - joining two chains in the middle: 2 + 3 instances join, 3 + 3 do not.
 * A failed add registers nothing. An event at the bottom of a 5-deep
 * chain is reported by the outermost instance. Cycles are ELOOP at any
 * depth: A in B then B in A; A in B in C then C in A.
 *
 * Fixed by f2e467a48287 ("eventpoll: Fix semi-unbounded recursion").
 */
#include <sys/epoll.h>
#include "tst_test.h"

#define MAX_CHAIN 5

static int pfd[2] = { -1, -1 };

static int new_ep(void)
{
	int fd = epoll_create1(0);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
	return fd;
}

static int add(int ep, int fd)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.fd = fd };

	return epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
}

static void must_add(int ep, int fd)
{
	if (add(ep, fd))
		tst_brk(TBROK | TERRNO, "epoll_ctl(%d, ADD, %d)", ep, fd);
}

/* Number of events ep reports now (timeout 0). */
static int ready(int ep)
{
	struct epoll_event ev[4];
	int n = epoll_wait(ep, ev, 4, 0);

	if (n < 0)
		tst_brk(TBROK | TERRNO, "epoll_wait(%d)", ep);
	return n;
}

static void close_all(int *fds, int n)
{
	while (n--)
		SAFE_CLOSE(fds[n]);
}

static void test_bottom_up(void)
{
	int ep[MAX_CHAIN + 1], i, extra;
	char c;

	ep[0] = new_ep();
	must_add(ep[0], pfd[0]);
	for (i = 1; i < MAX_CHAIN; i++) {
		ep[i] = new_ep();
		TST_EXP_PASS(add(ep[i], ep[i - 1]), "bottom-up: instance %d "
			     "watches instance %d", i + 1, i);
	}
	ep[MAX_CHAIN] = new_ep();
	TST_EXP_FAIL(add(ep[MAX_CHAIN], ep[MAX_CHAIN - 1]), ELOOP,
		     "bottom-up: a 6th instance watching the 5-deep chain");

	SAFE_WRITE(1, pfd[1], "x", 1);
	TST_EXP_EQ_LI(ready(ep[MAX_CHAIN - 1]), 1);
	TST_EXP_EQ_LI(ready(ep[MAX_CHAIN]), 0);
	/* the failed add left nothing behind: the same add fails again */
	TST_EXP_FAIL(add(ep[MAX_CHAIN], ep[MAX_CHAIN - 1]), ELOOP,
		     "bottom-up: the 6th again");
	SAFE_READ(1, pfd[0], &c, 1);

	/* any other epoll instance under the bottom one also is a 6th */
	extra = new_ep();
	TST_EXP_FAIL(add(ep[0], extra), ELOOP,
		     "bottom-up: an instance added under the bottom one");
	SAFE_CLOSE(extra);
	close_all(ep, MAX_CHAIN + 1);
}

static void test_top_down(void)
{
	int ep[MAX_CHAIN + 1], i;

	ep[0] = new_ep();
	for (i = 1; i < MAX_CHAIN; i++) {
		ep[i] = new_ep();
		TST_EXP_PASS(add(ep[i - 1], ep[i]), "top-down: instance %d "
			     "added into instance %d", i + 1, i);
	}
	ep[MAX_CHAIN] = new_ep();
	TST_EXP_FAIL(add(ep[MAX_CHAIN - 1], ep[MAX_CHAIN]), ELOOP,
		     "top-down: a 6th instance added into the innermost");
	TST_EXP_PASS(add(ep[MAX_CHAIN - 1], pfd[0]),
		     "top-down: a pipe into the innermost (not an instance)");
	close_all(ep, MAX_CHAIN + 1);
}

/* Chains of a and b instances; add the top of b into the bottom of a. */
static void test_join(int a, int b, int exp_errno)
{
	int x[MAX_CHAIN], y[MAX_CHAIN], i;

	for (i = 0; i < a; i++) {
		x[i] = new_ep();
		if (i)
			must_add(x[i - 1], x[i]);
	}
	for (i = 0; i < b; i++) {
		y[i] = new_ep();
		if (i)
			must_add(y[i - 1], y[i]);
	}
	if (exp_errno)
		TST_EXP_FAIL(add(x[a - 1], y[0]), exp_errno,
			     "joining chains of %d and %d instances", a, b);
	else
		TST_EXP_PASS(add(x[a - 1], y[0]),
			     "joining chains of %d and %d instances", a, b);
	close_all(x, a);
	close_all(y, b);
}

static void test_cycles(void)
{
	int a = new_ep(), b = new_ep(), c = new_ep();

	must_add(b, a);
	TST_EXP_FAIL(add(a, b), ELOOP, "A in B, then B in A");
	must_add(c, b);
	TST_EXP_FAIL(add(a, c), ELOOP, "A in B in C, then C in A");
	TST_EXP_FAIL(add(b, c), ELOOP, "A in B in C, then C in B");
	SAFE_CLOSE(a);
	SAFE_CLOSE(b);
	SAFE_CLOSE(c);
}

static void run(void)
{
	test_bottom_up();
	test_top_down();
	test_join(2, 3, 0);
	test_join(3, 2, 0);
	test_join(3, 3, ELOOP);
	test_cycles();
}

static void setup(void)
{
	SAFE_PIPE(pfd);
}

static void cleanup(void)
{
	if (pfd[0] >= 0) {
		SAFE_CLOSE(pfd[0]);
		SAFE_CLOSE(pfd[1]);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "f2e467a48287"},
		{}
	},
};
