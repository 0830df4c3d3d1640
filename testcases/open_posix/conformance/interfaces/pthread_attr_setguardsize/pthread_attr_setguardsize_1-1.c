// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setguardsize(): with a non-zero guardsize the
 * implementation "allocates extra memory at the overflow end of the
 * stack of the thread" as a buffer against overflow; an overflow into
 * it gives a signal. A thread created with 4 pages of guard (and a stack
 * size of its own) finds the mapping its stack lies in (/proc/self/maps)
 * and checks that directly below it (the overflow end of a downward
 * stack) lies an inaccessible mapping of at least the guard size; a
 * write to the byte just below its stack is then killed with SIGSEGV
 * (in a child process; the parent checks its status).
 */
#include <pthread.h>

#include "pts_helpers.h"

#define GUARD_PAGES 4

static size_t guard;

static void *thread(void *arg)
{
	unsigned long s, e, lo = 0, below_s = 0, below_e = 0;
	volatile char local = 0;
	char perms[8], line[512], below_perms[8] = "";
	unsigned long addr = (unsigned long)&local;
	FILE *f;

	(void)arg;
	f = fopen("/proc/self/maps", "r");
	if (!f)
		exit(PTS_UNRESOLVED);
	/* first pass: the mapping that holds the stack */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %7s", &s, &e, perms) == 3 &&
		    addr >= s && addr < e)
			lo = s;
	rewind(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %7s", &s, &e, perms) == 3 && e == lo) {
			below_s = s;
			below_e = e;
			memcpy(below_perms, perms, sizeof(perms));
		}
	fclose(f);
	if (!lo) {
		printf("no mapping holds the stack address %lx\n", addr);
		exit(PTS_UNRESOLVED);
	}
	printf("stack mapping starts at %lx; below it: %s %lu bytes (guard %zu)\n",
	       lo, below_e ? below_perms : "nothing", below_e - below_s, guard);
	if (!below_e || strncmp(below_perms, "---", 3) ||
	    below_e - below_s < guard) {
		printf("Test FAILED: no inaccessible guard of %zu bytes below the stack\n",
		       guard);
		exit(PTS_FAIL);
	}
	fflush(stdout);
	*(volatile char *)(lo - 1) = 1;
	printf("Test FAILED: a write into the guard did not fault\n");
	exit(PTS_FAIL);
}

static int child(void)
{
	pthread_attr_t a;
	size_t got;
	pthread_t t;
	int err;

	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, 64 * sysconf(_SC_PAGESIZE));
	if (pthread_attr_setguardsize(&a, guard))
		PTS_UNRES("setguardsize(%zu) failed", guard);
	pthread_attr_getguardsize(&a, &got);
	if (got != guard)
		PTS_FAILED("guardsize read back %zu, set %zu", got, guard);
	err = pthread_create(&t, &a, thread, NULL);
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	pthread_join(t, NULL);
	return PTS_UNRESOLVED;
}

int main(void)
{
	int status;
	pid_t pid;

	guard = GUARD_PAGES * sysconf(_SC_PAGESIZE);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		exit(child());
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	if (WIFEXITED(status))
		PTS_EXIT(WEXITSTATUS(status), "child exited with PTS code %d",
			 WEXITSTATUS(status));
	if (WTERMSIG(status) != SIGSEGV)
		PTS_FAILED("the child was killed by signal %d, expected SIGSEGV",
			   WTERMSIG(status));
	PTS_PASSED("guard of %zu bytes below the stack; overflow into it SIGSEGV",
		   guard);
}
