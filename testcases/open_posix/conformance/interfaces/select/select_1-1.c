// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select(): on return each set holds only the descriptors ready for that
 * condition and the count is the total over the sets: a pipe with data
 * in readfds, a pipe with room in writefds, an empty pipe cleared from
 * both readfds and (its read end) writefds. A read end whose writers are
 * gone is readable (EOF). With nothing ready a zero timeout returns 0 at
 * once and a 300 ms one not before 300 ms; a NULL timeout blocks until
 * another process writes. [EBADF] for a closed descriptor in a set,
 * [EINVAL] for nfds < 0 or a negative timeout.
 */
#include <sys/select.h>

#include "pts_helpers.h"

/*
 * glibc may implement select() with the select or the pselect6 system
 * call: wait until pid sleeps in either.
 */
static void wait_in_select(pid_t pid)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	char path[64], buf[128];
	long nr;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
	for (;;) {
		f = fopen(path, "r");
		if (!f)
			PTS_UNRES("open %s: %s", path, strerror(errno));
		if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%ld", &nr) != 1)
			nr = -2;
		fclose(f);
		if (nr == SYS_select || nr == SYS_pselect6)
			return;
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the parent never blocked in select()");
		pts_nap();
	}
}

int main(void)
{
	int a[2], b[2], c[2], r, nfds, closed, status;
	struct timeval tv;
	fd_set rs, ws;
	long long t0, t1;
	pid_t pid;

	if (pipe(a) || pipe(b) || pipe(c))
		PTS_UNRES("pipe(): %s", strerror(errno));
	if (write(a[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	close(c[1]);
	nfds = 0;
	for (r = 0; r < 2; r++) {
		nfds = a[r] > nfds ? a[r] : nfds;
		nfds = b[r] > nfds ? b[r] : nfds;
	}
	nfds = (c[0] > nfds ? c[0] : nfds) + 1;
	FD_ZERO(&rs);
	FD_ZERO(&ws);
	FD_SET(a[0], &rs);
	FD_SET(b[0], &rs);
	FD_SET(c[0], &rs);
	FD_SET(b[1], &ws);
	FD_SET(b[0], &ws);
	tv = (struct timeval){ 0, 0 };
	r = select(nfds, &rs, &ws, NULL, &tv);
	if (r != 3)
		PTS_FAILED("select() returned %d, expected 3", r);
	if (!FD_ISSET(a[0], &rs) || FD_ISSET(b[0], &rs) || !FD_ISSET(c[0], &rs))
		PTS_FAILED("readfds: data %d, empty %d, EOF %d (1, 0, 1 expected)",
			   FD_ISSET(a[0], &rs), FD_ISSET(b[0], &rs),
			   FD_ISSET(c[0], &rs));
	if (!FD_ISSET(b[1], &ws) || FD_ISSET(b[0], &ws))
		PTS_FAILED("writefds: write end %d, read end %d (1, 0 expected)",
			   FD_ISSET(b[1], &ws), FD_ISSET(b[0], &ws));

	FD_ZERO(&rs);
	FD_SET(b[0], &rs);
	tv = (struct timeval){ 0, 300000 };
	t0 = pts_now(CLOCK_MONOTONIC);
	r = select(b[0] + 1, &rs, NULL, NULL, &tv);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (r != 0 || FD_ISSET(b[0], &rs))
		PTS_FAILED("nothing ready: %d", r);
	if (t1 - t0 < 300000000LL)
		PTS_FAILED("300 ms timeout returned after %lld ns", t1 - t0);

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		wait_in_select(getppid());
		_exit(write(b[1], "y", 1) == 1 ? 0 : 1);
	}
	FD_ZERO(&rs);
	FD_SET(b[0], &rs);
	r = select(b[0] + 1, &rs, NULL, NULL, NULL);
	if (r != 1 || !FD_ISSET(b[0], &rs))
		PTS_FAILED("blocked select(): %d", r);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("writer child failed");

	closed = dup(a[0]);
	close(closed);
	FD_ZERO(&rs);
	FD_SET(closed, &rs);
	tv = (struct timeval){ 0, 0 };
	PTS_EXPECT_ERRNO(select(closed + 1, &rs, NULL, NULL, &tv), EBADF,
			 "select() with a closed descriptor");
	tv = (struct timeval){ 0, 0 };
	PTS_EXPECT_ERRNO(select(-1, NULL, NULL, NULL, &tv), EINVAL, "nfds -1");
	tv = (struct timeval){ -1, 0 };
	PTS_EXPECT_ERRNO(select(0, NULL, NULL, NULL, &tv), EINVAL,
			 "negative timeout");
	PTS_PASSED("ready sets and count, timeouts, woken by data; EBADF, EINVAL");
}
