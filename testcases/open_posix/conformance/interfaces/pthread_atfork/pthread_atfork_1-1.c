// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_atfork(): at fork() the prepare handlers run in the parent
 * before the fork, in the reverse order of their registration; after it
 * the parent handlers run in the parent and the child handlers in the
 * child, both in the order of registration. Each handler is checked to
 * run in the right process (getpid()), and a handler set registered with
 * NULL entries still has its other entries called. Handlers registered
 * before a fork stay registered in the child: its own fork runs them.
 */
#include <pthread.h>

#include "pts_helpers.h"

static char log_[64];
static int n;
static pid_t parent_pid;
static volatile int wrong;

#define H(name, ch, in_parent) \
static void name(void) \
{ \
	if ((getpid() == parent_pid) != (in_parent)) \
		wrong = 1; \
	if (n < 63) \
		log_[n++] = ch; \
}

H(prep1, 'a', 1)
H(prep2, 'b', 1)
H(prep3, 'c', 1)
H(par1, 'A', 1)
H(par2, 'B', 1)
H(par3, 'C', 1)
H(chi1, '1', 0)
H(chi3, '3', 0)

static int grandchild_check(void)
{
	pid_t pid;
	int status;

	/* in the child: the handlers are still registered */
	parent_pid = getpid();
	n = 0;
	memset(log_, 0, sizeof(log_));
	pid = fork();
	if (pid < 0)
		return PTS_UNRESOLVED;
	if (!pid)
		_exit(strcmp(log_, "cba13") ? 1 : wrong ? 2 : 0);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return PTS_UNRESOLVED;
	if (WEXITSTATUS(status)) {
		printf("grandchild: child handlers wrong (%d)\n",
		       WEXITSTATUS(status));
		return PTS_FAIL;
	}
	if (strcmp(log_, "cbaABC")) {
		printf("child's fork: parent-side log '%s', expected 'cbaABC'\n",
		       log_);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pid_t pid;
	int status, err;

	parent_pid = getpid();
	err = pthread_atfork(prep1, par1, chi1);
	err |= pthread_atfork(prep2, par2, NULL);
	err |= pthread_atfork(prep3, par3, chi3);
	if (err)
		PTS_UNRES("pthread_atfork() failed: %d", err);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		if (wrong) {
			printf("a handler ran in the wrong process\n");
			exit(PTS_FAIL);
		}
		if (strcmp(log_, "cba13")) {
			printf("child's log '%s', expected 'cba13' (prepare in reverse, child handlers in order)\n",
			       log_);
			exit(PTS_FAIL);
		}
		exit(grandchild_check());
	}
	if (wrong)
		PTS_FAILED("a handler ran in the wrong process");
	if (strcmp(log_, "cbaABC"))
		PTS_FAILED("parent's log '%s', expected 'cbaABC'", log_);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	if (!WIFEXITED(status))
		PTS_UNRES("child killed by signal %d", WTERMSIG(status));
	if (WEXITSTATUS(status))
		PTS_EXIT(WEXITSTATUS(status), "child exited with PTS code %d",
			 WEXITSTATUS(status));
	PTS_PASSED("prepare handlers in reverse order, parent and child handlers in order, in their processes, inherited by the child");
}
