// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The session ID is the process group ID of the session leader, and it
 * stays so after the leader is gone: L calls setsid() and forks M; once
 * L has exited and been reaped, the test process (another session)
 * reads getpgid(M) and getsid(M) as L's pid ([EPERM], which is
 * permitted for another session, printed), and M's own getsid(0) and
 * getpgid(0) read L's pid too. M, not a group leader, can then make a
 * session of its own: setsid() returns M's pid.
 */
#include "pts_helpers.h"

static int up[2], down[2];

struct ids {
	pid_t sid, pgid, nsid;
};

int main(void)
{
	pid_t l, m, s;
	struct ids got;
	int st;
	char c;

	if (pipe(up) || pipe(down))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	l = fork();
	if (l < 0)
		PTS_UNRES("fork(): %m");
	if (!l) {
		if (setsid() != getpid())
			_exit(2);
		m = fork();
		if (m < 0)
			_exit(2);
		if (!m) {
			/* M: wait until L is reaped, then report */
			if (read(down[0], &c, 1) != 1)
				_exit(2);
			got.sid = getsid(0);
			got.pgid = getpgid(0);
			got.nsid = setsid();
			if (write(up[1], &got, sizeof(got)) != sizeof(got))
				_exit(2);
			_exit(0);
		}
		if (write(up[1], &m, sizeof(m)) != sizeof(m))
			_exit(2);
		_exit(0);
	}
	if (read(up[0], &m, sizeof(m)) != sizeof(m))
		PTS_UNRES("no pid from the leader");
	if (waitpid(l, &st, 0) != l || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_UNRES("the leader: status 0x%x", st);

	errno = 0;
	s = getsid(m);
	if (s == -1 && errno == EPERM)
		printf("INFO: getsid() of a process in another session: EPERM\n");
	else if (s != l)
		PTS_FAILED("getsid(M) %d after the leader %d exited (%s)", (int)s,
			   (int)l, s == -1 ? strerror(errno) : "no error");
	errno = 0;
	s = getpgid(m);
	if (s == -1 && errno == EPERM)
		printf("INFO: getpgid() of a process in another session: EPERM\n");
	else if (s != l)
		PTS_FAILED("getpgid(M) %d, leader's pid %d expected", (int)s,
			   (int)l);

	if (write(down[1], "g", 1) != 1)
		PTS_UNRES("write(): %m");
	if (read(up[0], &got, sizeof(got)) != sizeof(got))
		PTS_UNRES("no report from M");
	if (got.sid != l || got.pgid != l)
		PTS_FAILED("in M: getsid(0) %d, getpgid(0) %d; the gone leader's pid %d expected",
			   (int)got.sid, (int)got.pgid, (int)l);
	if (got.nsid != m)
		PTS_FAILED("M's setsid() returned %d, its pid %d expected",
			   (int)got.nsid, (int)m);
	PTS_PASSED("the session and group ID outlive the leader");
}
