// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll() and select() sleeping on a pipe's read end are woken when the
 * last writer closes it: POLLHUP ("closed by the last process that had
 * it open for writing") and, for select(), the descriptor ready for
 * reading (a read() would not block: it returns 0, end of file). The
 * parent sleeps with no timeout; the only writer, a child, waits until
 * the parent is asleep in the call and exits, which closes the write
 * end. Both calls return 1 and the read then returns 0.
 */
#include <poll.h>
#include <sys/select.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static pid_t parent;
static long nr1, nr2;

static int closer(void)
{
	pts_wait_in_either(parent, nr1, nr2);
	return PTS_PASS;	/* exiting closes the last write end */
}

static pid_t start_closer(int p[2], long a, long b)
{
	pid_t pid;

	nr1 = a;
	nr2 = b;
	pid = pts_fork_fn(closer);
	close(p[1]);
	return pid;
}

int main(void)
{
	struct pollfd pf;
	char c;
	fd_set rd;
	pid_t pid;
	int p[2], n;

	parent = getpid();
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pid = start_closer(p, SYS_poll, SYS_ppoll);
	pf.fd = p[0];
	pf.events = POLLIN;
	pf.revents = 0;
	n = poll(&pf, 1, -1);
	pts_reap(pid, "the closing writer");
	if (n != 1 || !(pf.revents & POLLHUP))
		PTS_FAILED("poll() woken by the close: %d, revents %#x; expected 1 with POLLHUP",
			   n, pf.revents);
	if (read(p[0], &c, 1) != 0)
		PTS_FAILED("read() after POLLHUP: not end of file");
	close(p[0]);

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pid = start_closer(p, SYS_select, SYS_pselect6);
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	n = select(p[0] + 1, &rd, NULL, NULL, NULL);
	pts_reap(pid, "the closing writer");
	if (n != 1 || !FD_ISSET(p[0], &rd))
		PTS_FAILED("select() woken by the close: %d, readable %d; expected 1, 1",
			   n, FD_ISSET(p[0], &rd));
	if (read(p[0], &c, 1) != 0)
		PTS_FAILED("read() after select(): not end of file");
	PTS_PASSED("the last writer's close wakes poll() (POLLHUP) and select() (readable)");
}
