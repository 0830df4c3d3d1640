// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue() error paths: [EINVAL] for a signal number that is not
 * supported (-1, 0 is valid, _NSIG + 1), [ESRCH] for a process that does
 * not exist (a reaped child), and with signal 0 only the checks are
 * made: 0 for an existing process, nothing delivered.
 */
#include "pts_helpers.h"

int main(void)
{
	union sigval v = { 0 };
	int status;
	pid_t pid;

	PTS_EXPECT_ERRNO(sigqueue(getpid(), -1, v), EINVAL, "sigqueue(sig -1)");
	PTS_EXPECT_ERRNO(sigqueue(getpid(), _NSIG + 1, v), EINVAL,
			 "sigqueue(sig _NSIG + 1)");
	if (sigqueue(getpid(), 0, v))
		PTS_FAILED("sigqueue(self, 0): %m");
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(0);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	PTS_EXPECT_ERRNO(sigqueue(pid, SIGUSR1, v), ESRCH, "sigqueue(reaped pid)");
	PTS_EXPECT_ERRNO(sigqueue(pid, 0, v), ESRCH, "sigqueue(reaped pid, 0)");
	PTS_PASSED("EINVAL, ESRCH and the signal-0 check as specified");
}
