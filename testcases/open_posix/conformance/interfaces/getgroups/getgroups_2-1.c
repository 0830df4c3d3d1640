// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getgroups() at the limit: {NGROUPS_MAX} (sysconf(), at least
 * _POSIX_NGROUPS_MAX) supplementary groups can be set, and getgroups()
 * then returns exactly that many, each set gid once (order not
 * specified); size {NGROUPS_MAX} - 1 is [EINVAL] with nothing written.
 * One group more than {NGROUPS_MAX} is refused by setgroups() with
 * [EINVAL], the list staying as it was. A forked child reads the same
 * full list.
 */
#include <limits.h>

#include "pts_helpers.h"

static long n;
static gid_t *l, *got;

static void check_full(const char *who)
{
	long i;
	int r;
	char *seen = calloc(n, 1);

	r = getgroups(0, NULL);
	if (r != n)
		PTS_FAILED("%s: getgroups(0) %d, %ld expected", who, r, n);
	r = getgroups(n, got);
	if (r != n)
		PTS_FAILED("%s: getgroups(%ld) %d: %m", who, n, r);
	for (i = 0; i < n; i++) {
		if (got[i] < 100000 || got[i] >= 100000 + n ||
		    seen[got[i] - 100000]++)
			PTS_FAILED("%s: entry %ld is %u (not set, or twice)", who,
				   i, (unsigned int)got[i]);
	}
	free(seen);
}

static int child(void)
{
	check_full("forked child");
	return PTS_PASS;
}

int main(void)
{
	long i;

	n = sysconf(_SC_NGROUPS_MAX);
	if (n < _POSIX_NGROUPS_MAX)
		PTS_FAILED("{NGROUPS_MAX} %ld below %d", n, _POSIX_NGROUPS_MAX);
	l = malloc((n + 1) * sizeof(*l));
	got = malloc((n + 1) * sizeof(*got));
	if (!l || !got)
		PTS_UNRES("malloc()");
	/* descending, so that an implementation that sorts has work */
	for (i = 0; i <= n; i++)
		l[i] = 100000 + n - i;
	if (setgroups(n, l + 1))
		PTS_FAILED("setgroups() of {NGROUPS_MAX} %ld groups: %m", n);
	check_full("main");
	got[0] = 7;
	PTS_EXPECT_ERRNO(getgroups(n - 1, got), EINVAL,
			 "getgroups() with a size one short");
	if (got[0] != 7)
		PTS_FAILED("getgroups() wrote into the buffer on EINVAL");
	PTS_EXPECT_ERRNO(setgroups(n + 1, l), EINVAL,
			 "setgroups() of {NGROUPS_MAX} + 1 groups");
	check_full("after the refused setgroups()");
	pts_run_child(child, "child");
	printf("{NGROUPS_MAX} %ld\n", n);
	PTS_PASSED("{NGROUPS_MAX} groups set and read back, one more EINVAL");
}
