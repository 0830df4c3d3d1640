// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * siginterrupt() (XSI): with flag 0 a system call interrupted by sig is
 * restarted, with flag 1 it fails with [EINTR]. A waitpid() for a child
 * that runs until told: after siginterrupt(SIGUSR1, 0) a SIGUSR1 from
 * another child (handler run) leaves it waiting, and it returns the
 * child's pid and status 3 once that child exits; after
 * siginterrupt(SIGUSR1, 1) the same wait fails with EINTR.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_sigkit.h"

static volatile sig_atomic_t ran;
static int fds[2];

static void handler(int sig)
{
	(void)sig;
	ran++;
}

static int waited(void)
{
	char c;

	close(fds[1]);
	return read(fds[0], &c, 1) == 1 ? 3 : PTS_UNRESOLVED;
}

static int poker(void)
{
	pid_t parent = getppid();

	pts_wait_in_syscall(parent, SYS_wait4);
	kill(parent, SIGUSR1);
	pts_wait_in_syscall(parent, SYS_wait4);
	return write(fds[1], "x", 1) == 1 ? PTS_PASS : PTS_UNRESOLVED;
}

int main(void)
{
	pid_t w, p, r;
	int status;

	pts_catch(SIGUSR1, handler, 0);
	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	siginterrupt(SIGUSR1, 0);
	w = pts_fork_fn(waited);
	p = pts_fork_fn(poker);
	r = waitpid(w, &status, 0);
	if (r != w || !WIFEXITED(status) || WEXITSTATUS(status) != 3)
		PTS_FAILED("flag 0: waitpid() returned %d (%s), status 0x%x",
			   (int)r, strerror(errno), status);
	if (ran != 1)
		PTS_FAILED("flag 0: %d handler runs", (int)ran);
	pts_reap(p, "the first poker");
	siginterrupt(SIGUSR1, 1);
	w = pts_fork_fn(waited);
	fflush(stdout);
	p = fork();
	if (p < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!p) {
		pts_wait_in_syscall(getppid(), SYS_wait4);
		kill(getppid(), SIGUSR1);
		_exit(0);
	}
	PTS_EXPECT_ERRNO(waitpid(w, &status, 0), EINTR, "flag 1: waitpid()");
	if (write(fds[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	if (waitpid(w, &status, 0) != w || waitpid(p, &status, 0) != p)
		PTS_UNRES("reaping: %s", strerror(errno));
	PTS_PASSED("flag 0: waitpid() restarted; flag 1: EINTR");
}
