/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * "The system shall not allow the blocking of signals which cannot be
 * ignored", without an error (sigprocmask_10-1, pthread_sigmask_10-1):
 * a child blocks a full set with the call under test (which must return
 * 0), the kernel's mask of the thread (SigBlk) holds every other
 * signal but neither SIGKILL nor SIGSTOP, and both still act: SIGSTOP
 * stops the child (waitpid() WUNTRACED), a blocked SIGCONT continues it
 * (WCONTINUED), and SIGKILL kills it.
 */
#ifndef PTS_UNBLOCKABLE_H
#define PTS_UNBLOCKABLE_H

#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

/* fn blocks every signal in set with the call under test, returns its value */
static inline void pts_unblockable_check(int (*fn)(const sigset_t *set),
					 const char *what)
{
	unsigned long long m, want;
	int p[2], status, r, s;
	sigset_t all;
	pid_t pid;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(p[0]);
		sigfillset(&all);
		r = fn(&all);
		if (r) {
			printf("%s of a full set returned %d\n", what, r);
			_exit(PTS_FAIL);
		}
		m = pts_task_mask(getpid(), pts_gettid(), "SigBlk");
		want = 0;
		for (s = 1; s <= SIGRTMAX; s++)
			if (sigismember(&all, s) && s != SIGKILL && s != SIGSTOP)
				want |= PTS_SIGBIT(s);
		if (m != want) {
			printf("SigBlk %llx, expected %llx (all but KILL, STOP)\n",
			       m, want);
			_exit(PTS_FAIL);
		}
		if (write(p[1], "x", 1) != 1)
			_exit(PTS_UNRESOLVED);
		for (;;)
			pause();
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1) {
		waitpid(pid, &status, 0);
		PTS_EXIT(WIFEXITED(status) ? WEXITSTATUS(status) : PTS_UNRESOLVED,
			 "%s: the child failed its checks (status 0x%x)", what,
			 status);
	}
	kill(pid, SIGSTOP);
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status) ||
	    WSTOPSIG(status) != SIGSTOP)
		PTS_FAILED("%s: SIGSTOP did not stop the child (status 0x%x)", what,
			   status);
	kill(pid, SIGCONT);
	if (waitpid(pid, &status, WCONTINUED) != pid || !WIFCONTINUED(status))
		PTS_FAILED("%s: SIGCONT did not continue the child (status 0x%x)",
			   what, status);
	kill(pid, SIGKILL);
	pts_expect_killed(pid, SIGKILL, what);
}

#endif /* PTS_UNBLOCKABLE_H */
