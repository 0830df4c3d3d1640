// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() and SIGCONT: "The user ID tests described above shall not be
 * applied when sending SIGCONT to a process that is a member of the same
 * session as the sending process." An unprivileged sender (nobody) may
 * send SIGCONT to a root process of its session (0, and the signal is
 * pending there, blocked), but gets [EPERM] for SIGUSR1 to it and for
 * SIGCONT to a root process in another session.
 */
#include "pts_helpers.h"

static pid_t same, other;
static int fds[2];

static int sender(void)
{
	int r1, e1, r2, e2, r3, e3;

	r1 = kill(same, SIGCONT);
	e1 = errno;
	errno = 0;
	r2 = kill(same, SIGUSR1);
	e2 = errno;
	errno = 0;
	r3 = kill(other, SIGCONT);
	e3 = errno;
	printf("nobody: SIGCONT same session %d %s; SIGUSR1 same session %d %s; "
	       "SIGCONT other session %d %s\n", r1, r1 ? strerror(e1) : "",
	       r2, strerror(e2), r3, strerror(e3));
	if (r1 || r2 != -1 || e2 != EPERM || r3 != -1 || e3 != EPERM)
		return PTS_FAIL;
	return PTS_PASS;
}

static pid_t target(int new_session)
{
	pid_t pid;
	char c;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		close(fds[1]);
		if (new_session && setsid() < 0)
			exit(PTS_UNRESOLVED);
		exit(read(fds[0], &c, 1) == 0 ? PTS_PASS : PTS_UNRESOLVED);
	}
	pts_wait_in_syscall(pid, SYS_read);
	return pid;
}

int main(void)
{
	unsigned long long cont = 1ULL << (SIGCONT - 1);
	sigset_t set;
	int status;

	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	sigemptyset(&set);
	sigaddset(&set, SIGCONT);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	same = target(0);
	other = target(1);
	if (getsid(same) != getsid(0) || getsid(other) == getsid(0))
		PTS_UNRES("sessions not as set up");
	pts_run_as_nobody(sender, "the nobody sender");
	printf("pending: same session %llx, other session %llx\n", pts_shared_pending(same),
	       pts_shared_pending(other));
	if (pts_shared_pending(same) != cont)
		PTS_FAILED("SIGCONT not generated (alone) for the same-session process");
	if (pts_shared_pending(other))
		PTS_FAILED("a signal was generated for the other session's process");
	close(fds[1]);
	if (waitpid(same, &status, 0) != same || status ||
	    waitpid(other, &status, 0) != other || status)
		PTS_UNRES("a target failed (status %#x)", status);
	PTS_PASSED("SIGCONT within the session skips the uid checks, only there");
}
