// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * abort(): SIGABRT is raised and the process ends abnormally even when
 * SIGABRT is caught by a handler that returns. A child whose handler
 * writes one byte to a pipe and returns: the byte is read (the handler
 * ran exactly once) and the child is reaped as killed by SIGABRT, the
 * code after abort() never run.
 */
#include "pts_sigkit.h"

static int fds[2];

static void handler(int sig)
{
	char c = 'h';

	(void)sig;
	if (write(fds[1], &c, 1) != 1)
		_exit(3);
}

static int child(void)
{
	struct rlimit rl = { 0, 0 };

	setrlimit(RLIMIT_CORE, &rl);
	close(fds[0]);
	pts_catch(SIGABRT, handler, 0);
	abort();
	return 4;	/* abort() returned */
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
	if (n == 0)
		PTS_FAILED("the SIGABRT handler never ran");
	if (read(fds[0], buf + 1, sizeof(buf) - 1) != 0 || n != 1)
		PTS_FAILED("the SIGABRT handler ran more than once");
	pts_expect_killed(pid, SIGABRT, "a child calling abort() with a returning handler");
	PTS_PASSED("handler ran once, then the process was killed by SIGABRT");
}
