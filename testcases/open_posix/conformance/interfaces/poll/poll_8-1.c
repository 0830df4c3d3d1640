// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll() on a FIFO's read end: POLLHUP means the FIFO "has been closed
 * by the last process that had it open for writing". Opened for
 * reading (O_NONBLOCK) while no process has ever had it open for
 * writing, nothing has been closed: poll() reports nothing and times
 * out (0, not before its 200 ms). A writer (a child) then opens it,
 * writes 2 bytes and exits: POLLIN and POLLHUP; the bytes read, then
 * end of file, POLLHUP still set.
 */
#include <poll.h>
#include <sys/stat.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static char path[64];

static int writer(void)
{
	int fd = open(path, O_WRONLY | O_NONBLOCK);

	if (fd < 0 || write(fd, "hi", 2) != 2)
		PTS_UNRES("child: open()/write(): %m");
	return PTS_PASS;
}

int main(void)
{
	struct pollfd pf;
	long long t0, el;
	char buf[4];
	int fd, n;

	snprintf(path, sizeof(path), "/tmp/pts_poll8_%d", (int)getpid());
	if (mkfifo(path, 0600))
		PTS_UNRES("mkfifo(): %m");
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		unlink(path);
		PTS_UNRES("open(): %m");
	}
	pf.fd = fd;
	pf.events = POLLIN;
	pf.revents = 0;
	t0 = pts_now(CLOCK_MONOTONIC);
	n = poll(&pf, 1, 200);
	el = pts_now(CLOCK_MONOTONIC) - t0;
	if (n != 0 || pf.revents) {
		unlink(path);
		PTS_FAILED("never-written FIFO: %d, revents %#x; expected 0 (no hang-up)",
			   n, pf.revents);
	}
	if (el < 200000000LL) {
		unlink(path);
		PTS_FAILED("poll() timed out after %lld ns, before 200 ms", el);
	}
	pts_reap(pts_fork_fn(writer), "the writer");
	unlink(path);
	n = poll(&pf, 1, 0);
	if (n != 1 || !(pf.revents & POLLIN) || !(pf.revents & POLLHUP))
		PTS_FAILED("after the writer's close: %d, revents %#x; expected POLLIN|POLLHUP",
			   n, pf.revents);
	if (read(fd, buf, sizeof(buf)) != 2 || memcmp(buf, "hi", 2) ||
	    read(fd, buf, sizeof(buf)) != 0)
		PTS_FAILED("the 2 bytes then end of file not read");
	n = poll(&pf, 1, 0);
	if (n != 1 || !(pf.revents & POLLHUP))
		PTS_FAILED("drained: %d, revents %#x; expected POLLHUP", n, pf.revents);
	PTS_PASSED("no POLLHUP before any writer, POLLHUP after the last one closed");
}
