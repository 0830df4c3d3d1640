// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * abort() overrides a blocked SIGABRT also when it is caught: a child
 * blocking every signal, with a SIGABRT handler that returns, calls
 * abort(): the handler runs once (a byte on a pipe) and the child is
 * reaped as killed by SIGABRT.
 */
#include "pts_sigkit.h"

static int fds[2];

static void handler(int sig)
{
	(void)sig;
	if (write(fds[1], "h", 1) != 1)
		_exit(3);
}

static int child(void)
{
	struct rlimit rl = { 0, 0 };
	sigset_t all;

	setrlimit(RLIMIT_CORE, &rl);
	close(fds[0]);
	pts_catch(SIGABRT, handler, 0);
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
	abort();
	return 4;
}

int main(void)
{
	char buf[8];
	ssize_t n;
	pid_t pid;

	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pid = pts_fork_fn(child);
	close(fds[1]);
	n = read(fds[0], buf, sizeof(buf));
	if (n > 0 && read(fds[0], buf + n, sizeof(buf) - n) > 0)
		n++;
	pts_expect_killed(pid, SIGABRT, "a child calling abort() with all signals blocked");
	if (n != 1)
		PTS_FAILED("the SIGABRT handler ran %zd times", n);
	PTS_PASSED("caught and blocked SIGABRT: handler once, then killed by it");
}
