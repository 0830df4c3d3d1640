// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll(): POLLIN for a pipe with data, POLLOUT for a pipe with room,
 * POLLHUP for a read end whose writers are gone, POLLERR for a write end
 * whose reader is gone, POLLNVAL for a closed descriptor (counted, never
 * an error of the call); a negative fd is ignored (revents 0); revents
 * holds only requested events besides POLLHUP/POLLERR/POLLNVAL. With
 * nothing ready a timeout of 0 returns 0 at once and one of 300 ms not
 * before 300 ms; a blocked poll() returns when data comes from another
 * process.
 */
#include <poll.h>

#include "pts_helpers.h"

int main(void)
{
	int a[2], b[2], c[2], r, status;
	struct pollfd pf[4];
	long long t0, t1;
	pid_t pid;

	if (pipe(a) || pipe(b) || pipe(c))
		PTS_UNRES("pipe(): %s", strerror(errno));
	if (write(a[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	close(b[1]);		/* b[0]: no writer left */
	close(c[0]);		/* c[1]: no reader left */
	pf[0] = (struct pollfd){ a[0], POLLIN | POLLOUT, 0x5555 };
	pf[1] = (struct pollfd){ b[0], POLLIN, 0x5555 };
	pf[2] = (struct pollfd){ c[1], POLLOUT, 0x5555 };
	pf[3] = (struct pollfd){ -1, POLLIN, 0x5555 };
	r = poll(pf, 4, 0);
	printf("revents %#x %#x %#x %#x, returned %d\n", pf[0].revents,
	       pf[1].revents, pf[2].revents, pf[3].revents, r);
	if (r != 3)
		PTS_FAILED("poll() returned %d, expected 3", r);
	if (pf[0].revents != POLLIN)
		PTS_FAILED("read end with data: revents %#x, expected POLLIN only",
			   pf[0].revents);
	if (!(pf[1].revents & POLLHUP))
		PTS_FAILED("read end without writers: no POLLHUP");
	if (!(pf[2].revents & POLLERR))
		PTS_FAILED("write end without readers: no POLLERR");
	if (pf[3].revents)
		PTS_FAILED("negative fd: revents %#x", pf[3].revents);

	close(c[1]);
	pf[0] = (struct pollfd){ c[1], POLLIN, 0 };
	pf[1] = (struct pollfd){ a[1], POLLOUT, 0 };
	r = poll(pf, 2, 0);
	if (r != 2 || pf[0].revents != POLLNVAL || pf[1].revents != POLLOUT)
		PTS_FAILED("closed fd / write end: %d, revents %#x %#x (POLLNVAL, POLLOUT expected)",
			   r, pf[0].revents, pf[1].revents);

	if (read(a[0], &r, 1) != 1)
		PTS_UNRES("read(): %s", strerror(errno));
	pf[0] = (struct pollfd){ a[0], POLLIN, 0 };
	t0 = pts_now(CLOCK_MONOTONIC);
	r = poll(pf, 1, 0);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (r != 0 || pf[0].revents)
		PTS_FAILED("empty pipe, timeout 0: %d, revents %#x", r, pf[0].revents);
	printf("timeout 0 took %lld us\n", (t1 - t0) / 1000);
	t0 = pts_now(CLOCK_MONOTONIC);
	r = poll(pf, 1, 300);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (r != 0)
		PTS_FAILED("empty pipe, timeout 300: %d", r);
	if (t1 - t0 < 300000000LL)
		PTS_FAILED("timeout of 300 ms returned after %lld ns", t1 - t0);

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		pts_wait_in_syscall(getppid(), SYS_poll);
		_exit(write(a[1], "y", 1) == 1 ? 0 : 1);
	}
	r = poll(pf, 1, -1);
	if (r != 1 || pf[0].revents != POLLIN)
		PTS_FAILED("blocked poll(): %d, revents %#x", r, pf[0].revents);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("writer child failed");
	PTS_PASSED("POLLIN, POLLOUT, POLLHUP, POLLERR, POLLNVAL, ignored fd; timeouts; woken by data");
}
