// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll(): "[EINTR] A signal was caught during poll()". A poll() with no
 * timeout (-1) on an empty pipe, and one with a timeout of 60 s, each
 * interrupted by a caught SIGUSR1 (handler without SA_RESTART, sent by a
 * child once we sleep in poll or ppoll) return -1 with EINTR at once,
 * revents 0, the handler having run; the pipe's data is still there
 * afterwards and a poll() then reports POLLIN.
 */
#include <poll.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

static volatile sig_atomic_t caught;

static void handler(int sig)
{
	(void)sig;
	caught++;
}

static void interrupted(int fd, int timeout)
{
	pid_t me = getpid(), pid;
	struct pollfd pf = { .fd = fd, .events = POLLIN };
	int r, n = caught;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_either(me, SYS_poll, SYS_ppoll);
		syscall(SYS_tgkill, me, me, SIGUSR1);
		_exit(PTS_PASS);
	}
	errno = 0;
	r = poll(&pf, 1, timeout);
	if (r != -1 || errno != EINTR)
		PTS_FAILED("timeout %d: poll() %d, errno %s; expected -1, EINTR",
			   timeout, r, errno ? strerrorname_np(errno) : "0");
	pts_reap(pid, "signalling child");
	if (caught != n + 1)
		PTS_FAILED("timeout %d: the handler did not run once", timeout);
}

int main(void)
{
	struct pollfd pf;
	struct sigaction sa;
	int p[2];

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	if (sigaction(SIGUSR1, &sa, NULL) || pipe(p))
		PTS_UNRES("set-up: %m");
	interrupted(p[0], -1);
	interrupted(p[0], 60000);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	pf.fd = p[0];
	pf.events = POLLIN;
	if (poll(&pf, 1, 0) != 1 || !(pf.revents & POLLIN))
		PTS_FAILED("poll() after the interruptions: revents %#x", pf.revents);
	PTS_PASSED("EINTR for a caught signal (no timeout and 60 s)");
}
