// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select(): "A descriptor shall be considered ready for reading when a
 * call to an input function with O_NONBLOCK clear would not block,
 * whether or not the function would transfer data successfully." A
 * FIFO that no process has open for writing is at end of file: read()
 * with O_NONBLOCK clear returns 0 at once (asserted first, under an
 * alarm that would end a wait with [EINTR]). select() should then
 * report it readable at once. Linux's pipe_poll() reports neither
 * POLLIN nor POLLHUP for a FIFO that has never had a writer (so that
 * a reader can wait for the first one), and select() waits its whole
 * 200 ms and returns 0: a known issue. After a writer has come and
 * gone the FIFO is reported readable.
 */
#include <sys/select.h>
#include <sys/stat.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static char path[64];

static void on_alarm(int sig)
{
	(void)sig;
}

static int writer(void)
{
	return open(path, O_WRONLY | O_NONBLOCK) < 0 ? PTS_UNRESOLVED : PTS_PASS;
}

static int readable(int fd)
{
	struct timeval tv = { 0, 200000 };
	fd_set rd;
	int n;

	FD_ZERO(&rd);
	FD_SET(fd, &rd);
	n = select(fd + 1, &rd, NULL, NULL, &tv);
	if (n < 0)
		PTS_UNRES("select(): %m");
	return n == 1 && FD_ISSET(fd, &rd);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };	/* no SA_RESTART */
	char c;
	int fd, r;

	sigaction(SIGALRM, &sa, NULL);
	snprintf(path, sizeof(path), "/tmp/pts_select7_%d", (int)getpid());
	if (mkfifo(path, 0600))
		PTS_UNRES("mkfifo(): %m");
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0 || fcntl(fd, F_SETFL, 0)) {
		unlink(path);
		PTS_UNRES("open()/fcntl(): %m");
	}
	alarm(30 * (unsigned int)pts_timeout_mul());
	r = read(fd, &c, 1);
	alarm(0);
	if (r != 0) {
		unlink(path);
		PTS_FAILED("blocking read() of a FIFO with no writer: %d (%m), expected 0", r);
	}
	r = readable(fd);
	pts_reap(pts_fork_fn(writer), "the writer");
	unlink(path);
	if (!readable(fd))
		PTS_FAILED("not readable after the last writer closed");
	if (r)
		PTS_PASSED("a FIFO at end of file is ready for reading");
	PTS_KNOWN_ISSUE("select readable at EOF",
			"read() returns 0 without blocking, but select() timed out (0) on a FIFO that never had a writer");
}
