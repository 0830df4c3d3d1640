// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A timer ID that was never returned by timer_create() is invalid:
 * timer_delete(), timer_gettime(), timer_settime() and
 * timer_getoverrun() fail with -1 [EINVAL] for it (Linux checks the ID
 * against the process's own timers). The IDs tried are those of the
 * first timers a process would get (0, 1), one far beyond and INT_MAX,
 * in a process that has created none; the itimerspec passed to
 * timer_gettime() is left untouched.
 */
#include <limits.h>
#include "pts_helpers.h"

int main(void)
{
	static const int ids[] = { 0, 1, 4711, INT_MAX };
	struct itimerspec its = { { 0, 0 }, { 1, 0 } }, cur;
	char what[64];
	unsigned int i;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		timer_t t = (timer_t)(long)ids[i];

		snprintf(what, sizeof(what), "timer_gettime(ID %d)", ids[i]);
		memset(&cur, 0x5a, sizeof(cur));
		PTS_EXPECT_ERRNO(timer_gettime(t, &cur), EINVAL, what);
		if (cur.it_value.tv_sec != 0x5a5a5a5a5a5a5a5aLL)
			PTS_FAILED("%s wrote its argument", what);
		snprintf(what, sizeof(what), "timer_settime(ID %d)", ids[i]);
		PTS_EXPECT_ERRNO(timer_settime(t, 0, &its, NULL), EINVAL, what);
		snprintf(what, sizeof(what), "timer_getoverrun(ID %d)", ids[i]);
		PTS_EXPECT_ERRNO(timer_getoverrun(t), EINVAL, what);
		snprintf(what, sizeof(what), "timer_delete(ID %d)", ids[i]);
		PTS_EXPECT_ERRNO(timer_delete(t), EINVAL, what);
	}
	PTS_PASSED("EINVAL from the four calls for IDs never created");
}
