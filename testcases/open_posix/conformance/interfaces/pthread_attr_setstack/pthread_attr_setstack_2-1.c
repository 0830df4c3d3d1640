// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setstack(): "The stack attributes specify the area of
 * storage to be used for the created thread's stack." The test maps a
 * 64 KiB area with an inaccessible (PROT_NONE) page right below it and
 * gives the area to a thread, which recurses, writing each frame, until
 * it overflows: the fault is a SIGSEGV whose si_addr lies in that very
 * page (taken on an alternate signal stack the thread set up), so the
 * thread ran on the area given and on nothing else. Its deepest frame
 * Runs in a child.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

#define AREA (64 * 1024)

static char *guard;
static long pg;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	char *a = si->si_addr;

	(void)sig;
	(void)uc;
	_exit(a >= guard && a < guard + pg ? 0 : 1);
}

__attribute__((noinline)) static long dive(long n)
{
	volatile char frame[512];

	frame[0] = (char)n;
	frame[511] = (char)n;
	if (n > 100000000)	/* 50 GB of frames: never, but not infinite */
		return 0;
	return dive(n + 1) + frame[0] + frame[511];
}

static void *thr(void *arg)
{
	static char alt[64 * 1024];
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt) };
	struct sigaction sa;

	(void)arg;
	if (sigaltstack(&ss, NULL))
		_exit(3);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);
	return (void *)dive(0);
}

static void child(void)
{
	pthread_attr_t a;
	pthread_t t;
	char *mem;

	mem = mmap(NULL, pg + AREA, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED || mprotect(mem, pg, PROT_NONE))
		_exit(4);
	guard = mem;
	pthread_attr_init(&a);
	if (pthread_attr_setstack(&a, mem + pg, AREA) ||
	    pthread_create(&t, &a, thr, NULL))
		_exit(5);
	pthread_join(t, NULL);
	_exit(6);	/* the recursion never ends without the fault */
}

int main(void)
{
	int st;
	pid_t pid;

	pg = sysconf(_SC_PAGESIZE);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		child();
	if (waitpid(pid, &st, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	if (WIFSIGNALED(st))
		PTS_FAILED("the child died of signal %d: no fault in the guard page",
			   WTERMSIG(st));
	switch (WEXITSTATUS(st)) {
	case 0:
		break;
	case 1:
		PTS_FAILED("the overflow faulted outside the page below the area");
	case 6:
		PTS_FAILED("the recursion returned");
	default:
		PTS_UNRES("set-up failed in the child (%d)", WEXITSTATUS(st));
	}
	PTS_PASSED("the thread's stack overflow faulted in the page right below the given area");
}
