// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): "An attempt to modify the alternate signal stack while
 * the process is executing on it" fails ([EPERM]). Inside an SA_ONSTACK
 * handler running on stack A, installing stack B and disabling the
 * stack with SS_DISABLE both fail with -1 [EPERM], while a query (ss
 * NULL) succeeds and reports A with SS_ONSTACK; after the handler A is
 * still in place (flags 0). A handler of another signal without
 * SA_ONSTACK runs on the normal stack, where the same two changes are
 * allowed (B installed, then A again), so the refusal depends on
 * running on the stack, not on being in a handler.
 */
#include "pts_helpers.h"
#include "pts_sigkit.h"

#define SIZE (64 * 1024)

static char *a, *b;
static volatile int done;
static volatile int err_new, err_dis, q_flags, q_a;
static volatile int off_new, off_back;

static int change(void *sp, int flags)
{
	stack_t ss = { .ss_sp = sp, .ss_size = SIZE, .ss_flags = flags };

	errno = 0;
	if (sigaltstack(&ss, NULL) == 0)
		return 0;
	return errno;
}

static void on_alt(int sig)
{
	stack_t q;

	(void)sig;
	err_new = change(b, 0);
	err_dis = change(NULL, SS_DISABLE);
	if (sigaltstack(NULL, &q) == 0) {
		q_flags = q.ss_flags;
		q_a = q.ss_sp == a && q.ss_size == SIZE;
	} else {
		q_flags = -1;
	}
	done = 1;
}

static void on_normal(int sig)
{
	(void)sig;
	off_new = change(b, 0);
	off_back = change(a, 0);
}

int main(void)
{
	struct sigaction sa;
	stack_t got;

	a = malloc(SIZE);
	b = malloc(SIZE);
	if (!a || !b)
		PTS_UNRES("malloc()");
	if (change(a, 0))
		PTS_UNRES("sigaltstack(A): %m");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alt;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	pts_catch(SIGUSR2, on_normal, 0);

	raise(SIGUSR1);
	if (!done)
		PTS_UNRES("the SA_ONSTACK handler did not run");
	if (q_flags != SS_ONSTACK || !q_a)
		PTS_FAILED("query inside the handler: flags %d, stack A %s", q_flags,
			   q_a ? "yes" : "no");
	if (err_new != EPERM)
		PTS_FAILED("installing B on the stack: %s, expected EPERM",
			   err_new ? strerrorname_np(err_new) : "success");
	if (err_dis != EPERM)
		PTS_FAILED("SS_DISABLE on the stack: %s, expected EPERM",
			   err_dis ? strerrorname_np(err_dis) : "success");
	if (sigaltstack(NULL, &got) || got.ss_sp != a || got.ss_size != SIZE ||
	    got.ss_flags != 0)
		PTS_FAILED("after the handler: sp %p size %zu flags %d, expected A, 0",
			   got.ss_sp, got.ss_size, got.ss_flags);

	raise(SIGUSR2);
	if (off_new || off_back)
		PTS_FAILED("changes from a handler on the normal stack: %s, %s",
			   off_new ? strerrorname_np(off_new) : "0",
			   off_back ? strerrorname_np(off_back) : "0");
	PTS_PASSED("EPERM for a new stack and SS_DISABLE while on the stack, "
		   "both allowed off it");
}
