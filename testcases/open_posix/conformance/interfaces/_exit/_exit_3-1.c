// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * _exit(): "If the exit of the process causes a process group to become
 * orphaned, and if any member of the newly-orphaned process group is
 * stopped, then a SIGHUP signal followed by a SIGCONT signal shall be
 * sent to each process in the newly-orphaned process group." In a
 * session of its own, a grandchild in a group of its own stops; its
 * parent (in another group of the session) exits, which orphans the
 * group: the grandchild is continued and catches SIGHUP and SIGCONT.
 */
#include <poll.h>

#include "pts_helpers.h"

static volatile sig_atomic_t flags;

static void on_hup(int sig)
{
	(void)sig;
	flags |= 1;
}

static void on_cont(int sig)
{
	(void)sig;
	flags |= 2;
}

/* the stopped grandchild: report pid, stop, report what it caught */
static void grandchild(int wfd)
{
	struct sigaction sa;
	pid_t me = getpid();
	long long end;
	char f;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_hup;
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_cont;
	sigaction(SIGCONT, &sa, NULL);
	if (setpgid(0, 0))
		_exit(3);
	if (write(wfd, &me, sizeof(me)) != sizeof(me))
		_exit(4);
	raise(SIGSTOP);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	while (flags != 3 && pts_now(CLOCK_MONOTONIC) < end)
		pts_nap();
	f = '0' + flags;
	if (write(wfd, &f, 1) != 1)
		_exit(5);
	_exit(0);
}

static int session(void)
{
	int p[2], status;
	pid_t a, b = 0;
	struct pollfd pfd;
	char f = 0;

	if (setsid() < 0)
		PTS_UNRES("setsid(): %m");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	a = fork();
	if (a < 0)
		PTS_UNRES("fork(): %m");
	if (!a) {
		pid_t g = fork();

		if (g < 0)
			_exit(3);
		if (!g) {
			close(p[0]);
			grandchild(p[1]);
		}
		/* exit only once the grandchild has stopped */
		if (waitpid(g, &status, WUNTRACED) != g || !WIFSTOPPED(status))
			_exit(4);
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], &b, sizeof(b)) != sizeof(b))
		PTS_UNRES("no pid from the grandchild");
	if (waitpid(a, &status, 0) != a || !WIFEXITED(status) || WEXITSTATUS(status))
		PTS_UNRES("middle child status %#x", status);
	pfd.fd = p[0];
	pfd.events = POLLIN;
	if (poll(&pfd, 1, pts_bound_ns(20) / 1000000) != 1 ||
	    read(p[0], &f, 1) != 1) {
		kill(b, SIGKILL);
		PTS_FAILED("the stopped member of the orphaned group was not continued");
	}
	if (f != '3')
		PTS_FAILED("orphaned group member caught %s%s", f & 1 ? "SIGHUP " : "no SIGHUP ",
			   f & 2 ? "SIGCONT" : "no SIGCONT");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(session, "session leader");
	PTS_PASSED("a stopped member of a newly orphaned group got SIGHUP and SIGCONT");
}
