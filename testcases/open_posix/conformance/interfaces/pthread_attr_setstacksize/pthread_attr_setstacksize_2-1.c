// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setstacksize(): "The stacksize attribute shall define
 * the minimum stack size (in bytes) allocated for the created thread
 * stack." A thread created with a 1 MiB stacksize writes frames down
 * to 960 KiB below its start (what the thread descriptor and TLS at
 * the top may leave, with room to spare) without a fault; a second
 * one, with the same attribute, recurses without end and must fault
 * with SIGSEGV below its own stack area as pthread_getattr_np()
 * reports it (taken on an alternate stack, si_addr checked), not above
 * it or inside it. Runs in a child.
 */
#include <pthread.h>

#include "pts_j19.h"

#define SZ (1024 * 1024)

static char *lowest;	/* the stack area's lowest address */
static volatile int depth_ok;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	char *a = si->si_addr;

	(void)sig;
	(void)uc;
	_exit(a < lowest && a >= lowest - 1024 * 1024 ? 0 : 1);
}

__attribute__((noinline)) static long dive(char *top, long limit, long n)
{
	volatile char frame[1024];

	frame[0] = (char)n;
	if (limit && top - (char *)frame > limit)
		return frame[0];
	if (n > 100000000)	/* never, but not an infinite recursion */
		return 0;
	return dive(top, limit, n + 1) + frame[0];
}

static void *thr(void *arg)
{
	static char alt[64 * 1024];
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt) };
	char here;
	size_t size;
	void *addr;

	pts_j19_stack_of(pthread_self(), &addr, &size);
	lowest = addr;
	if (arg) {
		dive(&here, 960 * 1024, 0);
		depth_ok = 1;
		return NULL;
	}
	if (sigaltstack(&ss, NULL))
		_exit(3);
	return (void *)dive(&here, 0, 0);
}

static void child(void)
{
	struct sigaction sa;
	pthread_attr_t a;
	pthread_t t;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);
	pthread_attr_init(&a);
	if (pthread_attr_setstacksize(&a, SZ))
		_exit(4);
	if (pthread_create(&t, &a, thr, (void *)1L) || pthread_join(t, NULL))
		_exit(4);
	if (!depth_ok)
		_exit(5);
	if (pthread_create(&t, &a, thr, NULL))
		_exit(4);
	pthread_join(t, NULL);
	_exit(6);
}

int main(void)
{
	int st;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		child();
	if (waitpid(pid, &st, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	if (WIFSIGNALED(st))
		PTS_FAILED("the child died of signal %d", WTERMSIG(st));
	switch (WEXITSTATUS(st)) {
	case 0:
		break;
	case 1:
		PTS_FAILED("a fault inside or above the thread's stack area (or the 960 KiB use)");
	case 6:
		PTS_FAILED("the recursion returned");
	default:
		PTS_UNRES("set-up failed in the child (%d)", WEXITSTATUS(st));
	}
	PTS_PASSED("960 KiB of a 1 MiB stacksize used; the overflow faulted below the area");
}
