// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * write() to a pipe with O_NONBLOCK: "If the O_NONBLOCK flag is set ...
 * A write request for {PIPE_BUF} or fewer bytes shall ... if there is
 * not enough room ... return -1 with errno set to [EAGAIN]", writing
 * nothing; a request of more than PIPE_BUF bytes writes what fits (a
 * partial write: 2 * PIPE_BUF bytes are read first, so that Linux, which
 * counts room in whole pipe buffers, has room). A write with no reader fails with [EPIPE] and
 * generates SIGPIPE (which, at its default action, kills a writing
 * child); a read of an empty pipe with no writer returns 0.
 */
#include <limits.h>
#include <sys/ioctl.h>

#include "pts_helpers.h"

int main(void)
{
	char buf[PIPE_BUF * 4];
	int p[2], avail, fl, status;
	pid_t pid;
	ssize_t n, total = 0;
	sigset_t set, pend;

	memset(buf, 'x', sizeof(buf));
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fl = fcntl(p[1], F_GETFL);
	fcntl(p[1], F_SETFL, fl | O_NONBLOCK);
	/* fill so that fewer than PIPE_BUF bytes of room remain */
	for (;;) {
		n = write(p[1], buf, 100);
		if (n < 0)
			break;
		total += n;
	}
	if (errno != EAGAIN)
		PTS_FAILED("filling: %m, expected EAGAIN");
	if (read(p[0], buf, 200) != 200)
		PTS_UNRES("read(): %m");
	/* room for 200 (fewer than PIPE_BUF) bytes: an atomic write fails */
	PTS_EXPECT_ERRNO(write(p[1], buf, PIPE_BUF), EAGAIN,
			 "PIPE_BUF write with less room");
	if (ioctl(p[0], FIONREAD, &avail) || avail != total - 200)
		PTS_FAILED("%d bytes queued after the refused write, expected %zd",
			   avail, total - 200);
	if (read(p[0], buf, 2 * PIPE_BUF) != 2 * PIPE_BUF)
		PTS_UNRES("read(): %m");
	n = write(p[1], buf, sizeof(buf));
	if (n <= 0 || n >= (ssize_t)sizeof(buf))
		PTS_FAILED("a %zu byte write returned %zd, expected a partial write",
			   sizeof(buf), n);
	close(p[0]);
	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	sigprocmask(SIG_BLOCK, &set, NULL);
	PTS_EXPECT_ERRNO(write(p[1], buf, 1), EPIPE, "write with no reader");
	sigpending(&pend);
	if (!sigismember(&pend, SIGPIPE))
		PTS_FAILED("no SIGPIPE for a write with no reader");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	close(p[0]);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		signal(SIGPIPE, SIG_DFL);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		if (write(p[1], buf, 1) < 0)
			_exit(3);
		_exit(4);
	}
	close(p[1]);
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status) ||
	    WTERMSIG(status) != SIGPIPE)
		PTS_FAILED("writing child: status %#x, expected killed by SIGPIPE",
			   status);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	close(p[1]);
	if (read(p[0], buf, 10) != 0)
		PTS_FAILED("read with no writer did not return 0 (EOF)");
	PTS_PASSED("EAGAIN without partial PIPE_BUF write, EPIPE, EOF");
}
