// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill(-1, sig): "sig shall be sent to all processes (excluding an
 * unspecified set of system processes) for which the process has
 * permission to send that signal". Under a uid no other process has, a
 * sender with two children of the same uid (SIGUSR1 blocked) sends
 * SIGUSR1 to -1: it returns 0 and both children have SIGUSR1 pending
 * (read from /proc/PID/status) while the root parent, which it may not
 * signal, has not. Whether the sender itself is included is not
 * specified: only printed.
 */
#include "pts_helpers.h"

static int sender(void)
{
	unsigned long long bit = 1ULL << (SIGUSR1 - 1);
	pid_t kid[2], parent = getppid();
	int fds[2], i, ret = PTS_PASS, status;
	sigset_t pend;
	char c;

	if (pipe(fds))
		return PTS_UNRESOLVED;
	for (i = 0; i < 2; i++) {
		fflush(stdout);
		kid[i] = fork();
		if (kid[i] < 0)
			return PTS_UNRESOLVED;
		if (!kid[i]) {
			close(fds[1]);
			exit(read(fds[0], &c, 1) == 0 ? PTS_PASS : PTS_UNRESOLVED);
		}
	}
	close(fds[0]);
	if (kill(-1, SIGUSR1)) {
		printf("kill(-1, SIGUSR1): %s\n", strerror(errno));
		ret = PTS_FAIL;
	}
	sigpending(&pend);
	printf("children pending %llx %llx; root parent %llx; sender included: %d "
	       "(unspecified)\n", pts_shared_pending(kid[0]), pts_shared_pending(kid[1]), pts_shared_pending(parent),
	       sigismember(&pend, SIGUSR1));
	for (i = 0; i < 2; i++)
		if (pts_shared_pending(kid[i]) != bit)
			ret = PTS_FAIL;
	if (pts_shared_pending(parent) & bit)
		ret = PTS_FAIL;
	close(fds[1]);
	for (i = 0; i < 2; i++)
		if (waitpid(kid[i], &status, 0) != kid[i] || status)
			ret = ret == PTS_PASS ? PTS_UNRESOLVED : ret;
	return ret;
}

int main(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pts_run_as_own_uid(sender, "the sender under its own uid");
	PTS_PASSED("kill(-1) reached the processes of the sender's uid only");
}
