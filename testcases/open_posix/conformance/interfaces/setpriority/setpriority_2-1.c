// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setpriority(PRIO_USER, uid) sets the nice value of every process whose
 * real user ID is uid, and only those: two processes A and B (B forked
 * by A) under a uid of their own get 7 from root's call, the root caller
 * keeps its own value. getpriority(PRIO_USER) reports the lowest value
 * (highest priority) of them: 3 once B alone is set to 3. who 0 is the
 * caller's own user ID: A's setpriority(PRIO_USER, 0, 10) (raising,
 * allowed unprivileged) reaches B too, and A's getpriority(PRIO_USER, 0)
 * reads 10.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

static int ready[2], go[2], fin[2];

static int prio(int which, id_t who)
{
	int v;

	errno = 0;
	v = getpriority(which, who);
	if (v == -1 && errno)
		PTS_UNRES("getpriority(%d, %d): %m", which, (int)who);
	return v;
}

static int proc_a(void)
{
	pid_t b;
	char c;
	int v;

	pts_become_own_uid();
	b = fork();
	if (b < 0)
		PTS_UNRES("fork(): %m");
	if (!b) {
		close(fin[1]);
		read(fin[0], &c, 1);	/* EOF once the parent is done */
		_exit(0);
	}
	close(fin[1]);
	if (write(ready[1], &b, sizeof(b)) != sizeof(b))
		PTS_UNRES("write(): %m");
	if (read(go[0], &c, 1) != 1)
		PTS_UNRES("read(): %m");
	if (setpriority(PRIO_USER, 0, 10))
		PTS_FAILED("setpriority(PRIO_USER, 0, 10) by the user's process: %m");
	v = prio(PRIO_USER, 0);
	if (v != 10)
		PTS_FAILED("getpriority(PRIO_USER, 0) %d after setting 10", v);
	return PTS_PASS;
}

int main(void)
{
	int own, v, status;
	pid_t a, b;
	uid_t uid;

	if (pipe(ready) || pipe(go) || pipe(fin))
		PTS_UNRES("pipe(): %m");
	own = prio(PRIO_PROCESS, 0);
	fflush(stdout);
	a = fork();
	if (a < 0)
		PTS_UNRES("fork(): %m");
	if (!a)
		exit(proc_a());
	uid = PTS_OWN_UID_BASE + a;
	if (read(ready[0], &b, sizeof(b)) != sizeof(b))
		PTS_UNRES("child A did not start");

	if (setpriority(PRIO_USER, uid, 7))
		PTS_FAILED("setpriority(PRIO_USER, %u, 7): %m", (unsigned int)uid);
	if (prio(PRIO_PROCESS, a) != 7 || prio(PRIO_PROCESS, b) != 7)
		PTS_FAILED("PRIO_USER 7: A %d, B %d", prio(PRIO_PROCESS, a),
			   prio(PRIO_PROCESS, b));
	if (prio(PRIO_PROCESS, 0) != own)
		PTS_FAILED("the caller's own value changed to %d (another user)",
			   prio(PRIO_PROCESS, 0));
	if (setpriority(PRIO_PROCESS, b, 3))
		PTS_UNRES("setpriority(PRIO_PROCESS): %m");
	v = prio(PRIO_USER, uid);
	if (v != 3)
		PTS_FAILED("getpriority(PRIO_USER) %d with A at 7 and B at 3", v);

	if (write(go[1], "g", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(a, &status, 0) != a)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_EXIT(WIFEXITED(status) ? WEXITSTATUS(status) : PTS_UNRESOLVED,
			 "child A: status 0x%x", status);
	v = prio(PRIO_PROCESS, b);
	if (v != 10)
		PTS_FAILED("B at %d after A's setpriority(PRIO_USER, 0, 10)", v);
	if (prio(PRIO_PROCESS, 0) != own)
		PTS_FAILED("the root caller's value changed by A's PRIO_USER call");
	close(fin[1]);
	PTS_PASSED("PRIO_USER sets all the user's processes, reads the lowest, who 0 is the caller's uid");
}
