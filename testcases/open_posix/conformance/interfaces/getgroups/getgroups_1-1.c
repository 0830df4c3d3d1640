// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getgroups() returns the supplementary group IDs of the process: with
 * gidsetsize 0 only their number, with a smaller nonzero size [EINVAL]
 * (nothing written beyond it), else the IDs set by setgroups() (in a
 * privileged child; the effective gid may or may not be added: it is
 * not here, Linux). The list is inherited by a child and survives
 * setuid() to nobody, which then cannot change it ([EPERM]).
 */
#include "pts_helpers.h"

static const gid_t want[] = { 11, 22, 33, 44, 55 };

static int has(const gid_t *l, int n, gid_t g)
{
	int i;

	for (i = 0; i < n; i++)
		if (l[i] == g)
			return 1;
	return 0;
}

static int check(void)
{
	gid_t l[16];
	int n, i;

	if (setgroups(5, want))
		PTS_UNRES("setgroups(): %s", strerror(errno));
	n = getgroups(0, NULL);
	if (n != 5)
		PTS_FAILED("getgroups(0) returned %d, expected 5", n);
	for (i = 0; i < 16; i++)
		l[i] = 999;
	errno = 0;
	if (getgroups(3, l) != -1 || errno != EINVAL)
		PTS_FAILED("gidsetsize 3 for 5 groups: errno %d, not EINVAL", errno);
	for (i = 3; i < 16; i++)
		if (l[i] != 999)
			PTS_FAILED("getgroups(3) wrote past its size");
	n = getgroups(16, l);
	if (n != 5)
		PTS_FAILED("getgroups(16) returned %d", n);
	for (i = 0; i < 5; i++)
		if (!has(l, n, want[i]))
			PTS_FAILED("group %d missing", (int)want[i]);
	fflush(stdout);
	{
		pid_t pid = fork();
		int status;

		if (pid < 0)
			PTS_UNRES("fork(): %s", strerror(errno));
		if (!pid) {
			gid_t c[16];

			if (getgroups(16, c) != 5 || !has(c, 5, 33))
				_exit(1);
			if (setuid(PTS_NOBODY))
				_exit(3);
			if (getgroups(16, c) != 5 || !has(c, 5, 55))
				_exit(2);
			_exit(setgroups(1, want) == -1 && errno == EPERM ? 0 : 4);
		}
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
			PTS_UNRES("child did not exit");
		switch (WEXITSTATUS(status)) {
		case 0:
			break;
		case 1:
			PTS_FAILED("the list was not inherited");
		case 2:
			PTS_FAILED("the list changed with setuid()");
		case 4:
			PTS_FAILED("nobody's setgroups() not refused with EPERM");
		default:
			PTS_UNRES("child exited %d", WEXITSTATUS(status));
		}
	}
	return PTS_PASS;
}

int main(void)
{
	if (geteuid() != 0)
		PTS_UNSUPP("needs root for setgroups()");
	pts_run_child(check, "privileged child");
	PTS_PASSED("count with size 0, EINVAL when short, the list set, inherited, kept over setuid, EPERM");
}
