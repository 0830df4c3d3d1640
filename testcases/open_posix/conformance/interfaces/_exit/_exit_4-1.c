// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * _exit(): "If the process is a controlling process, the SIGHUP signal
 * shall be sent to each process in the foreground process group of the
 * controlling terminal belonging to the calling process." A session
 * leader acquires a pseudo-terminal as its controlling terminal; a child
 * in its (foreground) group catches SIGHUP when the leader exits, while
 * a child in a background group of the session does not (the signal is
 * generated during the leader's exit, before its parent's wait returns,
 * so the background child's report, asked for afterwards, is final).
 */
#include <sys/ioctl.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

static volatile sig_atomic_t hup;

static void on_hup(int sig)
{
	(void)sig;
	hup = 1;
}

/* a child of the leader: report readiness, then on request whether it got SIGHUP */
static void member(int bg, int rfd, int wfd)
{
	char c;

	if (bg && setpgid(0, 0))
		_exit(3);
	if (write(wfd, "r", 1) != 1)
		_exit(4);
	while (read(rfd, &c, 1) != 1 && errno == EINTR)
		;
	c = hup ? 'H' : 'n';
	_exit(write(wfd, &c, 1) == 1 ? 0 : 5);
}

static void leader(int wfd, int fg_r, int bg_r)
{
	int m, s;

	if (setsid() < 0)
		_exit(10);
	m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) || unlockpt(m))
		_exit(11);
	s = open(ptsname(m), O_RDWR);
	if (s < 0)
		_exit(12);
	if (ioctl(s, TIOCSCTTY, 0) && errno != EPERM)
		_exit(13);
	if (tcgetpgrp(s) != getpgrp())
		_exit(14);
	if (!fork())
		member(0, fg_r, wfd);
	if (!fork())
		member(1, bg_r, wfd);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = on_hup };
	int rep[2], fg[2], bg[2], status, i;
	char c, r[2];
	pid_t l;

	if (prctl(PR_SET_CHILD_SUBREAPER, 1))
		PTS_UNRES("PR_SET_CHILD_SUBREAPER: %m");
	sigemptyset(&sa.sa_mask);
	sigaction(SIGHUP, &sa, NULL);
	if (pipe(rep) || pipe(fg) || pipe(bg))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	l = fork();
	if (l < 0)
		PTS_UNRES("fork(): %m");
	if (!l) {
		leader(rep[1], fg[0], bg[0]);
		/* wait until both members are ready, then exit */
		for (i = 0; i < 2; i++)
			if (read(rep[0], &c, 1) != 1)
				_exit(15);
		_exit(0);
	}
	if (waitpid(l, &status, 0) != l)
		PTS_UNRES("waitpid(leader): %m");
	if (WIFEXITED(status) && WEXITSTATUS(status) >= 10) {
		if (WEXITSTATUS(status) == 11 || WEXITSTATUS(status) == 12)
			PTS_UNSUPP("no pseudo-terminal available (step %d)", WEXITSTATUS(status));
		PTS_UNRES("leader set-up failed at step %d", WEXITSTATUS(status));
	}
	if (!WIFEXITED(status))
		PTS_UNRES("leader status %#x", status);
	if (write(fg[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (read(rep[0], &r[0], 1) != 1)
		PTS_UNRES("no report from the foreground member");
	if (write(bg[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (read(rep[0], &r[1], 1) != 1)
		PTS_UNRES("no report from the background member");
	while (wait(&status) > 0)
		;
	if (r[0] != 'H')
		PTS_FAILED("the foreground member got no SIGHUP on the controlling process's exit");
	if (r[1] != 'n')
		PTS_FAILED("the background member got SIGHUP");
	PTS_PASSED("SIGHUP to the foreground group only when the controlling process exits");
}
