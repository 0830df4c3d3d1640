// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(), SA_RESTART: a read() on a pipe that is interrupted by a
 * caught signal whose handler has SA_RESTART is restarted, and returns
 * the data written after the handler ran instead of failing with EINTR.
 * A child waits until the parent sleeps in read(), signals it, waits for
 * the handler's note on a second pipe, then writes the data.
 */
#include "pts_helpers.h"

static int note[2];

static void handler(int sig)
{
	char c = 'h';

	(void)sig;
	if (write(note[1], &c, 1) != 1)
		_exit(9);
}

static int run(int restart)
{
	int data[2];
	struct sigaction sa;
	char c = 0;
	ssize_t r;
	pid_t pid, parent = getpid();

	if (pipe(data) || pipe(note))
		PTS_UNRES("pipe(): %m");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(parent, SYS_read);
		kill(parent, SIGUSR1);
		if (read(note[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
		c = 'd';
		_exit(write(data[1], &c, 1) == 1 ? PTS_PASS : PTS_UNRESOLVED);
	}
	errno = 0;
	r = read(data[0], &c, 1);
	pts_reap(pid, "signalling child");
	if (restart && r != 1)
		PTS_FAILED("SA_RESTART: read() returned %zd (%m), not restarted", r);
	if (restart && c != 'd')
		PTS_FAILED("SA_RESTART: read() got %c", c);
	if (!restart && (r != -1 || errno != EINTR))
		PTS_FAILED("without SA_RESTART read() returned %zd (%m), expected EINTR",
			   r);
	close(data[0]);
	close(data[1]);
	close(note[0]);
	close(note[1]);
	return 0;
}

int main(void)
{
	run(1);
	run(0);
	PTS_PASSED("read() restarted with SA_RESTART, EINTR without it");
}
