// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setuid() privilege is the effective uid's, not the real one's: a
 * process with real 65534 and effective and saved 0 sets all three IDs
 * to 65533, and is unprivileged after (setuid(0) [EPERM]). Without
 * privileges the target must be the real or the saved uid; the current
 * effective uid is not enough: with real 65534, effective 65533, saved
 * 65532, setuid(65533) fails with [EPERM] and changes nothing, and
 * after setuid(65532) the former effective 65533 is [EPERM] too.
 */
#include "pts_helpers.h"

static void ids(uid_t r, uid_t e, uid_t s, const char *after)
{
	uid_t ur, ue, us;

	getresuid(&ur, &ue, &us);
	if (ur != r || ue != e || us != s)
		PTS_FAILED("after %s: real/effective/saved %d/%d/%d, expected %d/%d/%d",
			   after, (int)ur, (int)ue, (int)us, (int)r, (int)e, (int)s);
}

static int euid_root(void)
{
	if (setresuid(65534, 0, 0))
		PTS_UNRES("setresuid(): %m");
	if (setuid(65533))
		PTS_FAILED("setuid() with effective uid 0, real 65534: %m");
	ids(65533, 65533, 65533, "setuid(65533) by effective root");
	PTS_EXPECT_ERRNO(setuid(0), EPERM, "setuid(0) after giving up root");
	ids(65533, 65533, 65533, "setuid(0)");
	return PTS_PASS;
}

static int unpriv(void)
{
	if (setresuid(65534, 65533, 65532))
		PTS_UNRES("setresuid(): %m");
	PTS_EXPECT_ERRNO(setuid(65533), EPERM,
			 "setuid() to the effective uid that is neither real nor saved");
	ids(65534, 65533, 65532, "setuid(65533)");
	if (setuid(65532))
		PTS_FAILED("setuid() to the saved uid: %m");
	ids(65534, 65532, 65532, "setuid(65532)");
	PTS_EXPECT_ERRNO(setuid(65533), EPERM, "setuid() to the former effective uid");
	ids(65534, 65532, 65532, "the second setuid(65533)");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(euid_root, "real 65534, effective 0");
	pts_run_child(unpriv, "real 65534, effective 65533, saved 65532");
	PTS_PASSED("effective root is privileged; the effective uid alone is not a valid target");
}
