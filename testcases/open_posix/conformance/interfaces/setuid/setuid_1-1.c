// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setuid(): a privileged process sets the real, effective and saved
 * user IDs all to uid (getresuid()), after which it is no longer
 * privileged: setuid(0) fails with [EPERM], the ids unchanged. An
 * unprivileged process may set its effective uid to its real or saved
 * uid only (only the effective changes): with real 65534, effective
 * 65533 and saved 65532 setuid(65532) and setuid(65534) succeed and
 * change only the effective uid, setuid(1) is [EPERM]. [EINVAL] for
 * uid -1. setgid() the same for the group IDs of a privileged process.
 */
#include "pts_helpers.h"

static int privileged(void)
{
	uid_t r, e, s;
	gid_t gr, ge, gs;

	if (setgid(65530) || getresgid(&gr, &ge, &gs) ||
	    gr != 65530 || ge != 65530 || gs != 65530)
		PTS_FAILED("setgid(65530) as root: %d/%d/%d", (int)gr, (int)ge,
			   (int)gs);
	PTS_EXPECT_ERRNO(setuid((uid_t)-1), EINVAL, "setuid(-1)");
	if (setuid(65531))
		PTS_FAILED("setuid(65531) as root: %s", strerror(errno));
	getresuid(&r, &e, &s);
	if (r != 65531 || e != 65531 || s != 65531)
		PTS_FAILED("after setuid(65531): %d/%d/%d", (int)r, (int)e, (int)s);
	PTS_EXPECT_ERRNO(setuid(0), EPERM, "setuid(0) after dropping root");
	getresuid(&r, &e, &s);
	if (r != 65531 || e != 65531 || s != 65531)
		PTS_FAILED("a refused setuid() changed the ids");
	return PTS_PASS;
}

static int unprivileged(void)
{
	uid_t r, e, s;

	if (setgroups(0, NULL) || setresuid(65534, 65533, 65532))
		PTS_UNRES("setresuid(): %s", strerror(errno));
	if (setuid(65532))
		PTS_FAILED("setuid(saved) unprivileged: %s", strerror(errno));
	getresuid(&r, &e, &s);
	if (r != 65534 || e != 65532 || s != 65532)
		PTS_FAILED("after setuid(saved): %d/%d/%d", (int)r, (int)e, (int)s);
	if (setuid(65534))
		PTS_FAILED("setuid(real) unprivileged: %s", strerror(errno));
	getresuid(&r, &e, &s);
	if (r != 65534 || e != 65534 || s != 65532)
		PTS_FAILED("after setuid(real): %d/%d/%d", (int)r, (int)e, (int)s);
	PTS_EXPECT_ERRNO(setuid(1), EPERM, "setuid(1) unprivileged");
	getresuid(&r, &e, &s);
	if (r != 65534 || e != 65534 || s != 65532)
		PTS_FAILED("a refused setuid() changed the ids");
	return PTS_PASS;
}

int main(void)
{
	if (geteuid() != 0)
		PTS_UNSUPP("needs root");
	pts_run_child(privileged, "privileged child");
	pts_run_child(unprivileged, "unprivileged child");
	PTS_PASSED("root sets all three and loses privilege (EPERM); unprivileged: real or saved only; EINVAL");
}
