// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wait(): suspends the caller until a child terminates (the child sees
 * the parent asleep in the wait before it exits), then returns that
 * child's pid with its status: WIFEXITED with the low 8 bits of the
 * exit value (exit(0x1ab) reads 0xab), or WIFSIGNALED with the signal
 * for a killed child. With no child left it fails with [ECHILD].
 */
#include "pts_helpers.h"

int main(void)
{
	pid_t me = getpid(), pid, r;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(me, SYS_wait4);
		_exit(0x1ab);
	}
	r = wait(&status);
	if (r != pid)
		PTS_FAILED("wait() returned %d (%m), expected %d", (int)r, (int)pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0xab)
		PTS_FAILED("status %#x, expected exited with 0xab", status);

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(me, SYS_wait4);
		raise(SIGTERM);
		_exit(1);
	}
	r = wait(&status);
	if (r != pid || !WIFSIGNALED(status) || WTERMSIG(status) != SIGTERM)
		PTS_FAILED("wait() returned %d status %#x, expected %d killed by SIGTERM",
			   (int)r, status, (int)pid);
	PTS_EXPECT_ERRNO(wait(&status), ECHILD, "wait() without children");
	PTS_PASSED("wait() blocks until the child exits, pid and status (low 8 bits, signal), ECHILD");
}
