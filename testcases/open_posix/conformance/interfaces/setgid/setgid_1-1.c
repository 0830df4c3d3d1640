// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setgid() without privileges: when gid is the real or the saved
 * set-group-ID, only the effective group ID becomes gid; the real and
 * saved IDs and the supplementary groups stay. Any other gid is [EPERM]
 * with nothing changed, also a gid that is one of the caller's
 * supplementary groups (65531), the former effective gid (65533) once
 * it is no longer real or saved, and 0. Set up by root as real 65534,
 * effective 65533, saved 65532, groups {65531}, then uid nobody.
 */
#include "pts_helpers.h"

static void ids(gid_t r, gid_t e, gid_t s, const char *after)
{
	gid_t gr, ge, gs, l[4];
	int n;

	getresgid(&gr, &ge, &gs);
	if (gr != r || ge != e || gs != s)
		PTS_FAILED("after %s: real/effective/saved %d/%d/%d, expected %d/%d/%d",
			   after, (int)gr, (int)ge, (int)gs, (int)r, (int)e, (int)s);
	n = getgroups(4, l);
	if (n != 1 || l[0] != 65531)
		PTS_FAILED("after %s: supplementary groups changed (%d)", after, n);
}

static int child(void)
{
	gid_t g = 65531;

	if (setgroups(1, &g) || setresgid(65534, 65533, 65532) ||
	    setresuid(PTS_NOBODY, PTS_NOBODY, PTS_NOBODY))
		PTS_UNRES("set-up: %m");
	ids(65534, 65533, 65532, "set-up");
	PTS_EXPECT_ERRNO(setgid(65531), EPERM, "setgid() to a supplementary group");
	ids(65534, 65533, 65532, "setgid(65531)");
	if (setgid(65532))
		PTS_FAILED("setgid() to the saved set-group-ID: %m");
	ids(65534, 65532, 65532, "setgid(saved 65532)");
	PTS_EXPECT_ERRNO(setgid(65533), EPERM,
			 "setgid() to the former effective gid");
	ids(65534, 65532, 65532, "setgid(65533)");
	if (setgid(65534))
		PTS_FAILED("setgid() to the real gid: %m");
	ids(65534, 65534, 65532, "setgid(real 65534)");
	PTS_EXPECT_ERRNO(setgid(0), EPERM, "setgid(0)");
	ids(65534, 65534, 65532, "setgid(0)");
	if (setgid(65532))
		PTS_FAILED("setgid() back to the saved gid: %m");
	ids(65534, 65532, 65532, "setgid(65532) again");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "unprivileged setgid()");
	PTS_PASSED("only the effective gid, to the real or saved one; EPERM otherwise");
}
