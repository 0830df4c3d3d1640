// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): handlers established with SA_ONSTACK run on the
 * alternate stack also when nested: a second SA_ONSTACK signal raised
 * from inside the first handler runs on the same alternate stack, below
 * the first handler's frame (not from the top again), and sigaltstack()
 * reports SS_ONSTACK in both; after both return the stack is no longer
 * in use (flags 0). A child created by fork() keeps the alternate stack
 * settings (ss_sp, ss_size) of the parent.
 */
#include "pts_helpers.h"

static char *stk;
static size_t stksz;
static volatile char *addr1, *addr2;
static volatile int on1, on2;

static int on_alt(volatile char *a)
{
	return a >= stk && a < stk + stksz;
}

static void h2(int sig)
{
	volatile char here;
	stack_t ss;

	(void)sig;
	addr2 = &here;
	on2 = !sigaltstack(NULL, &ss) && (ss.ss_flags & SS_ONSTACK);
}

static void h1(int sig)
{
	volatile char here;
	stack_t ss;

	(void)sig;
	addr1 = &here;
	on1 = !sigaltstack(NULL, &ss) && (ss.ss_flags & SS_ONSTACK);
	raise(SIGUSR2);
}

int main(void)
{
	struct sigaction sa;
	stack_t ss, cur;
	int status;
	pid_t pid;

	stksz = 256 * 1024;
	stk = malloc(stksz);
	if (!stk)
		PTS_UNRES("malloc()");
	ss.ss_sp = stk;
	ss.ss_size = stksz;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		PTS_UNRES("sigaltstack(): %m");
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_ONSTACK;
	sa.sa_handler = h1;
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_handler = h2;
	sigaction(SIGUSR2, &sa, NULL);
	raise(SIGUSR1);
	if (!addr1 || !addr2)
		PTS_UNRES("handlers did not run");
	if (!on_alt(addr1) || !on_alt(addr2))
		PTS_FAILED("handler frames %p %p, alternate stack [%p, %p)", (void *)addr1,
			   (void *)addr2, (void *)stk, (void *)(stk + stksz));
	if (addr2 >= addr1)
		PTS_FAILED("nested handler's frame %p not below the first's %p",
			   (void *)addr2, (void *)addr1);
	if (!on1 || !on2)
		PTS_FAILED("SS_ONSTACK not reported inside the handlers (%d %d)", on1, on2);
	if (sigaltstack(NULL, &cur) || (cur.ss_flags & SS_ONSTACK))
		PTS_FAILED("SS_ONSTACK still set after the handlers returned");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (sigaltstack(NULL, &cur))
			_exit(3);
		_exit(cur.ss_sp == stk && cur.ss_size == stksz &&
		      !(cur.ss_flags & (SS_DISABLE | SS_ONSTACK)) ? 0 : 4);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("the child's alternate stack differs: status %#x", status);
	PTS_PASSED("nested SA_ONSTACK handlers on the same alternate stack, kept across fork");
}
